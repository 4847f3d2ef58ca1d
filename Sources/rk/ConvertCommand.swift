import ArgumentParser
import RestKit

/// `rk convert`: parse with one plugin, write with another.
struct ConvertCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "convert",
        abstract: "Parse a document and write it in another media type.",
        discussion: """
            Examples:
              rk convert --to application/xml user.json
              rk convert --to application/json feed.xml
            """
    )

    @OptionGroup var input: InputOptions

    @Option(name: .long, help: ArgumentHelp("Media type to write.", valueName: "MIME"))
    var to: String

    func run() throws {
        let registry = Registry.default
        let target: MediaType
        let serializer: any RepresentationSerializer
        do {
            target = try MediaType(to)
            serializer = try registry.serializer(for: target)
        } catch {
            throw CommandFailure.usage("--to: \(error)")
        }
        let value = try input.parse(with: registry, parserName: nil)
        var output: [UInt8]
        do {
            output = try serializer.serialize(value)
        } catch {
            throw CommandFailure.input("\(input.displayName): cannot write as \(target.essence): \(error)")
        }
        if output.last != UInt8(ascii: "\n") { output.append(UInt8(ascii: "\n")) }
        try StandardStreams.writeOutput(output)
    }
}
