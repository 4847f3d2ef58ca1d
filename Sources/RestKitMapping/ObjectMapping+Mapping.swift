public import RestKitCore

extension ObjectMapping {
    /// Maps `representation` (an object) into a new model.
    ///
    /// ```swift
    /// let user = try userMapping.map(try YAJLParser().parse(bytes))
    /// ```
    ///
    /// - Throws: ``MappingError`` for the first value that cannot be mapped, with its key path.
    public func map(_ representation: Representation, options: MappingOptions = MappingOptions()) throws(MappingError) -> Model {
        try map(representation, scope: MappingScope(root: representation, options: options))
    }

    /// Maps `representation` into an existing model, changing only what the representation holds.
    ///
    /// ```swift
    /// try userMapping.map(patch, into: &user)
    /// ```
    public func map(_ representation: Representation, into model: inout Model, options: MappingOptions = MappingOptions()) throws(MappingError) {
        let scope = MappingScope(root: representation, options: options)
        if let custom {
            model = try custom.map(representation, scope)
        } else {
            try apply(representation, to: &model, scope: scope)
        }
    }

    /// Maps `representation`, adding elements that a dynamic mapping declined (skipped) to `report`.
    ///
    /// ```swift
    /// let report = MappingReport()
    /// let people = try peopleMapping.mapCollection(document, options: options, report: report)
    /// report.issues   // the declined elements, with their key paths
    /// ```
    public func mapCollection(
        _ representation: Representation, options: MappingOptions = MappingOptions(), report: MappingReport
    ) throws(MappingError) -> [Model] {
        try mapCollection(representation, scope: MappingScope(root: representation, options: options, report: report))
    }

    /// Maps each element of an array (or a single object) into new models.
    public func mapCollection(_ representation: Representation, options: MappingOptions = MappingOptions()) throws(MappingError) -> [Model] {
        try mapCollection(representation, scope: MappingScope(root: representation, options: options))
    }

    func map(_ representation: Representation, scope: MappingScope) throws(MappingError) -> Model {
        if let custom { return try custom.map(representation, scope) }
        guard let create else {
            throw MappingError(.custom, "the mapping for \(Model.self) cannot create models", keyPath: scope.keyPath)
        }
        var model = create()
        try apply(representation, to: &model, scope: scope)
        return model
    }

    func mapCollection(_ representation: Representation, scope: MappingScope) throws(MappingError) -> [Model] {
        if representation.isNull { return [] }
        guard let elements = representation.arrayValue else { return [try map(representation, scope: scope)] }
        var models: [Model] = []
        models.reserveCapacity(elements.count)
        for (index, element) in elements.enumerated() {
            var elementScope = scope
            elementScope.collectionIndex = index
            elementScope.keyPath = KeyPathText.join(scope.keyPath, String(index))
            do {
                models.append(try map(element, scope: elementScope))
            } catch where error.errorType == .declined {
                // A dynamic mapping chose nothing for this element: skip it, and report it.
                scope.report.issues.append(error)
            }
        }
        return models
    }

    /// Maps an object whose keys are data (`{"blake": {…}, "rachit": {…}}`) into models,
    /// each receiving its key in `keyAttribute`.
    func mapDynamicKeys(
        _ representation: Representation, keyAttribute: WritableKeyPath<Model, String>, scope: MappingScope
    ) throws(MappingError) -> [Model] {
        if representation.isNull { return [] }
        guard let members = representation.objectValue else {
            throw MappingError.cannotConvert(representation, to: [Model].self, keyPath: scope.keyPath, detail: "expected an object keyed by data")
        }
        var models: [Model] = []
        models.reserveCapacity(members.count)
        for (index, (key, value)) in members.enumerated() {
            var elementScope = scope
            elementScope.collectionIndex = index
            elementScope.keyPath = KeyPathText.join(scope.keyPath, key)
            var model = try map(value, scope: elementScope)
            model[keyPath: keyAttribute] = key
            models.append(model)
        }
        return models
    }

    func apply(_ representation: Representation, to model: inout Model, scope: MappingScope) throws(MappingError) {
        var scope = scope
        if let options { scope.options = options.merging(metadataFrom: scope.options) }
        if readsKeys && representation.kind != .object {
            throw MappingError.cannotConvert(representation, to: Model.self, keyPath: scope.keyPath, detail: "expected an object")
        }
        scope.current = representation
        guard let (tape, values) = lookupPlan?.resolve(in: representation) else {
            for property in properties {
                try assign(property, from: representation, to: &model, scope: scope)
            }
            return
        }
        // A count range, not `enumerated()` or `indices`: unspecialised, those went through
        // protocol witnesses and generic metadata lookups for every property.
        for index in 0..<properties.count {
            let property = properties[index]
            let value = values[index]
            if value >= 0 {
                try property.assign(Representation(tape: tape, index: value), &model, scope)
            } else if value == SourceLookupPlan.missing {
                try property.assign(nil, &model, scope)
            } else {
                try assign(property, from: representation, to: &model, scope: scope)
            }
        }
    }

    /// Assigns one property from the value at its source in `representation`.
    @inline(__always)
    private func assign(
        _ property: PropertyMapping<Model>, from representation: Representation, to model: inout Model, scope: MappingScope
    ) throws(MappingError) {
        // Attributes report their key within this scope; relationships descend themselves.
        let value = property.source.map { $0.value(in: representation, scope: scope) } ?? representation
        try property.assign(value, &model, scope)
    }

    // MARK: The inverse direction

    /// The representation of `model`: each property written at its source key path
    /// (nested keys become nested objects). Properties read through collection operators
    /// or scopes (`@count`, `@parent`, …) are left out.
    ///
    /// ```swift
    /// let body = try userMapping.representation(of: user)   // {"id": 1, "name": "Blake", …}
    /// ```
    public func representation(of model: Model, options: MappingOptions = MappingOptions()) throws(MappingError) -> Representation {
        try representation(of: model, scope: MappingScope(root: .null, options: options))
    }

    func representation(of model: Model, scope: MappingScope) throws(MappingError) -> Representation {
        if let custom {
            guard let representation = try custom.representation(model, scope) else {
                throw MappingError(.declined, "no mapping can write a \(type(of: model))", keyPath: scope.keyPath)
            }
            return representation
        }
        var scope = scope
        if let options { scope.options = options.merging(metadataFrom: scope.options) }
        var object = OrderedDictionary<String, Representation>(minimumCapacity: properties.count)
        for property in properties {
            guard let source = property.source else {
                // The whole representation: its members merge into this object.
                if let members = try property.read(model, scope)?.objectValue {
                    for (key, value) in members { object[key] = value }
                }
                continue
            }
            guard let keys = source.plainKeys, let value = try property.read(model, scope) else {
                continue
            }
            if keys.count == 1, let key = keys.first {
                object[key] = value
            } else {
                Representation.set(value, at: keys, in: &object)
            }
        }
        return .object(object)
    }

    func representation(ofCollection models: [Model], scope: MappingScope) throws(MappingError) -> Representation {
        var elements: [Representation] = []
        elements.reserveCapacity(models.count)
        for index in models.indices {
            elements.append(try representation(of: models[index], scope: scope.descending(into: String(index), from: .null)))
        }
        return .array(elements)
    }

    /// A request mapping: this mapping in the model → representation direction, optionally
    /// nesting the result under `rootKey` (`{"post": {…}}`).
    ///
    /// ```swift
    /// let body = try postMapping.inverse(rootKey: "post").representation(of: post)
    /// let json = try Registry.default.serialize(body, as: .json)
    /// ```
    public func inverse(rootKey: String? = nil) -> RequestMapping<Model> {
        RequestMapping(mapping: self, rootKey: rootKey)
    }
}

extension MappingOptions {
    /// These options with the operation's metadata (per-mapping options do not drop it).
    func merging(metadataFrom operation: MappingOptions) -> MappingOptions {
        var merged = self
        if merged.metadata.objectValue?.isEmpty ?? true { merged.metadata = operation.metadata }
        return merged
    }
}

/// Turns models into representations for request bodies: an ``ObjectMapping`` used in
/// reverse, optionally nested under a root key.
///
/// ```swift
/// let request = postMapping.inverse(rootKey: "post")
/// let body = try request.representation(of: post)      // {"post": {"title": …}}
/// let form = try Registry.default.serialize(body, as: .formURLEncoded)   // post[title]=…
/// ```
public struct RequestMapping<Model>: Sendable {
    /// The mapping whose source key paths become the written keys.
    public let mapping: ObjectMapping<Model>
    /// The key the representation is nested under, if any.
    public var rootKey: String?

    /// A request mapping; write one directly when requests differ from responses.
    public init(mapping: ObjectMapping<Model>, rootKey: String? = nil) {
        self.mapping = mapping
        self.rootKey = rootKey
    }

    /// The representation of one model.
    public func representation(of model: Model, options: MappingOptions = MappingOptions()) throws(MappingError) -> Representation {
        nest(try mapping.representation(of: model, options: options))
    }

    /// The representation of several models, as an array.
    public func representation(of models: [Model], options: MappingOptions = MappingOptions()) throws(MappingError) -> Representation {
        nest(try mapping.representation(ofCollection: models, scope: MappingScope(root: .null, options: options)))
    }

    private func nest(_ value: Representation) -> Representation {
        guard let rootKey else { return value }
        return .object([rootKey: value])
    }
}
