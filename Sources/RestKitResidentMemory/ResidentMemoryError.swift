/// Why a process's resident memory could not be read or its peak reset, naming the file.
///
/// ```swift
/// do {
///     let peak = try ResidentMemory.peakBytes()
/// } catch {
///     print(error)   // /proc/self/status: cannot open: No such file or directory
/// }
/// ```
public struct ResidentMemoryError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The broad kind of failure.
    public struct ErrorType: Sendable, Hashable, CustomStringConvertible {
        private enum Base: Hashable, Sendable {
            case unsupportedPlatform, unreadable, missingField, notWritable
        }
        private let base: Base
        private init(_ base: Base) { self.base = base }

        /// The platform has no `/proc` (only Linux is supported).
        public static let unsupportedPlatform = ErrorType(.unsupportedPlatform)
        /// The status file could not be opened or read (no `/proc`, or the process is gone).
        public static let unreadable = ErrorType(.unreadable)
        /// The status file has no such field, or its value is not `N kB`.
        public static let missingField = ErrorType(.missingField)
        /// `/proc/self/clear_refs` could not be written (an old kernel, or not permitted).
        public static let notWritable = ErrorType(.notWritable)

        public var description: String { "\(base)" }
    }

    /// The broad kind of failure.
    public var errorType: ErrorType
    /// What went wrong, in words.
    public var reason: String
    /// The file involved (`/proc/self/status`, `/proc/self/clear_refs`).
    public var path: String

    /// Creates an error.
    public init(_ errorType: ErrorType, _ reason: String, path: String) {
        self.errorType = errorType
        self.reason = reason
        self.path = path
    }

    /// `path: reason`.
    public var description: String { "\(path): \(reason)" }
}
