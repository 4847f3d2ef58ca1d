/// Which mapping maps which responses: the methods, the path pattern, the status codes, and
/// the key path of the objects in the document.
///
/// Every descriptor matching a response contributes its objects — except that, per key
/// path, only the most specific path patterns (fewest parameters) are used, so
/// `/gists/public` and `/gists/:id` do not both map `GET /gists/public`. The parameters of
/// the path pattern reach the mapping as `@metadata.routing.parameters.<name>`.
///
/// ```swift
/// let gists = ResponseDescriptor(mapping: gistMapping, method: .get, pathPattern: "/gists/public")
/// let gist = ResponseDescriptor(mapping: gistMapping, methods: [.get, .patch], pathPattern: "/gists/:gistID")
/// let created = ResponseDescriptor(mapping: gistMapping, method: .post, pathPattern: "/gists", statusCodes: 201)
/// let wrapped = ResponseDescriptor(mapping: articleMapping, pathPattern: "/articles", keyPath: "articles")
/// ```
public struct ResponseDescriptor: Sendable, CustomStringConvertible {
    /// The methods answered for; `nil`: any method.
    public var methods: Set<RequestMethod>?
    /// The path pattern (relative to the manager's base URL); `nil`: any path.
    public var pathPattern: PathPattern?
    /// Where the objects are in the document; `nil`: the document itself.
    public var keyPath: String?
    /// The status codes answered for (default 2xx).
    public var statusCodes: StatusCodes
    /// The mapped model type, for messages.
    public let modelType: Any.Type
    private let add: @Sendable (inout Mapper, String?) -> Void

    /// A descriptor for one method (or any method, `nil`).
    public init<Model>(
        mapping: ObjectMapping<Model>, method: RequestMethod? = nil, pathPattern: PathPattern? = nil,
        keyPath: String? = nil, statusCodes: StatusCodes = .successful
    ) {
        self.init(mapping: mapping, methods: method.map { [$0] }, pathPattern: pathPattern, keyPath: keyPath, statusCodes: statusCodes)
    }

    /// A descriptor for several methods (`nil`: any method).
    public init<Model>(
        mapping: ObjectMapping<Model>, methods: Set<RequestMethod>?, pathPattern: PathPattern? = nil,
        keyPath: String? = nil, statusCodes: StatusCodes = .successful
    ) {
        self.methods = methods
        self.pathPattern = pathPattern
        self.keyPath = keyPath
        self.statusCodes = statusCodes
        self.modelType = Model.self
        self.add = { mapper, keyPath in mapper.add(mapping, at: keyPath) }
    }

    /// The outcome of matching a response.
    public enum Match: Sendable, Hashable {
        /// It matches, with these path parameters.
        case matched(parameters: [String: String])
        /// It does not, for this reason.
        case mismatched(reason: String)
    }

    /// Whether this descriptor answers for a response to `method` at `path` with `status`.
    ///
    /// ```swift
    /// descriptor.match(method: .get, path: "/gists/42", status: 200)   // .matched(parameters: ["gistID": "42"])
    /// ```
    public func match(method: RequestMethod, path: String, status: Int) -> Match {
        if let methods, !methods.contains(method) {
            return .mismatched(reason: "method \(method) is not \(methods.map(\.rawValue).sorted().joined(separator: "/"))")
        }
        guard statusCodes.contains(status) else {
            return .mismatched(reason: "status \(status) is not in \(statusCodes)")
        }
        guard let pathPattern else { return .matched(parameters: [:]) }
        guard let parameters = pathPattern.match(path) else {
            return .mismatched(reason: "path '\(path)' does not match '\(pathPattern)'")
        }
        return .matched(parameters: parameters)
    }

    /// Adds this descriptor's mapping at its key path.
    func contribute(to mapper: inout Mapper) {
        add(&mapper, keyPath)
    }

    /// `Model at keyPath for GET /path (2xx)`.
    public var description: String {
        let methodText = methods.map { $0.map(\.rawValue).sorted().joined(separator: "/") } ?? "any method"
        return "\(modelType) at \(keyPath ?? "(root)") for \(methodText) \(pathPattern?.pattern ?? "(any path)") (\(statusCodes))"
    }
}
