/// A set of HTTP status codes a descriptor answers for: a class (`2xx`), a range, or a set.
///
/// ```swift
/// StatusCodes.successful.contains(201)   // true
/// StatusCodes([200, 304]).contains(204)  // false
/// let unprocessable: StatusCodes = 422
/// ```
public struct StatusCodes: Sendable, Hashable, CustomStringConvertible, ExpressibleByIntegerLiteral,
    ExpressibleByArrayLiteral
{
    private let ranges: [Range<Int>]

    /// The codes in these ranges.
    public init(_ ranges: [Range<Int>]) {
        self.ranges = ranges
    }

    /// These codes.
    public init(_ codes: some Sequence<Int>) {
        ranges = codes.map { $0..<($0 + 1) }
    }

    /// One code: `let created: StatusCodes = 201`.
    public init(integerLiteral value: Int) {
        self.init([value])
    }

    /// Several codes: `[200, 201]`.
    public init(arrayLiteral elements: Int...) {
        self.init(elements)
    }

    /// One class of codes: `StatusCodes.class(2)` is 200–299.
    public static func `class`(_ hundreds: Int) -> StatusCodes {
        StatusCodes([(hundreds * 100)..<(hundreds * 100 + 100)])
    }

    /// 1xx
    public static let informational = StatusCodes.class(1)
    /// 2xx
    public static let successful = StatusCodes.class(2)
    /// 3xx
    public static let redirection = StatusCodes.class(3)
    /// 4xx
    public static let clientError = StatusCodes.class(4)
    /// 5xx
    public static let serverError = StatusCodes.class(5)
    /// 4xx and 5xx
    public static let errors = StatusCodes([400..<600])

    /// Whether `status` is one of the codes.
    public func contains(_ status: Int) -> Bool {
        ranges.contains { $0.contains(status) }
    }

    /// `2xx`, `422`, `200-204`, joined with commas.
    public var description: String {
        ranges.map { range in
            if range.count == 1 { return "\(range.lowerBound)" }
            if range.count == 100, range.lowerBound % 100 == 0 { return "\(range.lowerBound / 100)xx" }
            return "\(range.lowerBound)-\(range.upperBound - 1)"
        }.joined(separator: ", ")
    }
}
