import RestKit

/// RestKit's way from an RSS document to ``FeedItem``s: `LibXML2Parser` (attributes and child
/// elements become keys, an element's text `"text"` beside them), then an `ObjectMapping` of
/// `rss.channel.item`.
///
/// ```swift
/// let items = try FeedMapping().items(in: document.bytes)
/// ```
struct FeedMapping: Sendable {
    let parser = LibXML2Parser()
    let itemMapping: ObjectMapping<FeedItem>

    init() {
        let category = ObjectMapping({ FeedCategory() }) { category in
            category.map("text", to: \.name)
            category.map("domain", to: \.domain)
        }
        let enclosure = ObjectMapping({ FeedEnclosure() }) { enclosure in
            enclosure.map("url", to: \.url)
            enclosure.map("length", to: \.length)
            enclosure.map("type", to: \.type)
        }
        itemMapping = ObjectMapping({ FeedItem() }) { item in
            item.map("title", to: \.title)
            item.map("link", to: \.link)
            item.map("description", to: \.description)
            item.map("content:encoded", to: \.content)
            item.map("pubDate", to: \.pubDate)
            item.map("dc:creator", to: \.creator)
            item.relationship("category", to: \.categories, mapping: category)
            item.relationship("enclosure", to: \.enclosure, mapping: enclosure)
            item.map("itunes:duration", to: \.duration)
            item.map("guid.text", to: \.guid)
        }
    }

    /// Whether `document` is a feed of this shape (the generated one: every item's `guid` has
    /// an attribute, every category a domain).
    static func reads(_ document: Document) -> Bool {
        document.format == .xml && document.name == "generated-feed.xml"
    }

    /// Parses `bytes` and maps the channel's items.
    func items(in bytes: [UInt8]) throws -> [FeedItem] {
        let document = try bytes.withUnsafeBytes { try parser.parse($0) }
        guard let items = document[keyPath: "rss.channel.item"] else { throw BaselineError("no rss.channel.item") }
        return try itemMapping.mapCollection(items)
    }
}
