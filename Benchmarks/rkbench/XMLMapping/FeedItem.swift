/// One item of an RSS 2.0 feed: the model every XML → models path of the `xml-map` group
/// produces (RestKit's XML parser and mapping, XMLCoder, SWXMLHash), compared for equality
/// before anything is timed.
///
/// ```swift
/// let item = FeedItem(title: "Liftoff", link: "http://liftoff.example.com/news/1")
/// ```
struct FeedItem: Equatable, Sendable {
    var title = ""
    var link = ""
    var description = ""
    /// `content:encoded` (CDATA in the generated feed).
    var content: String?
    var pubDate: String?
    /// `dc:creator`.
    var creator: String?
    var categories: [FeedCategory] = []
    var enclosure: FeedEnclosure?
    /// `itunes:duration`.
    var duration: String?
    /// The text of `guid` (its `isPermaLink` attribute is not kept).
    var guid: String?
}

/// `<category domain="…">name</category>`.
struct FeedCategory: Equatable, Sendable {
    var name = ""
    var domain: String?
}

/// `<enclosure url="…" length="…" type="…"/>`.
struct FeedEnclosure: Equatable, Sendable {
    var url = ""
    var length = 0
    var type = ""
}
