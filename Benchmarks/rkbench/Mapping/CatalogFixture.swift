import Foundation
import RestKit

/// `citm_catalog.json` (and `generated-citm_catalog.json`): the values of the `events`
/// object (id → event) into ``CatalogEvent`` models. The mapping maps each value in
/// document order; `JSONDecoder` and the bridge decode a `[String: CatalogEvent]`.
///
/// ```swift
/// let events = try CatalogFixture().map(YAJLParser().parse(bytes))
/// ```
struct CatalogFixture: MappingFixture {
    /// The part of the catalog that `JSONDecoder` and the bridge decode.
    private struct Catalog: Decodable {
        var events: [String: CatalogEvent]
    }

    /// The mapping of one event.
    let eventMapping: ObjectMapping<CatalogEvent>
    private let request: RequestMapping<CatalogEvent>
    private let decoder = JSONDecoder()
    private let bridgeDecoder = RepresentationDecoder()
    private let encoder: JSONEncoder

    /// Builds the mapping and the Foundation coders once.
    init() {
        eventMapping = ObjectMapping(CatalogEvent.init) { event in
            event.map("id", to: \.id)
            event.map("name", to: \.name)
            event.map("description", to: \.description)
            event.map("logo", to: \.logo)
            event.map("subTopicIds", to: \.subTopicIds)
            event.map("topicIds", to: \.topicIds)
        }
        request = eventMapping.inverse()
        encoder = JSONEncoder()
        encoder.outputFormatting = .withoutEscapingSlashes  // logos are paths; JSONSerializer does not escape '/'
    }

    static func reads(_ document: Document) -> Bool {
        document.format == .json && document.name.hasSuffix("citm_catalog.json")
    }

    func map(_ document: Representation) throws -> [CatalogEvent] {
        guard let events = document["events"]?.objectValue else { throw BaselineError("no 'events' object") }
        var models: [CatalogEvent] = []
        models.reserveCapacity(events.count)
        for event in events.values {
            models.append(try eventMapping.map(event))
        }
        return models
    }

    func bridge(_ document: Representation) throws -> [CatalogEvent] {
        Array(try bridgeDecoder.decode(Catalog.self, from: document).events.values)
    }

    func decode(_ data: Data) throws -> [CatalogEvent] {
        Array(try decoder.decode(Catalog.self, from: data).events.values)
    }

    func representation(of models: [CatalogEvent]) throws -> Representation {
        try request.representation(of: models)
    }

    func json(of models: [CatalogEvent]) throws -> [UInt8] {
        try request.json(of: models)
    }

    func encode(_ models: [CatalogEvent]) throws -> Data {
        try encoder.encode(models)
    }

    func canonical(_ models: [CatalogEvent]) -> [CatalogEvent] {
        models.sorted { $0.id < $1.id }
    }

    func summary(_ model: CatalogEvent) -> String {
        "id \(model.id), name \(model.name), logo \(model.logo ?? "null"), topicIds \(model.topicIds)"
    }
}
