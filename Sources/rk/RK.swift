import ArgumentParser
import RestKit

/// `rk`: parse, convert and inspect documents with RestKit's registry; fetch and post over HTTP.
struct RK: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rk",
        abstract: "Parse, convert, inspect, fetch and post API payloads with RestKit's parser registry; seed and query a SQLite store.",
        discussion: """
            Exit status: 0 on success, 1 when the input is malformed or unreadable or a \
            request fails (one line on stderr: rk: error: PATH:LINE:COLUMN: reason), 2 on usage errors.
            """,
        version: RestKitVersion.current,
        subcommands: [
            ParseCommand.self, ConvertCommand.self, ParsersCommand.self, FormCommand.self, GetCommand.self, PostCommand.self,
            SeedCommand.self, QueryCommand.self,
        ]
    )
}
