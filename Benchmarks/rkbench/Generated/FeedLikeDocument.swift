/// An RSS 2.0 feed with Atom, Dublin Core, iTunes and `content:` extensions: a channel of
/// items with escaped HTML descriptions, CDATA bodies, repeated categories, enclosures with
/// attributes and mixed-script text. About 600 KB.
enum FeedLikeDocument {
    /// Generates the document.
    static func generate(_ random: inout SplitMix64) -> [UInt8] {
        var xml = XMLTextWriter()
        xml.open("rss", attributes: [
            ("version", "2.0"), ("xmlns:atom", "http://www.w3.org/2005/Atom"),
            ("xmlns:dc", "http://purl.org/dc/elements/1.1/"),
            ("xmlns:content", "http://purl.org/rss/1.0/modules/content/"),
            ("xmlns:itunes", "http://www.itunes.com/dtds/podcast-1.0.dtd"),
        ])
        xml.open("channel")
        xml.element("title", text: "Liftoff News — ニュース")
        xml.element("link", text: "http://liftoff.example.com/")
        xml.element("description", text: "Liftoff to Space Exploration & more")
        xml.element("language", text: "en-us")
        xml.element("atom:link", attributes: [
            ("href", "http://liftoff.example.com/rss.xml"), ("rel", "self"), ("type", "application/rss+xml"),
        ])
        xml.element("itunes:category", attributes: [("text", "Technology")])
        var itemNumber = 0
        while xml.bytes.count < 600_000 {
            itemNumber += 1
            xml.open("item")
            xml.element("title", text: random.words(random.int(in: 3...9), from: Vocabulary.english).capitalized)
            xml.element("link", text: "http://liftoff.example.com/news/\(itemNumber)")
            let paragraph = Vocabulary.message(&random)
            xml.element("description", text: "<p>\(paragraph)</p> <a href=\"http://example.com/?a=1&b=2\">more</a>")
            xml.open("content:encoded")
            xml.raw("<![CDATA[<div><h2>\(random.words(4, from: Vocabulary.english))</h2><p>"
                + random.words(random.int(in: 40...120), from: Vocabulary.english) + "</p></div>]]>")
            xml.close("content:encoded")
            xml.element("pubDate", text: "Tue, \(random.int(in: 10...28)) Jun 2003 09:\(random.int(in: 10...59)):01 GMT")
            xml.element("dc:creator", text: Vocabulary.fullName(&random))
            for _ in 0..<random.int(in: 1...4) {
                xml.element("category", attributes: [("domain", "http://liftoff.example.com/tags")],
                            text: random.pick(Vocabulary.english))
            }
            if random.chance(0.3) {
                xml.element("enclosure", attributes: [
                    ("url", "http://liftoff.example.com/media/\(itemNumber).mp3"),
                    ("length", String(random.int(in: 100_000...90_000_000))), ("type", "audio/mpeg"),
                ])
                xml.element("itunes:duration", text: "00:\(random.int(in: 10...59)):\(random.int(in: 10...59))")
            }
            xml.element("guid", attributes: [("isPermaLink", "false")], text: "urn:uuid:\(random.next())")
            xml.close("item")
        }
        xml.close("channel")
        xml.close("rss")
        return xml.bytes
    }
}

extension String {
    /// The first letter in upper case.
    fileprivate var capitalized: String {
        prefix(1).uppercased() + dropFirst()
    }
}
