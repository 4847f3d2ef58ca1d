import RestKitCore

extension ObjectMapping {
    /// A to-one relationship: the object at `source` mapped with `mapping`. A `nil` source
    /// maps the parent representation itself (to gather `latitude`/`longitude` into a
    /// `coordinate`).
    ///
    /// ```swift
    /// user.relationship("address", to: \.address, mapping: addressMapping)
    /// place.relationship(nil, to: \.coordinate, mapping: coordinateMapping)
    /// ```
    public mutating func relationship<Child>(_ source: String?, to destination: WritableKeyPath<Model, Child>, mapping: ObjectMapping<Child>) {
        nonisolated(unsafe) let destination = destination
        properties.append(Self.relationship(source, destination: destination, assign: { value, model, scope throws(MappingError) in
            guard let value else { return }
            guard !value.isNull else {
                throw MappingError(.missingValue, "null for a non-optional \(Child.self)", keyPath: scope.keyPath, value: value)
            }
            model[keyPath: destination] = try mapping.map(value, scope: scope)
        }, read: { model, scope throws(MappingError) in
            try mapping.representation(of: model[keyPath: destination], scope: scope)
        }))
    }

    /// An optional to-one relationship: `null` clears it.
    public mutating func relationship<Child>(_ source: String?, to destination: WritableKeyPath<Model, Child?>, mapping: ObjectMapping<Child>) {
        nonisolated(unsafe) let destination = destination
        properties.append(Self.relationship(source, destination: destination, assign: { value, model, scope throws(MappingError) in
            guard let value else {
                if scope.options.assignsNilForMissingKeys { model[keyPath: destination] = nil }
                return
            }
            model[keyPath: destination] = value.isNull ? nil : try mapping.map(value, scope: scope)
        }, read: { model, scope throws(MappingError) in
            guard let child = model[keyPath: destination] else {
                // `Representation` is nil-literal convertible: spell out "no value".
                return scope.options.writesNilAsNull ? Representation.null : Optional<Representation>.none
            }
            return try mapping.representation(of: child, scope: scope)
        }))
    }

    /// A to-many relationship into an array: each element at `source` mapped with
    /// `mapping` (a single object becomes a one-element array, `null` an empty one).
    ///
    /// ```swift
    /// project.relationship("tasks", to: \.tasks, mapping: taskMapping)
    /// ```
    public mutating func relationship<Child>(
        _ source: String?, to destination: WritableKeyPath<Model, [Child]>, mapping: ObjectMapping<Child>, policy: AssignmentPolicy = .set
    ) {
        nonisolated(unsafe) let destination = destination
        properties.append(Self.relationship(source, destination: destination, assign: { value, model, scope throws(MappingError) in
            guard let value else { return }
            let children = try mapping.mapCollection(value, scope: scope)
            switch policy {
            case .set, .replace: model[keyPath: destination] = children
            case .union: model[keyPath: destination].append(contentsOf: children)
            }
        }, read: { model, scope throws(MappingError) in
            try mapping.representation(ofCollection: model[keyPath: destination], scope: scope)
        }))
    }

    /// A to-many relationship from an object whose keys are data:
    /// `{"users": {"blake": {…}, "rachit": {…}}}` maps into an array of users, each receiving
    /// its key in `keyAttribute`; the inverse writes the object back keyed by that attribute.
    ///
    /// ```swift
    /// team.relationship("users", to: \.users, mapping: userMapping, keysInto: \.username)
    /// ```
    public mutating func relationship<Child>(
        _ source: String?, to destination: WritableKeyPath<Model, [Child]>, mapping: ObjectMapping<Child>,
        keysInto keyAttribute: WritableKeyPath<Child, String>
    ) {
        nonisolated(unsafe) let destination = destination
        nonisolated(unsafe) let keyAttribute = keyAttribute
        properties.append(Self.relationship(source, destination: destination, assign: { value, model, scope throws(MappingError) in
            guard let value else { return }
            model[keyPath: destination] = try mapping.mapDynamicKeys(value, keyAttribute: keyAttribute, scope: scope)
        }, read: { model, scope throws(MappingError) in
            var object = OrderedDictionary<String, Representation>()
            for child in model[keyPath: destination] {
                let key = child[keyPath: keyAttribute]
                object[key] = try mapping.representation(of: child, scope: scope.descending(into: key, from: .null))
            }
            return .object(object)
        }))
    }

    /// A to-many relationship into a set; `.union` merges with the objects already there.
    public mutating func relationship<Child: Hashable & SendableMetatype>(
        _ source: String?, to destination: WritableKeyPath<Model, Set<Child>>, mapping: ObjectMapping<Child>, policy: AssignmentPolicy = .set
    ) {
        nonisolated(unsafe) let destination = destination
        properties.append(Self.relationship(source, destination: destination, assign: { value, model, scope throws(MappingError) in
            guard let value else { return }
            let children = Set(try mapping.mapCollection(value, scope: scope))
            switch policy {
            case .set, .replace: model[keyPath: destination] = children
            case .union: model[keyPath: destination].formUnion(children)
            }
        }, read: { model, scope throws(MappingError) in
            try mapping.representation(ofCollection: Array(model[keyPath: destination]), scope: scope)
        }))
    }

    /// A relationship property: parses the source once; a bad key path fails every use.
    private static func relationship(
        _ sourceText: String?,
        destination: AnyKeyPath,
        assign: @escaping @Sendable (Representation?, inout Model, MappingScope) throws(MappingError) -> Void,
        read: @escaping @Sendable (Model, MappingScope) throws(MappingError) -> Representation?
    ) -> PropertyMapping<Model> {
        let parsed: Result<SourceKeyPath?, MappingError> = Result { () throws(MappingError) in try sourceText.map(SourceKeyPath.init) }
        return PropertyMapping(
            source: (try? parsed.get()) ?? nil,
            assign: { value, model, scope throws(MappingError) in
                if case .failure(let error) = parsed { throw error }
                try assign(value, &model, scope.descending(into: sourceText ?? "", from: scope.current))
            },
            read: { model, scope throws(MappingError) in
                try read(model, scope.descending(into: sourceText ?? "", from: .null))
            },
            destination: DestinationKeyPath(keyPath: destination)
        )
    }
}
