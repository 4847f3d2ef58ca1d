import ArgumentParser
import RestKit

/// `rk`: parse, convert and inspect documents with RestKit's registry; fetch and post over HTTP.
struct RK: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rk",
        abstract: "Parse, convert, inspect, fetch and post API payloads with RestKit's parser registry; seed and query a SQLite or PostgreSQL store.",
        discussion: """
            One example per subcommand (`rk help <subcommand>` has more):
              rk parse users.json
              rk convert --to application/xml user.json
              rk parsers
              rk form -F name=Blake -F 'avatar=@me.png' -o body.bin
              rk get -v https://api.github.com/gists/public
              rk post http://127.0.0.1:8080/upload -F title=Holiday -F 'photo=@beach.jpg'
              rk seed articles.json --mapping mapping.json --database app.sqlite
              rk query app.sqlite Article --mapping mapping.json --search cafe

            Exit status: 0 on success, 1 when the input is malformed or unreadable or a \
            request fails (one line on stderr: rk: error: PATH:LINE:COLUMN: reason), 2 on usage errors.

            Shell completion: rk --generate-completion-script bash (or zsh, fish) prints a \
            script to source or install (README, "rk").
            """,
        version: RestKitVersion.current,
        subcommands: [
            ParseCommand.self, ConvertCommand.self, ParsersCommand.self, FormCommand.self, GetCommand.self, PostCommand.self,
            SeedCommand.self, QueryCommand.self,
        ]
    )
}
