/// One route: a path pattern for a model type and method, or for a name.
///
/// The pattern's parameters are filled from the object: by the keys of the representation
/// an `ObjectMapping` writes for it, or by a closure.
///
/// ```swift
/// let show = Route(Gist.self, method: .get, pattern: "/gists/:id", mapping: gistMapping)
/// let create = Route(Gist.self, method: .post, pattern: "/gists")
/// let posts = Route(name: "community_posts", pattern: "communities/:communityId/posts.json") { (community: Community) in
///     ["communityId": String(community.id)]
/// }
/// ```
public struct Route: Sendable, CustomStringConvertible {
    /// The route's name (for ``Router/path(forRouteNamed:object:)``), if any.
    public let name: String?
    /// The model type it routes, if any.
    public let modelType: Any.Type?
    /// The methods it applies to; `nil`: any method.
    public let methods: Set<RequestMethod>?
    /// The path pattern.
    public let pattern: PathPattern
    private let accepts: @Sendable (Any) -> Bool
    private let parameters: @Sendable (Any) throws(ObjectManagerError) -> [String: String]

    /// A route for `type` and `method` (`nil`: any method) whose parameters are read from the
    /// representation `mapping` writes for the object (`:id` reads its `"id"` key).
    public init<Model>(_ type: Model.Type, method: RequestMethod?, pattern: PathPattern, mapping: ObjectMapping<Model>? = nil) {
        self.init(name: nil, type: type, methods: method.map { [$0] }, pattern: pattern, mapping: mapping)
    }

    /// A route for `type` and several methods, parameters from `mapping`.
    public init<Model>(_ type: Model.Type, methods: Set<RequestMethod>?, pattern: PathPattern, mapping: ObjectMapping<Model>? = nil) {
        self.init(name: nil, type: type, methods: methods, pattern: pattern, mapping: mapping)
    }

    /// A named route whose parameters are read through `mapping` from an object of its type
    /// (a `[String: String]` object fills the pattern too).
    public init<Model>(name: String, pattern: PathPattern, mapping: ObjectMapping<Model>) {
        self.init(name: name, type: nil, methods: nil, pattern: pattern, mapping: mapping)
    }

    /// A named route filled from a `[String: String]` object (or nothing, for a pattern
    /// without parameters).
    public init(name: String, pattern: PathPattern) {
        self.init(name: name, type: nil as [String: String].Type?, methods: nil, pattern: pattern, mapping: nil)
    }

    /// A route for `type` and `method` whose parameters come from a closure.
    public init<Model>(
        _ type: Model.Type, method: RequestMethod?, pattern: PathPattern,
        parameters: @escaping @Sendable (Model) -> [String: String]
    ) {
        self.init(name: nil, modelType: type, methods: method.map { [$0] }, pattern: pattern, parameters: parameters)
    }

    /// A named route whose parameters come from a closure.
    public init<Model>(name: String, pattern: PathPattern, parameters: @escaping @Sendable (Model) -> [String: String]) {
        self.init(name: name, modelType: nil, methods: nil, pattern: pattern, parameters: parameters)
    }

    private init<Model>(name: String?, type: Model.Type?, methods: Set<RequestMethod>?, pattern: PathPattern, mapping: ObjectMapping<Model>?) {
        self.name = name
        modelType = type
        self.methods = methods
        self.pattern = pattern
        accepts = { $0 is Model }
        parameters = { object throws(ObjectManagerError) in
            if let dictionary = object as? [String: String] { return dictionary }
            guard let model = object as? Model, let mapping else { return [:] }
            let representation: Representation
            do {
                representation = try mapping.representation(of: model)
            } catch {
                throw ObjectManagerError(.routing, "cannot read the parameters of '\(pattern)' from \(Model.self): \(error)", underlying: error)
            }
            var values: [String: String] = [:]
            for name in pattern.parameterNames {
                guard let value = representation[name] else { continue }
                switch value.kind {
                case .string: values[name] = value.stringValue
                case .number, .bool: values[name] = value.description
                case .null, .array, .object:
                    throw ObjectManagerError(.routing, "the value of :\(name) in '\(pattern)' is \(value.kind), not a scalar")
                }
            }
            return values
        }
    }

    private init<Model>(
        name: String?, modelType: Model.Type?, methods: Set<RequestMethod>?, pattern: PathPattern,
        parameters: @escaping @Sendable (Model) -> [String: String]
    ) {
        self.name = name
        self.modelType = modelType
        self.methods = methods
        self.pattern = pattern
        accepts = { $0 is Model }
        self.parameters = { object throws(ObjectManagerError) in
            if let dictionary = object as? [String: String] { return dictionary }
            guard let model = object as? Model else {
                throw ObjectManagerError(.routing, "route '\(name ?? pattern.pattern)' takes a \(Model.self), not a \(type(of: object))")
            }
            return parameters(model)
        }
    }

    /// Whether this route serves `object` for `method`.
    func routes(_ object: Any, method: RequestMethod) -> Bool {
        modelType != nil && (methods?.contains(method) ?? true) && accepts(object)
    }

    /// The path for `object` (`nil`: the pattern must have no parameters).
    ///
    /// - Throws: ``ObjectManagerError`` (`.routing`) naming a parameter without a value.
    public func path(for object: Any?) throws(ObjectManagerError) -> String {
        guard let object else { return try pattern.path(with: [String: String]()) }
        return try pattern.path(with: parameters(object))
    }

    /// `name: METHOD pattern`.
    public var description: String {
        let methodText = methods.map { $0.map(\.rawValue).sorted().joined(separator: "/") } ?? "any method"
        return (name.map { "\($0): " } ?? modelType.map { "\($0) " } ?? "") + "\(methodText) \(pattern)"
    }
}
