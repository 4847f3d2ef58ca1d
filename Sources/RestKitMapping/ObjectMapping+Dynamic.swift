public import RestKitCore

extension ObjectMapping {
    /// A mapping that picks the concrete mapping per representation with `choose`;
    /// returning `nil` declines the value (in a collection it is skipped and reported).
    ///
    /// ```swift
    /// let person = ObjectMapping<Person>.dynamic { representation in
    ///     representation["age"] == nil ? childMapping.erased(to: Person.self) : adultMapping.erased(to: Person.self)
    /// }
    /// ```
    ///
    /// For the inverse direction every mapping `choose` returned so far cannot be known,
    /// so pass the candidates: the first that can write a model is used.
    public static func dynamic(
        candidates: [ObjectMapping<Model>] = [], _ choose: @escaping @Sendable (Representation) -> ObjectMapping<Model>?
    ) -> ObjectMapping<Model> {
        ObjectMapping(delegating: Custom(
            map: { representation, scope throws(MappingError) in
                guard let chosen = choose(representation) else {
                    throw MappingError(.declined, "no mapping chosen for this \(representation.kind)", keyPath: scope.keyPath, value: representation)
                }
                return try chosen.map(representation, scope: scope)
            },
            representation: { model, scope throws(MappingError) in
                try firstRepresentation(of: model, candidates: candidates, scope: scope)
            }
        ))
    }

    /// A mapping chosen by the value at `keyPath` (`"type": "Boy"` → the boy mapping); numbers
    /// match by their text (`1` matches `"1"`). A value not in the table declines the element.
    ///
    /// ```swift
    /// let person = ObjectMapping<Person>.dynamic(on: "type", [
    ///     "Boy": boyMapping.erased(to: Person.self),
    ///     "Girl": girlMapping.erased(to: Person.self),
    /// ])
    /// ```
    public static func dynamic(on keyPath: String, _ table: KeyValuePairs<String, ObjectMapping<Model>>) -> ObjectMapping<Model> {
        let parsed: Result<SourceKeyPath, MappingError> = Result { () throws(MappingError) in try SourceKeyPath(keyPath) }
        let entries = Array(table)
        let candidates = entries.map(\.1)
        return ObjectMapping(delegating: Custom(
            map: { representation, scope throws(MappingError) in
                let source = try parsed.get()
                let value = source.value(in: representation, scope: scope)
                let text = value?.stringValue ?? value?.numberText
                guard let text, let chosen = entries.first(where: { $0.0 == text })?.1 else {
                    let found = value.map { "\($0)" } ?? "nothing"
                    throw MappingError(
                        .declined, "no mapping for \(keyPath) \(found); known: \(entries.map(\.0).joined(separator: ", "))",
                        keyPath: scope.keyPath, value: representation)
                }
                return try chosen.map(representation, scope: scope)
            },
            representation: { model, scope throws(MappingError) in
                try firstRepresentation(of: model, candidates: candidates, scope: scope)
            }
        ))
    }

    /// This mapping as a mapping of a supertype or protocol `Base` (for dynamic mappings
    /// over class hierarchies or protocols). Its inverse writes only models that are `Model`s.
    ///
    /// ```swift
    /// let anyPerson: ObjectMapping<any Person> = boyMapping.erased(to: (any Person).self)
    /// ```
    public func erased<Base>(to type: Base.Type) -> ObjectMapping<Base> {
        let mapping = self
        return ObjectMapping<Base>(delegating: ObjectMapping<Base>.Custom(
            map: { representation, scope throws(MappingError) in
                let model = try mapping.map(representation, scope: scope)
                guard let base = model as? Base else {
                    throw MappingError(.custom, "\(Model.self) is not a \(Base.self)", keyPath: scope.keyPath)
                }
                return base
            },
            representation: { base, scope throws(MappingError) in
                guard let model = base as? Model else { return nil }
                return try mapping.representation(of: model, scope: scope)
            }
        ))
    }

    private static func firstRepresentation(
        of model: Model, candidates: [ObjectMapping<Model>], scope: MappingScope
    ) throws(MappingError) -> Representation? {
        for candidate in candidates {
            if let custom = candidate.custom {
                if let representation = try custom.representation(model, scope) { return representation }
            } else {
                return try candidate.representation(of: model, scope: scope)
            }
        }
        return nil
    }

    /// A mapping that delegates everything to `custom`.
    init(delegating custom: Custom) {
        create = nil
        self.custom = custom
    }
}
