import Foundation
import RestKit

/// One document shape the `map` and `serialize` groups know (Twitter statuses, catalog
/// events): how to read its models with each subject and baseline, and how to write them
/// back. Every reading path reads the same fields into the same model type, so setup can
/// check that they agree.
///
/// ```swift
/// let fixture = TwitterFixture()
/// let models = try fixture.map(YAJLParser().parse(text: json))
/// let same = try fixture.decode(Data(json.utf8))
/// ```
protocol MappingFixture {
    /// The model read and written.
    associatedtype Model: Codable & Equatable

    /// Whether `document` has this fixture's shape (by file name).
    static func reads(_ document: Document) -> Bool

    /// The models, read with RestKit's `ObjectMapping` from a parsed document.
    func map(_ document: Representation) throws -> [Model]

    /// The models, read with RestKit's `RepresentationDecoder` (the Codable bridge).
    func bridge(_ document: Representation) throws -> [Model]

    /// The models, read with Foundation's `JSONDecoder` from the JSON bytes.
    func decode(_ data: Data) throws -> [Model]

    /// The models as a representation, through the inverse of the mapping (dates in ISO 8601).
    func representation(of models: [Model]) throws -> Representation

    /// The models as JSON, written straight from the inverse of the mapping
    /// (`RequestMapping.json(of:)`): the same bytes as ``representation(of:)`` serialized.
    func json(of models: [Model]) throws -> [UInt8]

    /// The models as JSON, with Foundation's `JSONEncoder` (dates in ISO 8601).
    func encode(_ models: [Model]) throws -> Data

    /// `models` in a fixed order, to compare results that come in different orders
    /// (a decoded `Dictionary` has none).
    func canonical(_ models: [Model]) -> [Model]

    /// A few fields of `model`, for messages when results disagree.
    func summary(_ model: Model) -> String
}
