import ArgumentParser
import Foundation
import RestKitHTTP

/// The options `rk get` and `rk post` share: the URL, `-H` headers and the timeouts.
struct HTTPOptions: ParsableArguments {
    @Argument(help: ArgumentHelp("The http:// or https:// URL.", valueName: "URL"))
    var url: String

    @Option(name: .customShort("H"), help: ArgumentHelp("A request header, 'Name: value'. Repeatable.", valueName: "HEADER"))
    var headers: [String] = []

    @Option(name: .long, help: ArgumentHelp("Seconds the whole request may take.", valueName: "SECONDS"))
    var timeout: Double = 600

    @Option(name: .long, help: ArgumentHelp(
        "Seconds to wait for the connection. A refused connection fails at once.", valueName: "SECONDS"))
    var connectTimeout: Double = 10

    @Option(name: .long, help: ArgumentHelp(
        "The largest response body accepted (decoded), in bytes or with a K, M or G suffix (powers of 1024: 64M, 64MiB).",
        valueName: "SIZE"))
    var maxResponseSize: String = "1G"

    @Option(name: .long, help: ArgumentHelp(
        "Redirects to follow; 0 fails on any redirect. 307/308 resend the method and body, 301/302 turn a POST into a GET, 303 always GETs.",
        valueName: "N"))
    var maxRedirects: Int = 10

    @OptionGroup var logging: LoggingOptions

    func validate() throws {
        guard timeout > 0, connectTimeout > 0, timeout <= 1e7, connectTimeout <= 1e7 else {
            throw ValidationError("--timeout and --connect-timeout must be between 0 and 10000000 seconds")
        }
        guard maxRedirects >= 0 else { throw ValidationError("--max-redirects must be 0 or more") }
        _ = try maximumResponseBytes()
        guard let parsed = URL(string: url), let scheme = parsed.scheme?.lowercased(),
              scheme == "http" || scheme == "https", let host = parsed.host, !host.isEmpty
        else {
            throw ValidationError("\(url): expected an http:// or https:// URL with a host")
        }
    }

    /// `--max-response-size` in bytes.
    ///
    /// - Throws: `ValidationError` for anything but a positive count with an optional `K`,
    ///   `M` or `G` suffix.
    func maximumResponseBytes() throws -> Int {
        var text = Substring(maxResponseSize.trimmingCharacters(in: .whitespaces))
        // "64M", "64MB", "64Mi", "64MiB" and "64m" are all 64 MiB; "512" is bytes.
        if text.last == "B" || text.last == "b" { text = text.dropLast() }
        if text.last == "i" || text.last == "I" { text = text.dropLast() }
        var shift = 0
        if let last = text.last, let found = ["k": 10, "m": 20, "g": 30][last.lowercased()] {
            shift = found
            text = text.dropLast()
        }
        guard let count = Int(text), count > 0, count <= Int.max >> shift else {
            throw ValidationError("--max-response-size \(maxResponseSize): expected a positive size such as 1048576, 512K, 64M or 2G")
        }
        return count << shift
    }

    /// The `-H` headers, in order.
    ///
    /// - Throws: ``CommandFailure`` (usage) for a header without `:` or with an empty name.
    func headerFields() throws(CommandFailure) -> HeaderFields {
        var fields = HeaderFields()
        for header in headers {
            guard let colon = header.firstIndex(of: ":") else {
                throw CommandFailure.usage("-H \(header): expected 'Name: value'")
            }
            let name = header[..<colon].trimmingCharacters(in: .whitespaces)
            let value = header[header.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            guard !name.isEmpty, !name.contains(where: { $0.isWhitespace || $0.isNewline }), !value.contains(where: \.isNewline) else {
                throw CommandFailure.usage("-H \(header): expected 'Name: value'")
            }
            fields.add(name, value)
        }
        return fields
    }
}
