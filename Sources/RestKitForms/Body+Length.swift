extension Body {
    /// How many bytes a body produces: known up front (a `Content-Length`) or unknown
    /// (chunked transfer encoding).
    ///
    /// ```swift
    /// switch body.length.value {
    /// case let count?: request.headers["Content-Length"] = String(count)
    /// case nil: request.headers["Transfer-Encoding"] = "chunked"
    /// }
    /// ```
    public struct Length: Sendable, Hashable, CustomStringConvertible {
        private enum Base: Sendable, Hashable {
            case known(Int)
            case unknown
        }
        private let base: Base
        private init(_ base: Base) { self.base = base }

        /// The length is not known before the body has been produced.
        public static let unknown = Length(.unknown)

        /// Exactly `count` bytes (negative counts are clamped to 0).
        ///
        /// ```swift
        /// let length = Body.Length.known(1_024)
        /// ```
        public static func known(_ count: Int) -> Length { Length(.known(Swift.max(count, 0))) }

        /// The byte count, or `nil` when unknown.
        public var value: Int? {
            if case .known(let count) = base { count } else { nil }
        }

        /// The sum of two lengths: known only when both are known.
        static func + (lhs: Length, rhs: Length) -> Length {
            guard let left = lhs.value, let right = rhs.value else { return .unknown }
            let (sum, overflow) = left.addingReportingOverflow(right)
            return overflow ? .unknown : .known(sum)
        }

        /// `1024 bytes` or `unknown`.
        public var description: String {
            value.map { "\($0) bytes" } ?? "unknown"
        }
    }

    /// How far a body has been produced, reported to ``Body/withProgress(_:)`` handlers.
    ///
    /// ```swift
    /// let body = form.makeBody().withProgress { progress in
    ///     print(progress.bytesProduced, progress.totalBytes ?? -1)
    /// }
    /// ```
    public struct Progress: Sendable, Hashable {
        /// Bytes produced so far by the current reader (restarts at 0 on a replay).
        public var bytesProduced: Int
        /// The body's length, when known.
        public var totalBytes: Int?

        /// `bytesProduced / totalBytes`, or `nil` when the total is unknown or zero.
        public var fractionCompleted: Double? {
            guard let totalBytes, totalBytes > 0 else { return nil }
            return Double(bytesProduced) / Double(totalBytes)
        }
    }
}
