import Foundation
public import RestKitCore

/// Keeps mapped objects by identity so that mapping the same payload twice updates them
/// instead of creating duplicates (loading the same list of gists twice).
///
/// Conform a persistence layer to it, or use ``InMemoryObjectStore``.
public protocol ObjectStore<Model>: AnyObject {
    /// The type of the objects the store keeps.
    associatedtype Model
    /// The object with this identity (the values of the mapping's identification attributes).
    func object(identifiedBy identity: Representation) -> Model?
    /// Stores `object` under `identity`, replacing an object with the same identity.
    func store(_ object: Model, identifiedBy identity: Representation)
}

/// An ``ObjectStore`` in memory, safe to share between threads (a lock guards it).
///
/// ```swift
/// let store = InMemoryObjectStore<Gist>()
/// let first = try gistMapping.mapCollection(page, into: store)
/// let again = try gistMapping.mapCollection(page, into: store)   // same gists, updated
/// store.count   // not doubled
/// ```
public final class InMemoryObjectStore<Model>: ObjectStore, @unchecked Sendable {
    private let lock = NSLock()
    private var objects: [Model] = []
    private var positions: [Representation: Int] = [:]

    /// An empty store.
    public init() {}

    public func object(identifiedBy identity: Representation) -> Model? {
        lock.withLock { positions[identity].map { objects[$0] } }
    }

    public func store(_ object: Model, identifiedBy identity: Representation) {
        lock.withLock {
            if let position = positions[identity] {
                objects[position] = object
            } else {
                positions[identity] = objects.count
                objects.append(object)
            }
        }
    }

    /// Every stored object, in the order first stored.
    public var allObjects: [Model] { lock.withLock { objects } }

    /// How many objects are stored.
    public var count: Int { lock.withLock { objects.count } }
}

extension ObjectMapping {
    /// Maps one object into `store`: when the representation's identification attributes
    /// (``identificationAttributes``) match a stored object, that object is updated (a class
    /// in place, a struct by storing the updated copy); otherwise a new one is created and stored.
    ///
    /// - Throws: ``MappingError`` when the mapping has no identification attributes or the
    ///   representation lacks one of them.
    public func map(
        _ representation: Representation, into store: some ObjectStore<Model>, options: MappingOptions = MappingOptions()
    ) throws(MappingError) -> Model {
        try map(representation, into: store, scope: MappingScope(root: representation, options: options))
    }

    /// Maps each element of an array (or one object) into `store`, all or nothing: see
    /// `map(_:into:options:)` for how each element finds or creates its object.
    ///
    /// The mapped objects are staged, and stored only once every element has mapped: when an
    /// element fails (say the 4th of 10), the error is thrown and the store is left as it was,
    /// with none of the earlier elements stored or updated. While mapping, identity lookups
    /// see the staged objects first, so a payload naming the same object twice yields one
    /// stored object with the later values (the returned array has one model per element, as
    /// mapped at that element). Objects are stored in the order first named.
    ///
    /// A class model already in the store is the stored instance itself, so its element
    /// updates it in place; a failure later in the payload does not undo that (structs,
    /// stored by copy, are untouched).
    ///
    /// ```swift
    /// let store = InMemoryObjectStore<Gist>()
    /// let gists = try gistMapping.mapCollection(page, into: store)   // all stored, or none
    /// do {
    ///     _ = try gistMapping.mapCollection(pageWithABadElement, into: store)
    /// } catch {
    ///     store.count   // as before: nothing from that page was stored
    /// }
    /// ```
    ///
    /// - Throws: ``MappingError`` for the first element that fails (its key path starts with
    ///   the element's index), with nothing stored.
    public func mapCollection(
        _ representation: Representation, into store: some ObjectStore<Model>, options: MappingOptions = MappingOptions()
    ) throws(MappingError) -> [Model] {
        let scope = MappingScope(root: representation, options: options)
        guard let elements = representation.arrayValue else { return [try map(representation, into: store, scope: scope)] }
        var staged = StagedObjects<Model>()
        var models: [Model] = []
        models.reserveCapacity(elements.count)
        for (index, element) in elements.enumerated() {
            var elementScope = scope
            elementScope.collectionIndex = index
            elementScope.keyPath = String(index)
            let identity = try self.identity(of: element, scope: elementScope)
            let model: Model
            if var known = staged.object(identifiedBy: identity) ?? store.object(identifiedBy: identity) {
                try apply(element, to: &known, scope: elementScope)
                model = known
            } else {
                model = try map(element, scope: elementScope)
            }
            staged.stage(model, identifiedBy: identity)
            models.append(model)
        }
        for (identity, model) in staged.inOrder { store.store(model, identifiedBy: identity) }
        return models
    }

    private func map(_ representation: Representation, into store: some ObjectStore<Model>, scope: MappingScope) throws(MappingError) -> Model {
        let identity = try self.identity(of: representation, scope: scope)
        guard var model = store.object(identifiedBy: identity) else {
            let model = try map(representation, scope: scope)
            store.store(model, identifiedBy: identity)
            return model
        }
        try apply(representation, to: &model, scope: scope)
        store.store(model, identifiedBy: identity)
        return model
    }

    /// The values of the identification attributes, as one array.
    private func identity(of representation: Representation, scope: MappingScope) throws(MappingError) -> Representation {
        guard !identificationAttributes.isEmpty else {
            throw MappingError(.custom, "the mapping for \(Model.self) names no identification attributes", keyPath: scope.keyPath)
        }
        var values: [Representation] = []
        for attribute in identificationAttributes {
            guard let value = representation[keyPath: attribute], !value.isNull else {
                throw MappingError(.missingValue, "no identification attribute '\(attribute)'", keyPath: KeyPathText.join(scope.keyPath, attribute))
            }
            values.append(value.materialized())
        }
        return .array(values)
    }
}

/// The objects ``ObjectMapping/mapCollection(_:into:options:)`` has mapped but not stored yet,
/// by identity, in the order first staged.
private struct StagedObjects<Model> {
    private var identities: [Representation] = []
    private var models: [Model] = []
    private var positions: [Representation: Int] = [:]

    func object(identifiedBy identity: Representation) -> Model? {
        positions[identity].map { models[$0] }
    }

    mutating func stage(_ model: Model, identifiedBy identity: Representation) {
        if let position = positions[identity] {
            models[position] = model
        } else {
            positions[identity] = models.count
            identities.append(identity)
            models.append(model)
        }
    }

    /// Each identity with its latest model, in the order first staged.
    var inOrder: Zip2Sequence<[Representation], [Model]> { zip(identities, models) }
}
