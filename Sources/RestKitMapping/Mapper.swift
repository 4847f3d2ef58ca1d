public import RestKitCore

/// Maps a whole document with several mappings at several key paths in one call.
///
/// ```swift
/// var mapper = Mapper()
/// mapper.add(articleMapping, at: "articles")
/// mapper.add(metaMapping, at: "meta")
/// let result = try mapper.map(document)
/// let articles = result.objects(of: Article.self)
/// result.objects(at: "meta").first
/// ```
///
/// An array at a key path maps element by element: an element that fails is reported in
/// ``MappingResult/errors`` with its key path and does not lose the elements that mapped.
/// When no key path matches the document, the error says which key paths were searched and
/// which keys the document has.
public struct Mapper: Sendable {
    private struct Entry: Sendable {
        let keyPath: String?
        let source: SourceKeyPath?
        let parseError: MappingError?
        let map: @Sendable (Representation, MappingScope) throws(MappingError) -> Any
    }

    private var entries: [Entry] = []
    /// Options for every mapping run by this mapper.
    public var options: MappingOptions

    /// An empty mapper.
    public init(options: MappingOptions = MappingOptions()) {
        self.options = options
    }

    /// Maps the value at `keyPath` (`nil`: the document itself) with `mapping`.
    public mutating func add<Model>(_ mapping: ObjectMapping<Model>, at keyPath: String?) {
        let parsed: Result<SourceKeyPath?, MappingError> = Result { () throws(MappingError) in try keyPath.map(SourceKeyPath.init) }
        let parseError: MappingError? = if case .failure(let error) = parsed { error } else { nil }
        entries.append(Entry(keyPath: keyPath, source: (try? parsed.get()) ?? nil, parseError: parseError) { value, scope throws(MappingError) in
            try mapping.map(value, scope: scope)
        })
    }

    /// Maps `document`.
    ///
    /// - Throws: ``MappingError`` (`.unmappableDocument`) when no key path matched, or the
    ///   key-path error of a malformed key path. Errors of individual objects are collected
    ///   in the result instead.
    public func map(_ document: Representation) throws(MappingError) -> MappingResult {
        var result = MappingResult()
        var matched = false
        let report = MappingReport()
        for entry in entries {
            if let error = entry.parseError { throw error }
            let scope = MappingScope(root: document, options: options, report: report)
            let value = entry.source.map { $0.value(in: document, scope: scope) } ?? document
            guard let value, !value.isNull else { continue }
            matched = true
            let path = entry.keyPath ?? ""
            var entryScope = scope
            entryScope.keyPath = path
            if let elements = value.arrayValue {
                for (index, element) in elements.enumerated() {
                    var elementScope = entryScope
                    elementScope.parent = value
                    elementScope.collectionIndex = index
                    elementScope.keyPath = KeyPathText.join(path, String(index))
                    do {
                        result.append(try entry.map(element, elementScope), at: entry.keyPath)
                    } catch {
                        result.errors.append(error)
                    }
                }
            } else {
                do {
                    result.append(try entry.map(value, entryScope), at: entry.keyPath)
                } catch {
                    result.errors.append(error)
                }
            }
        }
        result.errors.append(contentsOf: report.issues)
        guard matched else {
            let searched = entries.map { $0.keyPath ?? "(root)" }.joined(separator: ", ")
            let keys = document.objectValue.map { $0.keys.joined(separator: ", ") } ?? "none (the document is \(document.kind == .array ? "an" : "a") \(document.kind))"
            throw MappingError(.unmappableDocument, "no mappable key path: searched \(searched); the document has keys \(keys)", keyPath: "")
        }
        return result
    }

    /// Parses `bytes` with the registry's parser for `mediaType`, then maps the document.
    public func map<Bytes: Sequence<UInt8>>(_ bytes: Bytes, as mediaType: MediaType, using registry: Registry) throws -> MappingResult {
        try map(registry.parse(bytes, as: mediaType))
    }
}

/// What a ``Mapper`` produced: every object, the objects per key path, and the errors of
/// objects that could not be mapped.
public struct MappingResult {
    /// Every mapped object, in mapping order.
    public private(set) var objects: [Any] = []
    /// Errors of individual objects, each with its key path.
    public var errors: [MappingError] = []
    private var byKeyPath: [String: [Any]] = [:]

    /// An empty result (no objects, no errors), for a response without content.
    public init() {}

    mutating func append(_ object: Any, at keyPath: String?) {
        objects.append(object)
        byKeyPath[keyPath ?? "", default: []].append(object)
    }

    /// The objects mapped at `keyPath` (`nil`: the document root).
    public func objects(at keyPath: String?) -> [Any] {
        byKeyPath[keyPath ?? ""] ?? []
    }

    /// The objects of one type.
    ///
    /// ```swift
    /// let articles = result.objects(of: Article.self)
    /// ```
    public func objects<Model>(of type: Model.Type) -> [Model] {
        objects.compactMap { $0 as? Model }
    }

    /// The first object.
    public var first: Any? { objects.first }

    /// How many objects were mapped.
    public var count: Int { objects.count }
}
