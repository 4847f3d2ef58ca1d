import Logging
import RestKitCore

/// The metadata keys of what the object manager, its request queue and its transport log,
/// named after OpenTelemetry's HTTP semantic conventions where one exists.
///
/// Entries carry the method, the path (never the query string, which may hold tokens), the
/// status, body sizes and durations; never header values, query strings or body contents.
///
/// ```swift
/// var logger = Logger(label: "api")
/// logger.logLevel = .debug
/// manager.configure { $0.logger = logger }
/// // debug: request finished rk.request.id=1 http.request.method=GET url.path=/articles
/// //        http.response.status_code=200 http.response.body.size=5120 rk.duration_ms=12.4
/// ```
public enum RequestLogKey {
    /// A number identifying one request of one manager, on each of its entries.
    public static let requestID = "rk.request.id"
    /// The request method (`GET`).
    public static let method = "http.request.method"
    /// The URL's path, without query string or fragment.
    public static let path = "url.path"
    /// The response's status code.
    public static let status = "http.response.status_code"
    /// The request body's size in bytes, when known before it is sent.
    public static let requestBodySize = "http.request.body.size"
    /// The response body's size in bytes (decoded, when it came compressed).
    public static let responseBodySize = "http.response.body.size"
    /// Milliseconds from the request's start (or its stream's) to the entry.
    public static let duration = "rk.duration_ms"
    /// Milliseconds a request waited for a slot of the request queue.
    public static let queueWait = "rk.queue.wait_ms"
    /// The ``ObjectManagerError/ErrorType`` a request failed with.
    public static let errorType = "error.type"
    /// Objects mapped from a streamed response.
    public static let objects = "rk.objects"
    /// Files in an upload's body.
    public static let files = "rk.upload.files"
}

extension Logger {
    /// A logger that discards everything: the default of the manager's configuration
    /// (swift-log's convention for libraries: the application decides what is logged, and where).
    static var silent: Logger {
        Logger(label: "restkit.http") { _ in SwiftLogNoOpLogHandler() }
    }
}

/// The path of an absolute or relative URL, without scheme, authority, query or fragment:
/// what log entries name (a query string may carry credentials).
package func loggedPath(of url: String) -> String {
    var rest = Substring(url)
    if let scheme = rest.range(of: "://") {
        rest = rest[scheme.upperBound...]
        rest = rest.firstIndex(where: { $0 == "/" || $0 == "?" || $0 == "#" }).map { rest[$0...] } ?? ""
    }
    if let end = rest.firstIndex(where: { $0 == "?" || $0 == "#" }) { rest = rest[..<end] }
    return rest.isEmpty ? "/" : String(rest)
}

/// Milliseconds since `start`, with one decimal, for ``RequestLogKey/duration``.
func loggedDuration(since start: ContinuousClock.Instant) -> Logger.MetadataValue {
    "\(elapsedMilliseconds(since: start))"
}

/// A response as request log entries describe it.
protocol LoggedResponse: Sendable {
    var status: Int { get }
    /// The URL that answered (after redirects).
    var url: String? { get }
    /// The body's size; `nil` for a body still streaming (its size is logged at its end).
    var loggedBodySize: Int? { get }
}

extension TransportResponse: LoggedResponse {
    var loggedBodySize: Int? { body.count }
}

extension StreamedResponse: LoggedResponse {
    var loggedBodySize: Int? { nil }
}
