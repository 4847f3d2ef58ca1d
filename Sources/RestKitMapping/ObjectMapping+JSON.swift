public import RestKitCore

extension ObjectMapping {
    /// Writes `model` as JSON the way ``representation(of:options:)`` followed by a
    /// ``JSONWriter`` would, member by member, without building the representation (the
    /// tree and its release were over half the time of writing models out). Objects whose
    /// members are not one key per property, and delegating mappings, are built and written
    /// whole.
    func writeJSON(of model: Model, scope: MappingScope, into writer: inout JSONStreamWriter) throws(MappingError) {
        guard custom == nil, writesMembersInOrder else {
            writer.value(try representation(of: model, scope: scope))
            return
        }
        var scope = scope
        if let options { scope.options = options.merging(metadataFrom: scope.options) }
        writer.beginObject()
        for property in properties {
            // A source that is not a plain key (`@metadata…`) is not written, as in the tree.
            guard let key = property.memberKey else { continue }
            if let writeJSON = property.writeJSON {
                try writeJSON(model, scope, key, &writer)
            } else if let value = try property.read(model, scope) {
                writer.key(key)
                writer.value(value)
            }
        }
        writer.endObject()
    }

    /// Writes `models` as a JSON array (see ``writeJSON(of:scope:into:)``).
    func writeJSON(ofCollection models: [Model], scope: MappingScope, into writer: inout JSONStreamWriter) throws(MappingError) {
        writer.beginArray()
        for index in models.indices {
            try writeJSON(of: models[index], scope: scope.descending(into: String(index), from: .null), into: &writer)
        }
        writer.endArray()
    }

    /// Whether every property writes one member under its own key, no two the same key.
    static func writesMembersInOrder(_ properties: [PropertyMapping<Model>]) -> Bool {
        var keys: Set<String> = []
        keys.reserveCapacity(properties.count)
        for property in properties {
            guard let source = property.source else { return false }
            // Not a plain key path (`@metadata…`): not written at all.
            guard source.plainKeys != nil else { continue }
            // `memberKey` is set exactly when the plain key path has one key.
            guard let key = property.memberKey, keys.insert(key).inserted else { return false }
        }
        return true
    }
}

extension RequestMapping {
    /// The JSON of one model: the bytes `JSONWriter` writes for
    /// `representation(of:options:)`, written straight from the model.
    ///
    /// ```swift
    /// let body = try postMapping.inverse(rootKey: "post").json(of: post)   // {"post":{"title":…}}
    /// ```
    ///
    /// - Throws: ``MappingError`` when a property cannot be written (naming its key path), or
    ///   `SerializationError` for a value JSON cannot hold (a NaN, nesting past
    ///   `writer.maximumDepth`), naming its key path.
    public func json(of model: Model, options: MappingOptions = MappingOptions(), writer: JSONWriter = JSONWriter()) throws -> [UInt8] {
        try json(writer: writer) { () throws(MappingError) in
            try representation(of: model, options: options)
        } stream: { stream throws(MappingError) in
            try mapping.writeJSON(of: model, scope: MappingScope(root: .null, options: options), into: &stream)
        }
    }

    /// The JSON array of several models (see `json(of:options:writer:)` for one model).
    ///
    /// ```swift
    /// let body = try articleMapping.inverse().json(of: articles)   // [{"title":…},…]
    /// ```
    public func json(of models: [Model], options: MappingOptions = MappingOptions(), writer: JSONWriter = JSONWriter()) throws -> [UInt8] {
        try json(writer: writer) { () throws(MappingError) in
            try representation(of: models, options: options)
        } stream: { stream throws(MappingError) in
            try mapping.writeJSON(ofCollection: models, scope: MappingScope(root: .null, options: options), into: &stream)
        }
    }

    /// Streams the JSON; when the options need the whole value (sorted keys) or a value
    /// cannot be written, builds the representation and lets `writer` write it or throw
    /// its error with the key path.
    private func json(
        writer: JSONWriter,
        tree: () throws(MappingError) -> Representation,
        stream write: (inout JSONStreamWriter) throws(MappingError) -> Void
    ) throws -> [UInt8] {
        guard var stream = JSONStreamWriter(writer) else { return try writer.write(tree()) }
        if let rootKey {
            stream.beginObject()
            stream.key(rootKey)
        }
        try write(&stream)
        if rootKey != nil { stream.endObject() }
        guard !stream.failed else { return try writer.write(tree()) }
        return stream.output
    }
}
