/// The user of a status, as the map benchmarks read it from `twitter.json`: four of the
/// forty-odd fields. Mapped with ``TwitterFixture``'s `ObjectMapping` and decoded by
/// `JSONDecoder` / the Codable bridge through the same type.
struct TwitterUser: Codable, Equatable, Sendable {
    var id: Int64 = 0
    var screenName = ""
    var name = ""
    var followersCount = 0

    enum CodingKeys: String, CodingKey {
        case id, name
        case screenName = "screen_name"
        case followersCount = "followers_count"
    }
}
