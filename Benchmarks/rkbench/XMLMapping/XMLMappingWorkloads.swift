import Foundation
import SWXMLHash
import XMLCoder

/// Subject `libxml2+mapping`: RestKit's XML parser and an `ObjectMapping` into ``FeedItem``s.
///
/// ```swift
/// let workload = FeedMappingWorkload(document: document)
/// _ = try workload.run()   // the item count
/// ```
struct FeedMappingWorkload: Workload {
    let name = "libxml2+mapping"
    let document: Document
    let mapping = FeedMapping()

    func run() throws -> Int {
        try mapping.items(in: document.bytes).count
    }
}

/// A peer's way from the feed's bytes to the same ``FeedItem``s, timed as a baseline:
/// `XMLCoder` (CoreOffice/XMLCoder's `XMLDecoder`, on Foundation's `XMLParser`) or
/// `SWXMLHash` (drmohundro/SWXMLHash's full, not lazy, parse and its
/// `XMLObjectDeserialization`). Its models are compared with RestKit's when the harness first
/// asks for ``skipReason``; a peer that differs is skipped, not compared.
///
/// ```swift
/// let workload = FeedPeerWorkload.xmlCoder(document: document, expected: FeedExpectation(document: document))
/// _ = try workload.run()   // the item count
/// ```
final class FeedPeerWorkload: Workload {
    let name: String
    let document: Document
    private let expected: FeedExpectation
    private let items: (Data) throws -> [FeedItem]

    init(name: String, document: Document, expected: FeedExpectation, items: @escaping (Data) throws -> [FeedItem]) {
        self.name = name
        self.document = document
        self.expected = expected
        self.items = items
    }

    /// XMLCoder, with text kept as written (`trimValueWhitespaces` off), as RestKit and SWXMLHash
    /// keep it: XMLCoder otherwise trims each piece of text XMLParser hands it, dropping the
    /// space between `</p>` and `<a` in an escaped description.
    static func xmlCoder(document: Document, expected: FeedExpectation) -> FeedPeerWorkload {
        FeedPeerWorkload(name: "XMLCoder", document: document, expected: expected) { data in
            try XMLDecoder(trimValueWhitespaces: false).decode(XMLCoderFeed.self, from: data).channel.item
        }
    }

    /// SWXMLHash's full parse and `XMLObjectDeserialization`.
    static func swXMLHash(document: Document, expected: FeedExpectation) -> FeedPeerWorkload {
        FeedPeerWorkload(name: "SWXMLHash", document: document, expected: expected) { data in
            try XMLHash.parse(data)["rss"]["channel"]["item"].value()
        }
    }

    lazy var skipReason: String? = Self.check(expected.items) { [document, items] in try items(document.data) }

    func run() throws -> Int {
        try items(document.data).count
    }
}

/// RestKit's models of a feed, computed on first use (so that a run filtered to other groups
/// never maps the feed), shared by the peers that compare with them.
final class FeedExpectation {
    private let document: Document
    private var computed: [FeedItem]??

    init(document: Document) {
        self.document = document
    }

    /// The models, or `nil` when RestKit's own mapping fails.
    var items: [FeedItem]? {
        if let computed { return computed }
        let items = try? FeedMapping().items(in: document.bytes)
        computed = .some(items)
        return items
    }
}

extension Workload {
    /// `nil` when `produce` gives `expected` (RestKit's models), else why the row is skipped.
    static func check(_ expected: [FeedItem]?, _ produce: () throws -> [FeedItem]) -> String? {
        guard let expected else { return "skipped (RestKit's own mapping failed)" }
        do {
            let items = try produce()
            guard items.count == expected.count else { return "skipped (\(items.count) items, RestKit maps \(expected.count))" }
            if let index = items.indices.first(where: { items[$0] != expected[$0] }) {
                return "skipped (item \(index) differs: \(items[index]) vs \(expected[index]))"
            }
            return nil
        } catch {
            return "skipped (\(error))"
        }
    }
}
