/// An HTTP request method.
///
/// ```swift
/// let method: RequestMethod = .post
/// RequestMethod("PROPFIND").rawValue   // "PROPFIND"
/// ```
public struct RequestMethod: Sendable, Hashable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// The method's name, upper-cased (`"GET"`).
    public let rawValue: String

    /// A method by name (upper-cased).
    public init(_ name: String) {
        rawValue = name.uppercased()
    }

    /// A method from a string literal: `let method: RequestMethod = "GET"`.
    public init(stringLiteral value: String) {
        self.init(value)
    }

    /// `GET`
    public static let get = RequestMethod("GET")
    /// `POST`
    public static let post = RequestMethod("POST")
    /// `PUT`
    public static let put = RequestMethod("PUT")
    /// `PATCH`
    public static let patch = RequestMethod("PATCH")
    /// `DELETE`
    public static let delete = RequestMethod("DELETE")
    /// `HEAD`
    public static let head = RequestMethod("HEAD")
    /// `OPTIONS`
    public static let options = RequestMethod("OPTIONS")

    /// Whether parameters of this method go in the query string (`GET`, `HEAD`, `DELETE`)
    /// rather than in the body.
    public var sendsParametersInQuery: Bool {
        self == .get || self == .head || self == .delete
    }

    /// The method's name.
    public var description: String { rawValue }
}
