import ArgumentParser
import Crypto
import Foundation
import RestKit

/// `rk form`: build a form body (multipart or URL-encoded), or parse one.
struct FormCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "form",
        abstract: "Write a multipart/form-data or URL-encoded body, or parse one.",
        discussion: """
            Writing: the body goes to stdout (or -o PATH); Content-Type and Content-Length are \
            printed on stderr. Files are streamed from disk in fixed-size chunks, so memory \
            stays flat whatever their size. Examples:
              rk form -F name=Blake -F 'avatar=@me.png' -o body.bin
              rk form -F 'report=@/data/big.csv;type=text/csv;filename=report.csv' > body.bin
              rk form --urlencoded -F 'user[name]=Blake' -F 'tags[]=a' -F 'tags[]=b'
            Parsing: one JSON line per part (name, filename, content type, size, SHA-256):
              rk form --parse --type 'multipart/form-data; boundary=XYZ' body.bin
            """
    )

    @Flag(name: .long, help: "Write application/x-www-form-urlencoded instead of multipart/form-data (pairs in the given order; no ;type= or ;filename=).")
    var urlencoded = false

    @Option(name: .customShort("F"), help: ArgumentHelp(
        "A field: name=value, or a file: name=@PATH[;type=MIME][;filename=NAME]. Repeatable.", valueName: "FIELD"))
    var fields: [String] = []

    @Option(name: .customShort("o"), help: ArgumentHelp("Write the body to this file instead of stdout.", valueName: "PATH"))
    var output: String?

    @Flag(name: .long, help: "Parse a body instead of writing one.")
    var parse = false

    @Flag(name: .long, help: "When writing, also print bytes written, time, throughput and peak memory on stderr.")
    var stats = false

    @Option(name: .long, help: ArgumentHelp("The body's media type, with its boundary (with --parse).", valueName: "MIME"))
    var type: String?

    @Argument(help: ArgumentHelp("The body to parse, or - for standard input (with --parse).", valueName: "PATH|-"))
    var path: String?

    func validate() throws {
        if parse {
            guard type != nil else { throw ValidationError("--parse needs --type (for multipart, with its boundary)") }
            guard fields.isEmpty else { throw ValidationError("-F cannot be combined with --parse") }
        } else if path != nil {
            throw ValidationError("a PATH argument is only read with --parse")
        }
    }

    func run() throws {
        if parse {
            try FormParsing(type: type ?? "", path: path ?? "-").run()
        } else {
            try FormWriting(fields: fields, urlencoded: urlencoded, output: output, printsStats: stats).run()
        }
    }
}
