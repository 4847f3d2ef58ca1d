import ArgumentParser
import RestKit
import RestKitHTTP

/// `rk get`: fetch a URL and print the parsed representation of the response as JSON.
struct GetCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "get",
        abstract: "Fetch a URL and print the parsed response as JSON.",
        discussion: """
            The response's Content-Type picks the parser through the registry (see `rk parsers`); \
            --type overrides it. Exit status 1, with one `rk: error:` line, on HTTP 400 or more, a \
            transport error (a refused connection fails at once), an unregistered content type \
            and an unparsable body. Examples:
              rk get https://api.github.com/gists/public
              rk get --pretty -H 'Authorization: Bearer TOKEN' http://127.0.0.1:8080/articles
              rk get --type application/xml http://127.0.0.1:8080/feed
            """
    )

    @OptionGroup var http: HTTPOptions

    @Option(name: .long, help: ArgumentHelp("Parse the response as this media type, whatever its Content-Type.", valueName: "MIME"))
    var type: String?

    @Flag(name: .long, help: "Indent the output.")
    var pretty = false

    func run() async throws {
        let registry = Registry.default
        var override: MediaType?
        if let type {
            do {
                override = try MediaType(type)
            } catch {
                throw CommandFailure.usage("--type: \(error.reason)")
            }
        }
        var headers = try http.headerFields()
        if headers["Accept"] == nil {
            headers["Accept"] = override?.essence ?? ObjectManager.Configuration(registry: registry).acceptHeader
        }
        let request = TransportRequest(method: .get, url: http.url, headers: headers)
        let response = try await HTTPExchange(options: http).send(request)
        guard !response.body.isEmpty else { return }  // 204 and friends: nothing to print
        let value = try Self.parse(response, as: override, from: http.url, registry: registry)
        var output: [UInt8]
        do {
            output = try JSONWriter(options: pretty ? [.prettyPrinted] : []).write(value)
        } catch {
            throw CommandFailure.input("\(http.url): \(error)")
        }
        output.append(UInt8(ascii: "\n"))
        try StandardStreams.writeOutput(output)
    }

    /// Parses the body with the parser for `override`, else for the response's Content-Type.
    static func parse(
        _ response: TransportResponse, as override: MediaType?, from url: String, registry: Registry
    ) throws(CommandFailure) -> Representation {
        let mediaType: MediaType
        if let override {
            mediaType = override
        } else {
            guard let header = response.headers["Content-Type"] else {
                throw CommandFailure.input("\(url): the response has no Content-Type (use --type MIME)")
            }
            do {
                mediaType = try MediaType(header)
            } catch {
                throw CommandFailure.input("\(url): malformed Content-Type '\(header)': \(error.reason)")
            }
        }
        let parser: any RepresentationParser
        do {
            parser = try registry.parser(for: mediaType)
        } catch {
            let origin = override == nil ? "content type" : "--type"
            throw CommandFailure.input(
                "\(url): no parser for the \(origin) \(mediaType.essence) (see `rk parsers`; --type overrides)")
        }
        do {
            return try parser.parse(response.body)
        } catch let error as ParseError {
            throw CommandFailure.parse(error, in: url)
        } catch {
            throw CommandFailure.input("\(url): \(error)")
        }
    }
}
