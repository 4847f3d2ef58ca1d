internal import Foundation

/// One step of following a redirect: the request to send next, by the rules of
/// ``RedirectPolicy``, or why it cannot be sent.
///
/// ```swift
/// let next = try Redirection.request(after: 307, location: "/anything", for: request)
/// ```
enum Redirection {
    /// The request that repeats `request` at `location` after a `status` redirect.
    ///
    /// - Throws: ``ObjectManagerError`` (`.redirect`) when `location` is missing, malformed or
    ///   not an `http`/`https` URL.
    static func request(after status: Int, location: String?, for request: TransportRequest) throws(ObjectManagerError) -> TransportRequest {
        guard let location, !location.isEmpty else {
            throw ObjectManagerError(
                .redirect, "the server answered \(status) without a Location header",
                status: status, method: request.method, url: request.url)
        }
        guard let target = resolve(location, against: request.url) else {
            throw ObjectManagerError(
                .redirect, "the server answered \(status) with a Location that is not an http(s) URL: '\(location)'",
                status: status, method: request.method, url: request.url)
        }
        var next = request
        next.url = target
        if changesToGET(status: status, method: request.method) {
            next.method = request.method == .head ? .head : .get
            next.body = nil
            next.headers["Content-Type"] = nil
            next.headers["Content-Length"] = nil
            next.headers["Transfer-Encoding"] = nil
        }
        if origin(of: request.url) != origin(of: target) {
            for name in ["Authorization", "Cookie", "Proxy-Authorization"] { next.headers[name] = nil }
        }
        return next
    }

    /// Whether a `status` redirect turns a `method` request into `GET` without a body: always
    /// for 303 (but `HEAD`), for 301 and 302 only a `POST`.
    static func changesToGET(status: Int, method: RequestMethod) -> Bool {
        switch status {
        case 303: method != .head
        case 301, 302: method == .post
        default: false
        }
    }

    /// `location` resolved against `base` (RFC 3986 §5), when the result is an `http` or
    /// `https` URL with a host; the fragment is dropped.
    static func resolve(_ location: String, against base: String) -> String? {
        guard let baseURL = URL(string: base),
            let resolved = URL(string: location, relativeTo: baseURL)?.absoluteURL,
            var components = URLComponents(url: resolved, resolvingAgainstBaseURL: true),
            let scheme = components.scheme?.lowercased(), scheme == "http" || scheme == "https",
            let host = components.host, !host.isEmpty
        else { return nil }
        components.fragment = nil
        return components.string
    }

    /// `scheme://host:port`, lower-cased, with the scheme's default port made explicit.
    static func origin(of url: String) -> String? {
        guard let components = URLComponents(string: url), let scheme = components.scheme?.lowercased(),
            let host = components.host?.lowercased()
        else { return nil }
        let port = components.port ?? (scheme == "https" ? 443 : 80)
        return "\(scheme)://\(host):\(port)"
    }
}
