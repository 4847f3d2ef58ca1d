import RestKitCore

/// How one model type is read from a representation — and written back.
///
/// Declared once, with Swift key paths; the same mapping maps responses into models and,
/// through ``representation(of:options:)`` or ``inverse(rootKey:)``, models into request bodies.
///
/// ```swift
/// struct User { var id = 0; var name = ""; var birthdate: Date?; var city: String?; var friends: [User] = [] }
///
/// let userMapping = ObjectMapping(User.init) { user in
///     user.map("id", to: \.id)
///     user.map("name", to: \.name)
///     user.map("birthdate", to: \.birthdate)            // "11/27/1982" → Date, by the property's type
///     user.map("address.city", to: \.city)              // nested source
/// }
/// .hasMany("friends", \.friends, mapping: ObjectMapping(User.init) { $0.map("name", to: \.name) })
///
/// let blake = try userMapping.map(document)
/// let body = try userMapping.inverse(rootKey: "user").representation(of: blake)
/// ```
///
/// Types are converted by the destination property's type (see ``RepresentationConvertible``);
/// a value that cannot be converted is a ``MappingError`` naming the key path, the value and
/// the type — never a silent zero. A missing key leaves the property as it is (unless
/// ``MappingOptions/assignsNilForMissingKeys``); `null` clears an optional and is an error
/// for a non-optional property.
public struct ObjectMapping<Model>: Sendable {
    /// Makes new models; `nil` for mappings that delegate (``dynamic(_:)``, ``erased(to:)``).
    let create: (@Sendable () -> Model)?
    var properties: [PropertyMapping<Model>] = [] {
        didSet {
            readsKeys = properties.contains { $0.source != nil }
            writesMembersInOrder = Self.writesMembersInOrder(properties)
            let plan = SourceLookupPlan(sources: properties.map(\.source))
            lookupPlan = plan.isUseful ? plan : nil
        }
    }
    /// Finds the values of the properties' plain-key sources with one pass per object.
    private(set) var lookupPlan: SourceLookupPlan?
    /// Whether some property reads a key (so the value mapped must be an object).
    private(set) var readsKeys = false
    /// Whether the inverse writes each property as one member under its own key, so JSON can
    /// be written property by property (see ``writeJSON(of:scope:into:)``); otherwise the
    /// object is built first (nested or merged keys, or a key two properties write).
    private(set) var writesMembersInOrder = true
    /// Set for mappings that delegate the whole work (dynamic and type-erased mappings).
    var custom: Custom?

    /// Whole-value mapping in both directions, for delegating mappings.
    struct Custom: Sendable {
        let map: @Sendable (Representation, MappingScope) throws(MappingError) -> Model
        /// `nil` when this mapping cannot write the model (another candidate may).
        let representation: @Sendable (Model, MappingScope) throws(MappingError) -> Representation?
    }
    /// Options for this mapping and the ones nested in it (for example its own date formats);
    /// `nil` uses the options of the operation.
    public var options: MappingOptions?
    /// Source keys whose values identify an object (`["id"]`), for mapping into an
    /// ``ObjectStore`` without duplicates.
    public var identificationAttributes: [String] = []
    /// Applied to the keys of ``map(keys:)`` (e.g. ``KeyTransformation/snakeCase``).
    public var keyTransformation: KeyTransformation?

    /// A mapping that makes each new model with `create` (a class's or struct's initializer).
    ///
    /// ```swift
    /// let mapping = ObjectMapping(Article.init) { article in
    ///     article.map("title", to: \.title)
    /// }
    /// ```
    public init(_ create: @escaping @Sendable () -> Model, _ configure: (inout ObjectMapping<Model>) -> Void = { _ in }) {
        self.create = create
        configure(&self)
    }

    // MARK: Attributes

    /// Maps the value at `source` (a dotted key path, see ``SourceKeyPath``) to a property.
    ///
    /// An invalid key path (an unknown `@operator`) makes every use of the mapping fail with
    /// `.invalidKeyPath`, naming it.
    public mutating func map<Value: RepresentationConvertible>(
        _ source: String, to destination: WritableKeyPath<Model, Value>, transform: Transform<Value>? = nil
    ) {
        properties.append(Self.attribute(source, destination, transform))
    }

    /// Maps the whole representation being mapped (a `nil` source key path) to a property —
    /// for mapping an array of strings into objects that each hold one of them.
    public mutating func mapValue<Value: RepresentationConvertible>(to destination: WritableKeyPath<Model, Value>) {
        properties.append(Self.attribute(nil, destination, nil))
    }

    /// Maps many attributes at once. Each key path must be writable and lead to a
    /// ``RepresentationConvertible`` value; one that does not makes the mapping fail with
    /// `.invalidKeyPath`, naming its source key.
    ///
    /// ```swift
    /// mapping.map(["id": \User.id, "name": \User.name, "website": \User.website])
    /// ```
    public mutating func map(_ attributes: KeyValuePairs<String, PartialKeyPath<Model>>) {
        for (source, destination) in attributes {
            properties.append(Self.attribute(source, erased: destination))
        }
    }

    /// Maps properties whose source keys are their names run through ``keyTransformation``
    /// (`"createdAt"` reads `"created_at"` with ``KeyTransformation/snakeCase``).
    ///
    /// ```swift
    /// mapping.keyTransformation = .snakeCase
    /// mapping.map(keys: ["createdAt": \Post.createdAt, "title": \Post.title])
    /// ```
    public mutating func map(keys attributes: KeyValuePairs<String, PartialKeyPath<Model>>) {
        for (name, destination) in attributes {
            properties.append(Self.attribute(keyTransformation?.apply(name) ?? name, erased: destination))
        }
    }

    /// An attribute from a type-erased key path, recovering its value type at run time.
    private static func attribute(_ source: String, erased destination: PartialKeyPath<Model>) -> PropertyMapping<Model> {
        if let attribute = destination as? any AttributeKeyPath<Model> {
            return attribute.propertyMapping(source: source).mapping
        }
        let error = MappingError(
            .invalidKeyPath, "the destination for '\(source)' is not a writable key path to a RepresentationConvertible value",
            keyPath: source)
        return PropertyMapping(source: nil, assign: { _, _, _ throws(MappingError) in throw error }, read: { _, _ in nil })
    }

    static func attribute<Value: RepresentationConvertible>(
        _ sourceText: String?, _ destination: WritableKeyPath<Model, Value>, _ transform: Transform<Value>?
    ) -> PropertyMapping<Model> {
        let parsed: Result<SourceKeyPath?, MappingError> = Result { () throws(MappingError) in try sourceText.map(SourceKeyPath.init) }
        let source = (try? parsed.get()) ?? nil
        let access = PropertyAccess(destination)
        // Both directions' conversions are chosen here, once, not per value: the closures below
        // are unspecialised generic code, which looks up the metadata of every type it names
        // (`Transform<Value>?` here) on each call; that was a tenth of mapping a streamed tweet.
        let convert: @Sendable (Representation, ConversionContext) throws(MappingError) -> Value
        let write: @Sendable (Value, ConversionContext, MappingScope) throws(MappingError) -> Representation?
        let nullConverts = transform != nil
        if let transform {
            convert = transform.read
            let transformWrite = transform.write
            write = { value, context, _ throws(MappingError) in
                try transformWrite.map { write throws(MappingError) in try write(value, context) }
            }
        } else {
            convert = { value, context throws(MappingError) in try Value(representation: value, context: context) }
            write = { value, context, scope throws(MappingError) in
                let representation = try value.representation(context: context)
                // `Representation` is nil-literal convertible: spell out "no value".
                if representation.isNull && !scope.options.writesNilAsNull { return Optional<Representation>.none }
                return representation
            }
        }
        let key = sourceText ?? ""
        return PropertyMapping(
            source: source,
            assign: { value, model, scope throws(MappingError) in
                if case .failure(let error) = parsed { throw error }
                let context = scope.conversionContext(for: key)
                guard let value else {
                    if scope.options.assignsNilForMissingKeys { try assignNull(missing: true, to: access, in: &model, context) }
                    return
                }
                if !nullConverts, value.isNull {
                    try assignNull(missing: false, to: access, in: &model, context)
                    return
                }
                access.set(try convert(value, context), in: &model)
            },
            read: { model, scope throws(MappingError) in
                try write(access.get(model), scope.conversionContext(for: key), scope)
            },
            destination: DestinationKeyPath(keyPath: access.keyPath)
        )
    }
}

/// Sets an attribute to its type's value for `null` (`nil` for an optional); a missing key with
/// ``MappingOptions/assignsNilForMissingKeys`` changes nothing when the type has no such value,
/// a `null` for it is an error. Apart from the attribute closure, and never inlined into it:
/// unspecialised generic code looks up the metadata of every type it names on entry, and
/// `Value?` named in the closure cost that lookup on every value mapped.
@inline(never)
private func assignNull<Model, Value: RepresentationConvertible>(
    missing: Bool, to access: PropertyAccess<Model, Value>, in model: inout Model, _ context: ConversionContext
) throws(MappingError) {
    guard let null = Value.converted(fromNullIn: context) else {
        if missing { return }
        throw MappingError(.missingValue, "null for a non-optional \(Value.self)", keyPath: context.keyPath, value: .null)
    }
    access.set(null, in: &model)
}

/// A writable key path to a convertible value, so attribute mappings can be listed in one
/// dictionary whatever their value types.
public protocol AttributeKeyPath<Root> {
    /// The model type the key path starts from.
    associatedtype Root
    /// The attribute mapping from `source` to this key path.
    func propertyMapping(source: String) -> PropertyMappingBox<Root>
}

/// An opaque attribute mapping (what ``AttributeKeyPath`` produces).
public struct PropertyMappingBox<Root>: Sendable {
    let mapping: PropertyMapping<Root>
}

extension WritableKeyPath: AttributeKeyPath where Value: RepresentationConvertible {
    public func propertyMapping(source: String) -> PropertyMappingBox<Root> {
        PropertyMappingBox(mapping: ObjectMapping<Root>.attribute(source, self, nil))
    }
}
