/// The embedded documents used when no corpus folder is available (or with `--generated`).
enum GeneratedDocuments {
    /// The fixed PRNG seed: every run generates the same bytes.
    static let seed: UInt64 = 0x5EED_2026

    /// Every generated document, JSON first.
    static func all() -> [Document] {
        []
    }
}
