import RestKitMapping

/// Builds the entities of a declared mapping in dependency order: an entity's relationships
/// and connections need the ``EntityMapping``s of the entities they name, so those are built
/// first (once each); a cycle of relationships is refused.
struct DeclaredEntityBuilder {
    let drafts: [DeclaredEntityDraft]
    private var built: [String: DeclaredEntity] = [:]

    init(drafts: [DeclaredEntityDraft]) {
        self.drafts = drafts
    }

    /// The entity called `name`, built (after the entities it names); `chain` is the path of
    /// relationships that led here, to name a cycle.
    mutating func build(_ name: String, via chain: [String]) throws(DeclarationError) -> DeclaredEntity {
        if let entity = built[name] { return entity }
        guard let draft = drafts.first(where: { $0.name == name }) else {
            throw DeclarationFields.invalid("entities", "no entity '\(name)'")  // callers check names first
        }
        let chain = chain + [name]
        func destination(_ other: String, at path: String) throws(DeclarationError) -> DeclaredEntity {
            guard drafts.contains(where: { $0.name == other }) else {
                throw DeclarationFields.invalid(path, "no entity '\(other)' (declared: \(drafts.map(\.name).joined(separator: ", ")))")
            }
            if chain.contains(other) {
                throw DeclarationFields.invalid(
                    path, "relationships and connections form a cycle (\((chain + [other]).joined(separator: " → "))): "
                        + "an entity is built after those it names, so drop one direction")
            }
            return try build(other, via: chain)
        }

        var relationships: [Relationship] = []
        var related: [DeclaredEntity.Related] = []
        for relationship in draft.relationships {
            let target = try destination(relationship.entity, at: relationship.entityPath)
            switch relationship.kind {
            case .toOne: relationships.append(.toOne(relationship.keyPath, target.entity, foreignKey: relationship.storageName))
            case .toMany:
                relationships.append(.toMany(relationship.keyPath, target.entity, foreignKey: relationship.storageName, policy: relationship.policy))
            case .manyToMany:
                relationships.append(.manyToMany(relationship.keyPath, target.entity, joinTable: relationship.storageName, policy: relationship.policy))
            }
            related.append(DeclaredEntity.Related(keyPath: relationship.keyPath, entity: target))
        }
        var connections: [Connection] = []
        for connection in draft.connections {
            // Built with the memberwise initializer: the public factories take KeyValuePairs,
            // which only a literal can make.
            var target: EntitySchema?
            if let other = connection.entity, other != draft.name {
                target = try destination(other, at: connection.entityPath).entity.schema
            }
            connections.append(Connection(keyPath: connection.keyPath, isToMany: connection.isToMany, attributes: connection.attributes, destination: target))
        }

        var mapping = StoredObject.mapping(
            for: draft.columns, dateFormats: draft.dateFormats,
            related: draft.relationships.map(\.keyPath) + draft.connections.map(\.keyPath))
        mapping.identificationAttributes = draft.identification
        let entity: EntityMapping<StoredObject>
        do {
            entity = try EntityMapping(
                mapping, table: draft.table, entityName: draft.name, columns: draft.columns, modificationAttribute: draft.modification,
                searchable: draft.searchable, stopWords: Set(draft.stopWords), relationships: relationships, connections: connections)
        } catch {
            let field = error.keyPath.flatMap { draft.fieldPaths[$0] } ?? draft.path
            throw DeclarationError(.invalidEntity, error.reason, field: field, storeError: error)
        }
        let declared = DeclaredEntity(
            name: draft.name, rootKeyPath: draft.rootKeyPath, entity: entity, dateFormats: draft.dateFormats, related: related)
        built[name] = declared
        return declared
    }
}
