public import RestKitCore

/// Why a declared mapping (``DeclaredMapping``) was refused, and where: the file, the line
/// and column of a JSON syntax error, or the JSON path of the bad field
/// (`entities[0].attributes.title`).
///
/// ```swift
/// do {
///     _ = try DeclaredMapping(contentsOf: "mapping.json")
/// } catch {
///     print(error)   // mapping.json: entities[0].attributes.title: unknown type 'txt' (expected integer, …)
///     error.field    // "entities[0].attributes.title"
/// }
/// ```
public struct DeclarationError: Error, Sendable, CustomStringConvertible {
    /// The broad kind of failure.
    public struct ErrorType: Sendable, Hashable, CustomStringConvertible {
        private enum Base: Hashable, Sendable {
            case unreadable, syntax, invalidField, invalidEntity
        }
        private let base: Base
        private init(_ base: Base) { self.base = base }

        /// The file cannot be read.
        public static let unreadable = ErrorType(.unreadable)
        /// The file is not JSON (``DeclarationError/location`` says where).
        public static let syntax = ErrorType(.syntax)
        /// A field is missing, unknown, of the wrong kind or has a bad value
        /// (``DeclarationError/field`` names it).
        public static let invalidField = ErrorType(.invalidField)
        /// The fields are each valid but the entity is not (``DeclarationError/storeError``
        /// is the ``EntityMapping``'s refusal).
        public static let invalidEntity = ErrorType(.invalidEntity)

        public var description: String { "\(base)" }
    }

    /// The broad kind of failure.
    public var errorType: ErrorType
    /// What went wrong, in words.
    public var reason: String
    /// The file, when the declaration was read from one.
    public var file: String?
    /// The JSON path of the field (`entities[0].attributes["author.name"].type`), when known.
    public var field: String?
    /// The line and column of a syntax error.
    public var location: SourceLocation?
    /// The entity mapping's own error, for ``ErrorType/invalidEntity``.
    public var storeError: StoreError?

    /// Creates an error.
    public init(
        _ errorType: ErrorType, _ reason: String, file: String? = nil, field: String? = nil, location: SourceLocation? = nil,
        storeError: StoreError? = nil
    ) {
        self.errorType = errorType
        self.reason = reason
        self.file = file
        self.field = field
        self.location = location
        self.storeError = storeError
    }

    /// `file:line:column: reason` for syntax errors, else `file: field: reason`.
    public var description: String {
        var head = file ?? ""
        if let location { head += (head.isEmpty ? "" : ":") + "\(location.line):\(location.column)" }
        return [head, field ?? "", reason].filter { !$0.isEmpty }.joined(separator: ": ")
    }
}
