import ArgumentParser
import Foundation
import RestKit

/// The input shared by `parse` and `convert`: a path (or `-` for stdin) and its media type.
struct InputOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("Media type of the input, e.g. application/json.", valueName: "MIME"))
    var type: String?

    @Argument(help: ArgumentHelp("File to read, or - for standard input.", valueName: "PATH|-"))
    var path: String = "-"

    /// How the input is named in messages.
    var displayName: String { path == "-" ? "<stdin>" : path }

    /// The bytes of the input.
    func read() throws(CommandFailure) -> [UInt8] {
        if path == "-" {
            let data = FileHandle.standardInput.readDataToEndOfFile()
            return Array(data)
        }
        do {
            return Array(try Data(contentsOf: URL(fileURLWithPath: path)))
        } catch {
            let reason = (error as NSError).localizedFailureReason ?? "cannot read the file"
            throw CommandFailure.input("\(path): \(reason)")
        }
    }

    /// `--type`, else the registry's type for the file extension, else a guess from the
    /// first non-blank byte (`<` is XML, anything else JSON).
    func mediaType(of bytes: [UInt8], in registry: Registry) throws(CommandFailure) -> MediaType {
        if let type {
            do {
                return try MediaType(type)
            } catch {
                throw CommandFailure.usage("--type: \(error.reason)")
            }
        }
        if path != "-", let type = registry.mediaType(forPath: path) { return type }
        let first = bytes.first { ![0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) }
        return first == UInt8(ascii: "<") || first == 0xFE || first == 0xFF ? .xml : .json
    }

    /// Parses the input with the parser for its type, or the one named `parserName`.
    func parse(with registry: Registry, parserName: String?) throws(CommandFailure) -> Representation {
        let bytes = try read()
        let parser: any RepresentationParser
        do {
            if let parserName {
                parser = try registry.parser(named: parserName)
            } else {
                parser = try registry.parser(for: try mediaType(of: bytes, in: registry))
            }
        } catch let error as CommandFailure {
            throw error
        } catch {
            throw CommandFailure.usage("\(error)")
        }
        do {
            return try parser.parse(bytes)
        } catch let error as ParseError {
            throw CommandFailure.parse(error, in: displayName)
        } catch {
            throw CommandFailure.input("\(displayName): \(error)")
        }
    }
}
