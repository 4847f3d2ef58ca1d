/// Which mapping writes the parameters of which model type, for which methods, under which
/// root key.
///
/// ```swift
/// let create = RequestDescriptor(mapping: gistMapping.inverse(rootKey: "gist"), methods: [.post, .patch])
/// // post(gist) sends {"gist": {"description": "…", "public": true}}
/// ```
public struct RequestDescriptor: Sendable, CustomStringConvertible {
    /// The model type written.
    public let modelType: Any.Type
    /// The methods it applies to; `nil`: any method.
    public var methods: Set<RequestMethod>?
    private let write: @Sendable (Any, MappingOptions) throws(MappingError) -> Representation?
    private let accepts: @Sendable (Any) -> Bool

    /// A descriptor from a request mapping (`ObjectMapping/inverse(rootKey:)`).
    public init<Model>(mapping: RequestMapping<Model>, methods: Set<RequestMethod>? = nil) {
        modelType = Model.self
        self.methods = methods
        accepts = { $0 is Model }
        write = { object, options throws(MappingError) in
            guard let model = object as? Model else { return nil }
            return try mapping.representation(of: model, options: options)
        }
    }

    /// A descriptor from an object mapping and a root key (`nil`: no wrapping object).
    public init<Model>(mapping: ObjectMapping<Model>, rootKey: String? = nil, methods: Set<RequestMethod>? = nil) {
        self.init(mapping: mapping.inverse(rootKey: rootKey), methods: methods)
    }

    /// Whether it writes `object` for `method`.
    public func applies(to object: Any, method: RequestMethod) -> Bool {
        (methods?.contains(method) ?? true) && accepts(object)
    }

    /// The parameters of `object`, or `nil` when `object` is not of ``modelType``.
    public func parameters(of object: Any, options: MappingOptions = MappingOptions()) throws(MappingError) -> Representation? {
        try write(object, options)
    }

    /// `Model for POST/PUT`.
    public var description: String {
        "\(modelType) for \(methods.map { $0.map(\.rawValue).sorted().joined(separator: "/") } ?? "any method")"
    }
}
