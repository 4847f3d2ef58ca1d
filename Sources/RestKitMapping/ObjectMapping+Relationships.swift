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
        let access = PropertyAccess(destination)
        properties.append(Self.relationship(source, destination: access.keyPath, assign: { value, model, scope throws(MappingError) in
            guard let value else { return }
            guard !value.isNull else {
                throw MappingError(.missingValue, "null for a non-optional \(Child.self)", keyPath: scope.keyPath, value: value)
            }
            access.set(try mapping.map(value, scope: scope), in: &model)
        }, read: { model, scope throws(MappingError) in
            try mapping.representation(of: access.get(model), scope: scope)
        }, writeJSON: { model, scope, key, writer throws(MappingError) in
            writer.key(key)
            try mapping.writeJSON(of: access.get(model), scope: scope, into: &writer)
        }))
    }

    /// An optional to-one relationship: `null` clears it.
    public mutating func relationship<Child>(_ source: String?, to destination: WritableKeyPath<Model, Child?>, mapping: ObjectMapping<Child>) {
        let access = PropertyAccess(destination)
        properties.append(Self.relationship(source, destination: access.keyPath, assign: { value, model, scope throws(MappingError) in
            guard let value else {
                if scope.options.assignsNilForMissingKeys { access.set(nil, in: &model) }
                return
            }
            access.set(value.isNull ? nil : try mapping.map(value, scope: scope), in: &model)
        }, read: { model, scope throws(MappingError) in
            guard let child = access.get(model) else {
                // `Representation` is nil-literal convertible: spell out "no value".
                return scope.options.writesNilAsNull ? Representation.null : Optional<Representation>.none
            }
            return try mapping.representation(of: child, scope: scope)
        }, writeJSON: { model, scope, key, writer throws(MappingError) in
            guard let child = access.get(model) else {
                if scope.options.writesNilAsNull {
                    writer.key(key)
                    writer.value(.null)
                }
                return
            }
            writer.key(key)
            try mapping.writeJSON(of: child, scope: scope, into: &writer)
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
        let access = PropertyAccess(destination)
        properties.append(Self.relationship(source, destination: access.keyPath, assign: { value, model, scope throws(MappingError) in
            guard let value else { return }
            let children = try mapping.mapCollection(value, scope: scope)
            switch policy {
            case .set, .replace: access.set(children, in: &model)
            case .union: model[keyPath: access.keyPath].append(contentsOf: children)
            }
        }, read: { model, scope throws(MappingError) in
            try mapping.representation(ofCollection: access.get(model), scope: scope)
        }, writeJSON: { model, scope, key, writer throws(MappingError) in
            writer.key(key)
            try mapping.writeJSON(ofCollection: access.get(model), scope: scope, into: &writer)
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
        let access = PropertyAccess(destination)
        let keyAccess = PropertyAccess(keyAttribute)
        properties.append(Self.relationship(source, destination: access.keyPath, assign: { value, model, scope throws(MappingError) in
            guard let value else { return }
            access.set(try mapping.mapDynamicKeys(value, keyAttribute: keyAccess.keyPath, scope: scope), in: &model)
        }, read: { model, scope throws(MappingError) in
            var object = OrderedDictionary<String, Representation>()
            for child in access.get(model) {
                let key = keyAccess.get(child)
                object[key] = try mapping.representation(of: child, scope: scope.descending(into: key, from: .null))
            }
            return .object(object)
        }))
    }

    /// A to-many relationship into a set; `.union` merges with the objects already there.
    public mutating func relationship<Child: Hashable & SendableMetatype>(
        _ source: String?, to destination: WritableKeyPath<Model, Set<Child>>, mapping: ObjectMapping<Child>, policy: AssignmentPolicy = .set
    ) {
        let access = PropertyAccess(destination)
        properties.append(Self.relationship(source, destination: access.keyPath, assign: { value, model, scope throws(MappingError) in
            guard let value else { return }
            let children = Set(try mapping.mapCollection(value, scope: scope))
            switch policy {
            case .set, .replace: access.set(children, in: &model)
            case .union: model[keyPath: access.keyPath].formUnion(children)
            }
        }, read: { model, scope throws(MappingError) in
            try mapping.representation(ofCollection: Array(access.get(model)), scope: scope)
        }, writeJSON: { model, scope, key, writer throws(MappingError) in
            writer.key(key)
            try mapping.writeJSON(ofCollection: Array(access.get(model)), scope: scope, into: &writer)
        }))
    }

    /// A relationship property: parses the source once; a bad key path fails every use.
    /// `writeJSON` writes the member (key and value) straight to JSON, as `read` would.
    private static func relationship(
        _ sourceText: String?,
        destination: AnyKeyPath,
        assign: @escaping @Sendable (Representation?, inout Model, MappingScope) throws(MappingError) -> Void,
        read: @escaping @Sendable (Model, MappingScope) throws(MappingError) -> Representation?,
        writeJSON: (@Sendable (Model, MappingScope, String, inout JSONStreamWriter) throws(MappingError) -> Void)? = nil
    ) -> PropertyMapping<Model> {
        let parsed: Result<SourceKeyPath?, MappingError> = Result { () throws(MappingError) in try sourceText.map(SourceKeyPath.init) }
        var writeMember: (@Sendable (Model, MappingScope, String, inout JSONStreamWriter) throws(MappingError) -> Void)?
        if let writeJSON {
            writeMember = { model, scope, key, writer throws(MappingError) in
                try writeJSON(model, scope.descending(into: sourceText ?? "", from: .null), key, &writer)
            }
        }
        return PropertyMapping(
            source: (try? parsed.get()) ?? nil,
            assign: { value, model, scope throws(MappingError) in
                if case .failure(let error) = parsed { throw error }
                try assign(value, &model, scope.descending(into: sourceText ?? "", from: scope.current))
            },
            read: { model, scope throws(MappingError) in
                try read(model, scope.descending(into: sourceText ?? "", from: .null))
            },
            writeJSON: writeMember,
            destination: DestinationKeyPath(keyPath: destination)
        )
    }
}
