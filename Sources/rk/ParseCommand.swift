import ArgumentParser
import RestKit

/// `rk parse`: print the representation of a document as JSON.
struct ParseCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "parse",
        abstract: "Parse a document and print its representation as JSON.",
        discussion: """
            The media type comes from --type, else from the file extension (.json, .xml), \
            else from the first character of the input. Examples:
              rk parse users.json
              curl -s https://api.example.com/feed | rk parse --type application/atom+xml --pretty -
              rk parse --parser jansson big.json
            """
    )

    @OptionGroup var input: InputOptions

    @Option(name: .long, help: ArgumentHelp("Use this parser plugin (see `rk parsers`).", valueName: "NAME"))
    var parser: String?

    @Flag(name: .long, help: "Indent the output.")
    var pretty = false

    func run() throws {
        let value = try input.parse(with: .default, parserName: parser)
        var output: [UInt8]
        do {
            output = try JSONWriter(options: pretty ? [.prettyPrinted] : []).write(value)
        } catch {
            throw CommandFailure.input("\(input.displayName): \(error)")
        }
        output.append(UInt8(ascii: "\n"))
        try StandardStreams.writeOutput(output)
    }
}
