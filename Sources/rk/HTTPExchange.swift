import Logging
import RestKit
import RestKitHTTP

/// Sends one request for `rk get` / `rk post` over RestKitHTTP's AsyncHTTPClient transport
/// and turns every failure into a one-line ``CommandFailure`` (exit 1).
///
/// ```swift
/// let response = try await HTTPExchange(options: options).send(request)   // status < 400
/// ```
struct HTTPExchange {
    let options: HTTPOptions

    /// The response to `request`, whose status is below 300 or 304 (redirects are followed
    /// by `--max-redirects`).
    ///
    /// Sends `User-Agent: RestKit/<version>` unless `-H` sets one, limits the response to
    /// `--max-response-size`, and decodes gzip and deflate responses.
    ///
    /// - Throws: ``CommandFailure`` (exit 1) for a transport error (connection refused, DNS,
    ///   timeout), a file that changed or vanished while its body streamed, a redirect that
    ///   cannot be followed, a response over the size limit, and an HTTP status of 400 or more
    ///   (with a short excerpt of the body). Messages name the URL that failed: after a
    ///   redirect, the URL redirected to.
    func send(_ request: TransportRequest) async throws(CommandFailure) -> TransportResponse {
        var request = request
        if request.headers["User-Agent"] == nil { request.headers["User-Agent"] = RestKitVersion.userAgent }
        do {
            request.maximumResponseSize = try options.maximumResponseBytes()
        } catch {
            throw CommandFailure.usage("\(error)")
        }
        let transport = AsyncHTTPClientTransport.failingFast(
            connectTimeout: .milliseconds(Int64(options.connectTimeout * 1000)),
            timeout: .milliseconds(Int64(options.timeout * 1000)),
            redirects: .follow(maximum: options.maxRedirects))
        request.logger = options.logging.logger
        let result = await Self.logged(request) { () async throws(ObjectManagerError) in try await transport.send(request) }
        try? await transport.shutdown()
        switch result {
        case .failure(let error):
            let target = "\(error.method ?? request.method) \(error.url ?? request.url)"
            if let bodyError = error.underlying as? BodyError {
                throw CommandFailure.input("\(target): upload failed: \(bodyError)")
            }
            throw CommandFailure.input("\(target): \(transportMessage(error))")
        case .success(let response) where response.status >= 400 || (300..<400).contains(response.status) && response.status != 304:
            // A 3xx here is one the transport does not follow (300, 305, 306): not an answer.
            let target = "\(response.method ?? request.method) \(response.url ?? request.url)"
            let excerpt = Self.excerpt(response.body)
            throw CommandFailure.input("\(target): HTTP \(response.status)" + (excerpt.isEmpty ? "" : ": \(excerpt)"))
        case .success(let response):
            return response
        }
    }

    /// Runs `exchange`, logging its start and its end (status, bytes, duration) or failure
    /// with `request.logger`, under the object manager's keys (``RequestLogKey``).
    private static func logged(
        _ request: TransportRequest, _ exchange: () async throws(ObjectManagerError) -> TransportResponse
    ) async -> Result<TransportResponse, ObjectManagerError> {
        let start = ContinuousClock.now
        var metadata: Logger.Metadata = [
            RequestLogKey.method: "\(request.method)", RequestLogKey.path: "\(loggedPath(of: request.url))",
        ]
        if let size = request.body?.length.value { metadata[RequestLogKey.requestBodySize] = "\(size)" }
        request.logger.debug("request started", metadata: metadata)
        do {
            let response = try await exchange()
            metadata[RequestLogKey.status] = "\(response.status)"
            metadata[RequestLogKey.responseBodySize] = "\(response.body.count)"
            metadata[RequestLogKey.duration] = "\(elapsedMilliseconds(since: start))"
            request.logger.debug("request finished", metadata: metadata)
            return .success(response)
        } catch {
            metadata[RequestLogKey.errorType] = "\(error.errorType)"
            if let status = error.status { metadata[RequestLogKey.status] = "\(status)" }
            metadata[RequestLogKey.duration] = "\(elapsedMilliseconds(since: start))"
            request.logger.debug("request failed", metadata: metadata)
            return .failure(error)
        }
    }

    /// The transport error in words, without the `METHOD URL` rk prints before it.
    private func transportMessage(_ error: ObjectManagerError) -> String {
        var reason = error.reason
        if error.errorType == .timeout {
            return reason + " (raise --timeout SECONDS, or --connect-timeout SECONDS for the connection)"
        }
        if error.errorType == .redirect, options.maxRedirects == 0 {
            return reason + " (--max-redirects 0)"
        }
        if error.errorType == .responseTooLarge, let advice = reason.range(of: "; raise ") {
            reason = String(reason[..<advice.lowerBound]) + "; raise it with --max-response-size SIZE"
        }
        // NIO's "connection reset (error set): Connection refused) (errno: 111)" says less.
        if reason.contains("Connection refused") {
            return "connection refused (is a server listening at that host and port?)"
        }
        return reason
    }

    /// At most 200 characters of `body` on one line (control characters as spaces, runs of
    /// white space collapsed), with `…` when cut.
    static func excerpt(_ body: [UInt8], limit: Int = 200) -> String {
        var characters = String(decoding: body.prefix(limit * 4), as: UTF8.self).makeIterator()
        var result = ""
        var lastWasSpace = false
        var cut = false
        while let character = characters.next() {
            if result.count >= limit {
                cut = true
                break
            }
            if character.isWhitespace || character.unicodeScalars.allSatisfy({ $0.properties.generalCategory == .control }) {
                if !lastWasSpace, !result.isEmpty { result.append(" ") }
                lastWasSpace = true
            } else {
                result.append(character)
                lastWasSpace = false
            }
        }
        while result.last == " " { result.removeLast() }
        let truncated = cut || body.count > limit * 4
        return truncated ? result + "…" : result
    }
}
