public import RestKitCore

/// Why seeding (``SQLiteStore/seed(_:from:at:options:)``) failed, and where: the file, and
/// the line and column of a parse error or the key path of the element in that file
/// (`articles.2.id`). Nothing of any file was stored.
///
/// ```swift
/// do {
///     _ = try await store.seed(articles, fromFiles: ["a.json", "b.json"], at: "articles")
/// } catch {
///     print(error)   // b.json: articles.2.id: articles: cannot store string "x" in INTEGER column 'id'
///     error.file     // "b.json"
///     error.keyPath  // "articles.2.id"
/// }
/// ```
public struct SeedError: Error, Sendable, CustomStringConvertible {
    /// The broad kind of failure.
    public struct ErrorType: Sendable, Hashable, CustomStringConvertible {
        private enum Base: Hashable, Sendable {
            case unreadable, unknownType, parse, noObjects, store
        }
        private let base: Base
        private init(_ base: Base) { self.base = base }

        /// A file cannot be read.
        public static let unreadable = ErrorType(.unreadable)
        /// No media type for the file (its extension is not registered and none was given),
        /// or no parser registered for it.
        public static let unknownType = ErrorType(.unknownType)
        /// The parser refused the file (``SeedError/parseError`` has the line and column).
        public static let parse = ErrorType(.parse)
        /// The value at the root key path is neither an object nor an array of them.
        public static let noObjects = ErrorType(.noObjects)
        /// The store refused an element (``SeedError/storeError``) or the database failed.
        public static let store = ErrorType(.store)

        public var description: String { "\(base)" }
    }

    /// The broad kind of failure.
    public var errorType: ErrorType
    /// What went wrong, in words.
    public var reason: String
    /// The file (as given), when the failure concerns one.
    public var file: String?
    /// The key path in that file (`articles.2.id`), when the failure concerns a value.
    public var keyPath: String?
    /// The parser's error, for ``ErrorType/parse``.
    public var parseError: ParseError?
    /// The store's error, for ``ErrorType/store`` (its key path counts elements across all
    /// files; ``keyPath`` is the one in ``file``).
    public var storeError: StoreError?

    /// Creates an error.
    public init(
        _ errorType: ErrorType, _ reason: String, file: String? = nil, keyPath: String? = nil, parseError: ParseError? = nil,
        storeError: StoreError? = nil
    ) {
        self.errorType = errorType
        self.reason = reason
        self.file = file
        self.keyPath = keyPath
        self.parseError = parseError
        self.storeError = storeError
    }

    /// `file:line:column: reason` for parse errors, else `file: keyPath: reason`.
    public var description: String {
        var head = file ?? ""
        if let location = parseError?.location { head += ":\(location.line):\(location.column)" }
        return [head, keyPath ?? "", reason].filter { !$0.isEmpty }.joined(separator: ": ")
    }
}
