import Foundation

/// One status of `twitter.json`, as the map benchmarks read it: six of its fields, the
/// date in Twitter's format, and the user.
struct TwitterStatus: Codable, Equatable, Sendable {
    var id: Int64 = 0
    var text = ""
    var createdAt = Date(timeIntervalSince1970: 0)
    var retweetCount = 0
    var favorited = false
    var user = TwitterUser()

    enum CodingKeys: String, CodingKey {
        case id, text, favorited, user
        case createdAt = "created_at"
        case retweetCount = "retweet_count"
    }
}
