/// What an object request produced: the mapped objects and the HTTP exchange.
///
/// ```swift
/// let result = try await manager.getObjects(at: "/gists/public")
/// let gists = result.objects(of: Gist.self)
/// result.response.status        // 200
/// result.mapping.errors         // objects that could not be mapped
/// ```
public struct ObjectResult {
    /// The mapping result (every object, per key path, errors of single objects).
    public var mapping: MappingResult
    /// The request sent.
    public var request: TransportRequest
    /// The response received.
    public var response: TransportResponse
    /// The parsed response body, `nil` when it was empty (or not parsed).
    ///
    /// ```swift
    /// result.document?[keyPath: "meta.total_entries"]?.int64Value
    /// ```
    public internal(set) var document: Representation?

    /// Creates a result.
    public init(mapping: MappingResult, request: TransportRequest, response: TransportResponse) {
        self.mapping = mapping
        self.request = request
        self.response = response
    }

    /// Every mapped object, in mapping order.
    public var objects: [Any] { mapping.objects }

    /// The first mapped object.
    public var first: Any? { mapping.first }

    /// The mapped objects of one type.
    public func objects<Model>(of type: Model.Type) -> [Model] {
        mapping.objects(of: type)
    }

    /// The objects mapped at `keyPath` (`nil`: the document root).
    public func objects(at keyPath: String?) -> [Any] {
        mapping.objects(at: keyPath)
    }
}
