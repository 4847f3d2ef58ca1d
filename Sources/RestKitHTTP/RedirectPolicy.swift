/// Whether and how far a transport follows redirects (`301`, `302`, `303`, `307`, `308` with a
/// `Location`).
///
/// ```swift
/// let transport = AsyncHTTPClientTransport(redirects: .follow(maximum: 3))
/// let strict = AsyncHTTPClientTransport(redirects: .disabled)   // a 3xx is an error
/// ```
///
/// The rules, as curl (`-L`) and browsers apply them (RFC 9110 §15.4):
///
/// | status | next request |
/// |---|---|
/// | 307, 308 | the same method, headers and body; the body is produced again from its start |
/// | 303 | `GET` without a body (`HEAD` stays `HEAD`) |
/// | 301, 302 | `POST` becomes `GET` without a body; other methods keep method and body |
///
/// A body is dropped with its `Content-Type` and `Content-Length`. `Authorization`, `Cookie`
/// and `Proxy-Authorization` are not sent to another origin (scheme, host or port). Only
/// `http` and `https` locations are followed. Each redirect response's body is read and
/// discarded. A redirect that cannot be followed (too many, no `Location`, another scheme,
/// or redirects disabled) fails the request with ``ObjectManagerError/ErrorType/redirect``:
/// a request is never reported as answered when its answer was a redirect nobody followed.
/// `304 Not Modified` is not a redirect: it is returned as the response.
public struct RedirectPolicy: Sendable, Hashable, CustomStringConvertible {
    /// The most redirects one request follows; 0 disables following.
    public let maximum: Int

    /// Follows up to `maximum` redirects (default 10, as AsyncHTTPClient's and browsers').
    ///
    /// ```swift
    /// let policy = RedirectPolicy.follow(maximum: 5)
    /// ```
    public static func follow(maximum: Int = 10) -> RedirectPolicy {
        RedirectPolicy(maximum: Swift.max(0, maximum))
    }

    /// Follows no redirect: a `3xx` with a `Location` fails with `.redirect`.
    public static let disabled = RedirectPolicy(maximum: 0)

    private init(maximum: Int) {
        self.maximum = maximum
    }

    public var description: String {
        maximum == 0 ? "redirects disabled" : "follow at most \(maximum) redirects"
    }

    /// Whether `status` asks the client to repeat the request elsewhere.
    static func isRedirect(_ status: Int) -> Bool {
        [301, 302, 303, 307, 308].contains(status)
    }
}
