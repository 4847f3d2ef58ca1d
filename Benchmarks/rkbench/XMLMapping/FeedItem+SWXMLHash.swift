import SWXMLHash

/// The item as SWXMLHash deserializes it (its `XMLObjectDeserialization` protocol, the
/// library's way to models).
extension FeedItem: XMLObjectDeserialization {
    static func deserialize(_ node: XMLIndexer) throws -> FeedItem {
        FeedItem(
            title: try node["title"].value(), link: try node["link"].value(), description: try node["description"].value(),
            content: try node["content:encoded"].value(), pubDate: try node["pubDate"].value(),
            creator: try node["dc:creator"].value(), categories: try node["category"].value(),
            enclosure: try node["enclosure"].value(), duration: try node["itunes:duration"].value(),
            guid: try node["guid"].value())
    }
}

extension FeedCategory: XMLObjectDeserialization {
    static func deserialize(_ node: XMLIndexer) throws -> FeedCategory {
        FeedCategory(name: node.element?.text ?? "", domain: node.value(ofAttribute: "domain"))
    }
}

extension FeedEnclosure: XMLObjectDeserialization {
    static func deserialize(_ node: XMLIndexer) throws -> FeedEnclosure {
        FeedEnclosure(url: try node.value(ofAttribute: "url"), length: try node.value(ofAttribute: "length"), type: try node.value(ofAttribute: "type"))
    }
}
