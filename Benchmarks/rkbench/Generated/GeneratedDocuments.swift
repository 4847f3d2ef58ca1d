/// The embedded documents used when no corpus folder is available (or with `--generated`):
/// deterministic stand-ins of the shared corpus shapes, generated at start-up from a
/// fixed-seed ``SplitMix64``.
///
/// | name | shape | size |
/// |---|---|---|
/// | `generated-twitter.json` | ``TwitterLikeDocument`` | ~630 KB |
/// | `generated-citm_catalog.json` | ``CatalogLikeDocument`` | ~1.7 MB |
/// | `generated-canada.json` | ``GeoJSONLikeDocument`` | ~2.2 MB |
/// | `generated-feed.xml` | ``FeedLikeDocument`` | ~600 KB |
/// | `generated-xmark_auction.xml` | ``AuctionLikeDocument`` | ~2 MB |
///
/// ```swift
/// let documents = GeneratedDocuments.all()
/// ```
enum GeneratedDocuments {
    /// The fixed PRNG seed: every run generates the same bytes.
    static let seed: UInt64 = 0x5EED_2026

    /// Every generated document, JSON first. Each has its own generator stream, so changing
    /// one generator leaves the others' bytes alone.
    static func all() -> [Document] {
        generators.indices.map(document(at:))
    }

    /// The generated document called `name` alone (the same bytes ``all()`` gives it), or `nil`.
    ///
    /// ```swift
    /// GeneratedDocuments.document(named: "generated-feed.xml")?.bytes.count   // about 600 KB
    /// ```
    static func document(named name: String) -> Document? {
        generators.firstIndex { $0.0 == name }.map(document(at:))
    }

    private static var generators: [(String, Document.Format, (inout SplitMix64) -> [UInt8])] {
        [
            ("generated-twitter.json", .json, TwitterLikeDocument.generate),
            ("generated-citm_catalog.json", .json, CatalogLikeDocument.generate),
            ("generated-canada.json", .json, GeoJSONLikeDocument.generate),
            ("generated-feed.xml", .xml, FeedLikeDocument.generate),
            ("generated-xmark_auction.xml", .xml, AuctionLikeDocument.generate),
        ]
    }

    private static func document(at index: Int) -> Document {
        let (name, format, generate) = generators[index]
        var random = SplitMix64(seed: seed &+ UInt64(index))
        return Document(name: name, format: format, bytes: generate(&random))
    }
}
