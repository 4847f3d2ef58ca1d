import RestKitCore
import RestKitMapping

/// The elements of several documents gathered into one array for one store operation, and
/// the way back from an element's index to its document and its key path there.
struct SeedBatch: Sendable {
    /// Where an element came from, made into a key path only for an error.
    private struct Origin: Sendable {
        var document: Int
        /// The element's index in the array at the root key path, or in the document's top
        /// array (with ``inner`` for an array found in one of its elements).
        var outer: Int?
        var inner: Int?
    }

    let rootKeyPath: String?
    private(set) var elements: [Representation] = []
    private var origins: [Origin] = []
    private var names: [String] = []
    /// Whether each document is an array whose elements hold the root key path.
    private var perElement: [Bool] = []
    private(set) var counts: [Int] = []
    private(set) var empty: [String] = []

    init(rootKeyPath: String?) {
        self.rootKeyPath = rootKeyPath.flatMap { $0.isEmpty ? nil : $0 }
    }

    /// Adds the objects of `document`.
    mutating func add(_ document: SeedDocument) throws(SeedError) {
        let index = names.count
        names.append(document.name)
        let before = elements.count
        let root = document.value
        if let rootKeyPath, root.kind == .array, root[keyPath: rootKeyPath] == nil, let items = root.arrayValue {
            // Key-value coding over an array: the value at the key path in each element.
            perElement.append(true)
            for (outer, item) in items.enumerated() {
                guard let value = item[keyPath: rootKeyPath], !value.isNull else { continue }
                if let nested = value.arrayValue {
                    for (inner, element) in nested.enumerated() {
                        elements.append(element)
                        origins.append(Origin(document: index, outer: outer, inner: inner))
                    }
                } else {
                    elements.append(value)
                    origins.append(Origin(document: index, outer: outer, inner: nil))
                }
            }
        } else {
            perElement.append(false)
            let value = rootKeyPath.map { root[keyPath: $0] } ?? root
            if let value, !value.isNull {
                switch value.kind {
                case .array:
                    for (outer, element) in (value.arrayValue ?? []).enumerated() {
                        elements.append(element)
                        origins.append(Origin(document: index, outer: outer, inner: nil))
                    }
                case .object:
                    elements.append(value)
                    origins.append(Origin(document: index, outer: nil, inner: nil))
                default:
                    throw SeedError(
                        .noObjects, "expected an object or an array of objects, found \(value.kind) \(value.description.prefix(40))",
                        file: document.name, keyPath: rootKeyPath)
                }
            }
        }
        counts.append(elements.count - before)
        if elements.count == before { empty.append(document.name) }
    }

    /// Replaces each element by `body(element)`; a mapping error is located as a store error
    /// of `entity` would be.
    mutating func transform(entity: String, _ body: (Representation) throws(MappingError) -> Representation) throws(SeedError) {
        for index in elements.indices {
            do {
                elements[index] = try body(elements[index])
            } catch {
                var located = error
                located.keyPath = error.keyPath.isEmpty ? String(index) : "\(index).\(error.keyPath)"
                throw locate(StoreError(.mapping, error.reason, entity: entity, keyPath: located.keyPath, mappingError: located))
            }
        }
    }

    /// `error` with its key path (`"7.id"`, counted across all documents) turned into the
    /// document and the key path in it (`"articles.2.id"`).
    func locate(_ error: StoreError) -> SeedError {
        let reason = [error.entity, error.reason].compactMap { $0 }.joined(separator: ": ")
        guard let keyPath = error.keyPath, !keyPath.isEmpty else {
            return SeedError(.store, reason, storeError: error)
        }
        let head = keyPath.prefix { $0 != "." }
        let rest = keyPath.dropFirst(head.count).drop { $0 == "." }
        guard let position = Int(head), origins.indices.contains(position) else {
            return SeedError(.store, reason, keyPath: keyPath, storeError: error)
        }
        let origin = origins[position]
        var parts: [String] = []
        if perElement[origin.document] {
            parts.append(origin.outer.map(String.init) ?? "")
            parts.append(rootKeyPath ?? "")
            parts.append(origin.inner.map(String.init) ?? "")
        } else {
            parts.append(rootKeyPath ?? "")
            parts.append(origin.outer.map(String.init) ?? "")
        }
        parts.append(String(rest))
        let located = parts.filter { !$0.isEmpty }.joined(separator: ".")
        return SeedError(.store, reason, file: names[origin.document], keyPath: located, storeError: error)
    }
}
