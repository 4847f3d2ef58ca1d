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

/// Baseline `XMLCoder`: CoreOffice/XMLCoder's `XMLDecoder` (on Foundation's `XMLParser`) into
/// the same models.
final class XMLCoderFeedWorkload: Workload {
    let name = "XMLCoder"
    let document: Document
    private let expected: FeedExpectation

    init(document: Document, expected: FeedExpectation) {
        self.document = document
        self.expected = expected
    }

    /// Set when the models differ from RestKit's (the row is then skipped, not compared);
    /// checked once, when the harness first asks.
    lazy var skipReason: String? = Self.check(expected.items) { [document] in try Self.items(in: document.data) }

    /// Text is kept as written (`trimValueWhitespaces` off), as RestKit and SWXMLHash keep
    /// it: XMLCoder otherwise trims each piece of text XMLParser hands it, dropping the space
    /// between `</p>` and `<a` in an escaped description.
    static func items(in data: Data) throws -> [FeedItem] {
        let decoder = XMLDecoder(trimValueWhitespaces: false)
        return try decoder.decode(XMLCoderFeed.self, from: data).channel.item
    }

    func run() throws -> Int {
        try Self.items(in: document.data).count
    }
}

/// Baseline `SWXMLHash`: drmohundro/SWXMLHash's full (not lazy) parse and its
/// `XMLObjectDeserialization` into the same models.
final class SWXMLHashFeedWorkload: Workload {
    let name = "SWXMLHash"
    let document: Document
    private let expected: FeedExpectation

    init(document: Document, expected: FeedExpectation) {
        self.document = document
        self.expected = expected
    }

    lazy var skipReason: String? = Self.check(expected.items) { [document] in try Self.items(in: document.data) }

    static func items(in data: Data) throws -> [FeedItem] {
        try XMLHash.parse(data)["rss"]["channel"]["item"].value()
    }

    func run() throws -> Int {
        try Self.items(in: document.data).count
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
