import Foundation
import RestKit

/// `twitter.json` (and `generated-twitter.json`): the `statuses` array into
/// ``TwitterStatus`` models, `created_at` read with ``TwitterDate`` by every path and
/// written as ISO 8601 by both serializers.
///
/// ```swift
/// let statuses = try TwitterFixture().map(YAJLParser().parse(bytes))
/// ```
struct TwitterFixture: MappingFixture {
    /// The part of a search response that `JSONDecoder` and the bridge decode.
    private struct SearchResponse: Decodable {
        var statuses: [TwitterStatus]
    }

    /// The mapping of one status (with its user).
    let statusMapping: ObjectMapping<TwitterStatus>
    private let request: RequestMapping<TwitterStatus>
    private let decoder: JSONDecoder
    private let bridgeDecoder: RepresentationDecoder
    private let encoder: JSONEncoder

    /// Builds the mappings and the Foundation coders once.
    init() {
        let userMapping = ObjectMapping(TwitterUser.init) { user in
            user.map("id", to: \.id)
            user.map("screen_name", to: \.screenName)
            user.map("name", to: \.name)
            user.map("followers_count", to: \.followersCount)
        }
        statusMapping = ObjectMapping(TwitterStatus.init) { status in
            status.map("id", to: \.id)
            status.map("text", to: \.text)
            status.map("created_at", to: \.createdAt, transform: .twitterInISO8601Out)
            status.map("retweet_count", to: \.retweetCount)
            status.map("favorited", to: \.favorited)
            status.relationship("user", to: \.user, mapping: userMapping)
        }
        request = statusMapping.inverse()
        decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let text = try decoder.singleValueContainer().decode(String.self)
            guard let date = TwitterDate.date(from: text) else {
                throw DecodingError.dataCorrupted(DecodingError.Context(
                    codingPath: decoder.codingPath, debugDescription: "not a Twitter date: \(text)"))
            }
            return date
        }
        bridgeDecoder = RepresentationDecoder(dateDecodingStrategy: .custom { value in
            guard let date = DateFormat.twitter.date(from: value) else {
                throw BaselineError("not a Twitter date: \(value)")
            }
            return date
        })
        encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = .withoutEscapingSlashes  // as JSONSerializer writes by default
    }

    static func reads(_ document: Document) -> Bool {
        document.format == .json && document.name.hasSuffix("twitter.json")
    }

    func map(_ document: Representation) throws -> [TwitterStatus] {
        guard let statuses = document["statuses"] else { throw BaselineError("no 'statuses' key") }
        return try statusMapping.mapCollection(statuses)
    }

    func bridge(_ document: Representation) throws -> [TwitterStatus] {
        try bridgeDecoder.decode(SearchResponse.self, from: document).statuses
    }

    func decode(_ data: Data) throws -> [TwitterStatus] {
        try decoder.decode(SearchResponse.self, from: data).statuses
    }

    func representation(of models: [TwitterStatus]) throws -> Representation {
        try request.representation(of: models)
    }

    func json(of models: [TwitterStatus]) throws -> [UInt8] {
        try request.json(of: models)
    }

    func encode(_ models: [TwitterStatus]) throws -> Data {
        try encoder.encode(models)
    }

    func canonical(_ models: [TwitterStatus]) -> [TwitterStatus] { models }

    func summary(_ model: TwitterStatus) -> String {
        "id \(model.id), created_at \(model.createdAt), user @\(model.user.screenName)"
    }
}
