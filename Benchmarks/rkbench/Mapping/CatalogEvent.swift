/// One value of `citm_catalog.json`'s `events` object (keyed by id), as the map
/// benchmarks read it: six of its nine fields, two of them nullable.
struct CatalogEvent: Codable, Equatable, Sendable {
    var id = 0
    var name = ""
    var description: String?
    var logo: String?
    var subTopicIds: [Int] = []
    var topicIds: [Int] = []
}
