public import RestKitMapping

/// Why a store operation failed, and where: the entity (table), the key path in the payload
/// (`"3.id"`) or the column.
///
/// ```swift
/// do {
///     _ = try await store.map(payload, with: articles)
/// } catch let error as StoreError where error.errorType == .mapping {
///     error.entity    // "articles"
///     error.keyPath   // "3.id"
/// }
/// ```
public struct StoreError: Error, Sendable, CustomStringConvertible {
    /// The broad kind of failure.
    public struct ErrorType: Sendable, Hashable, CustomStringConvertible {
        private enum Base: Hashable, Sendable {
            case invalidName, invalidEntity, schemaMismatch, notRegistered, mapping, typeMismatch
            case missingIdentification, invalidIdentity, invalidQuery, invalidScope, database, parse, file
        }
        private let base: Base
        private init(_ base: Base) { self.base = base }

        /// A table or column name is not a plain SQL identifier (letters, digits, `_`, at
        /// most 63 characters, not `sqlite_…`, not `rowid`).
        public static let invalidName = ErrorType(.invalidName)
        /// The entity mapping is inconsistent: no columns, a duplicate column, an unusable
        /// key path, or no identification attribute among the columns.
        public static let invalidEntity = ErrorType(.invalidEntity)
        /// The table on disk does not match the entity mapping (``StoreError/column`` names
        /// the missing or mismatched column).
        public static let schemaMismatch = ErrorType(.schemaMismatch)
        /// The entity mapping was not registered with this store (``SQLiteStore/register(_:)``),
        /// or another mapping was registered for its table.
        public static let notRegistered = ErrorType(.notRegistered)
        /// The object mapping failed; ``StoreError/mappingError`` is its error.
        public static let mapping = ErrorType(.mapping)
        /// A value does not fit its column's declared type.
        public static let typeMismatch = ErrorType(.typeMismatch)
        /// An object lacks a value for an identification attribute.
        public static let missingIdentification = ErrorType(.missingIdentification)
        /// An identity passed to ``SQLiteStore/object(of:identifiedBy:)`` has the wrong shape.
        public static let invalidIdentity = ErrorType(.invalidIdentity)
        /// A search query (``SQLiteStore/search(_:matching:limit:options:)``) is malformed: an
        /// unbalanced quote, an operator without a term on each side, a lone `*`
        /// (``StoreError/position`` is the character where it is, counted from 1).
        public static let invalidQuery = ErrorType(.invalidQuery)
        /// A ``StoreScope`` names a key path that is not a declared column, or a value that does
        /// not fit its column.
        public static let invalidScope = ErrorType(.invalidScope)
        /// SQLite reported an error (I/O, constraint, locked database, …); ``StoreError/reason``
        /// holds its message.
        public static let database = ErrorType(.database)
        /// A document being imported is malformed; ``StoreError/reason`` holds the parser's
        /// error with its position.
        public static let parse = ErrorType(.parse)
        /// A file being imported cannot be read (``StoreError/reason`` names it).
        public static let file = ErrorType(.file)

        public var description: String { "\(base)" }
    }

    /// The broad kind of failure.
    public var errorType: ErrorType
    /// What went wrong, in words.
    public var reason: String
    /// The entity's table, when the failure concerns one.
    public var entity: String?
    /// The key path in the mapped payload (`"3.id"`), when the failure concerns a value.
    public var keyPath: String?
    /// The column, when the failure concerns one.
    public var column: String?
    /// The object's identity (`id=12`, `team="core", user=7`), when the failure concerns an
    /// object whose identity is known.
    public var object: String?
    /// The mapping's own error, for ``ErrorType/mapping``.
    public var mappingError: MappingError?
    /// The position (in characters, from 1) in a search query, for ``ErrorType/invalidQuery``.
    public var position: Int?

    /// Creates an error.
    public init(
        _ errorType: ErrorType, _ reason: String, entity: String? = nil, keyPath: String? = nil,
        column: String? = nil, mappingError: MappingError? = nil, position: Int? = nil
    ) {
        self.errorType = errorType
        self.reason = reason
        self.entity = entity
        self.keyPath = keyPath
        self.column = column
        self.mappingError = mappingError
        self.position = position
    }

    /// `entity: keyPath: reason`, then `(object id=12)` when the object is known.
    public var description: String {
        let text = [entity, keyPath, reason].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: ": ")
        return object.map { text + " (object \($0))" } ?? text
    }
}
