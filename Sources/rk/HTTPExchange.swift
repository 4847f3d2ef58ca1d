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

    /// The response to `request`, whose status is below 400.
    ///
    /// - Throws: ``CommandFailure`` (exit 1) for a transport error (connection refused, DNS,
    ///   timeout), a file that changed or vanished while its body streamed, and an HTTP
    ///   status of 400 or more (with a short excerpt of the body).
    func send(_ request: TransportRequest) async throws(CommandFailure) -> TransportResponse {
        let transport = AsyncHTTPClientTransport.failingFast(
            connectTimeout: .milliseconds(Int64(options.connectTimeout * 1000)),
            timeout: .milliseconds(Int64(options.timeout * 1000)))
        let result: Result<TransportResponse, ObjectManagerError>
        do {
            result = .success(try await transport.send(request))
        } catch {
            result = .failure(error)
        }
        try? await transport.shutdown()
        let target = "\(request.method) \(request.url)"
        switch result {
        case .failure(let error):
            if let bodyError = error.underlying as? BodyError {
                throw CommandFailure.input("\(target): upload failed: \(bodyError)")
            }
            throw CommandFailure.input("\(target): \(Self.transportMessage(error))")
        case .success(let response) where response.status >= 400:
            let excerpt = Self.excerpt(response.body)
            throw CommandFailure.input("\(target): HTTP \(response.status)" + (excerpt.isEmpty ? "" : ": \(excerpt)"))
        case .success(let response):
            return response
        }
    }

    /// The transport error in words: AsyncHTTPClient's and NIO's descriptions are kept, the
    /// `METHOD URL failed:` prefix the transport adds is dropped (rk prints its own).
    private static func transportMessage(_ error: ObjectManagerError) -> String {
        var reason = error.reason
        if let range = reason.range(of: " failed: ") { reason = String(reason[range.upperBound...]) }
        if error.errorType == .timeout { return "timed out (\(reason))" }
        // NIO's "connection reset (error set): Connection refused) (errno: 111)" says less.
        if reason.contains("Connection refused") { return "connection refused" }
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
