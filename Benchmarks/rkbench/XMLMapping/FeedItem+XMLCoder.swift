import XMLCoder

/// The feed as XMLCoder decodes it: the root element's content (`<rss>`'s `channel`), then
/// each item with its own `init(from:)` (attributes and child elements are keys alike; an
/// element's text is the key `""`).
struct XMLCoderFeed: Decodable {
    struct Channel: Decodable {
        let item: [FeedItem]
    }

    let channel: Channel
}

extension FeedItem: Decodable {
    private enum CodingKeys: String, CodingKey {
        case title, link, description, pubDate, category, enclosure, guid
        case content = "content:encoded"
        case creator = "dc:creator"
        case duration = "itunes:duration"
    }

    /// `<guid isPermaLink="false">text</guid>`.
    private struct GUID: Decodable {
        let value: String
        enum CodingKeys: String, CodingKey { case value = "" }
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        title = try container.decode(String.self, forKey: .title)
        link = try container.decode(String.self, forKey: .link)
        description = try container.decode(String.self, forKey: .description)
        content = try container.decodeIfPresent(String.self, forKey: .content)
        pubDate = try container.decodeIfPresent(String.self, forKey: .pubDate)
        creator = try container.decodeIfPresent(String.self, forKey: .creator)
        categories = try container.decodeIfPresent([FeedCategory].self, forKey: .category) ?? []
        enclosure = try container.decodeIfPresent(FeedEnclosure.self, forKey: .enclosure)
        duration = try container.decodeIfPresent(String.self, forKey: .duration)
        guid = try container.decodeIfPresent(GUID.self, forKey: .guid)?.value
    }
}

extension FeedCategory: Decodable {
    private enum CodingKeys: String, CodingKey {
        case name = ""
        case domain
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decode(String.self, forKey: .name)
        domain = try container.decodeIfPresent(String.self, forKey: .domain)
    }
}

extension FeedEnclosure: Decodable {
    private enum CodingKeys: String, CodingKey {
        case url, length, type
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        url = try container.decode(String.self, forKey: .url)
        length = try container.decode(Int.self, forKey: .length)
        type = try container.decode(String.self, forKey: .type)
    }
}
