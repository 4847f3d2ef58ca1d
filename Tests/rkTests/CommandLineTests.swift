import Foundation
import RestKitTestSupport
import Testing

/// Runs the built `rk` binary as a user would.
struct CommandLineTests {
    struct Outcome {
        var status: Int32
        var terminatedBySignal: Bool
        var stdout: String
        var stderr: String
        /// From starting the process to its exit.
        var elapsed: Duration = .zero
    }

    static var executable: URL? {
        let candidates = [
            Bundle.main.bundleURL.appendingPathComponent("rk"),
            Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("rk"),
            SharedCorpus.packageRoot.appendingPathComponent(".build/debug/rk"),
        ]
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }

    /// Runs `rk` with `arguments`, `stdin` on its standard input, and waits for it on a GCD
    /// thread (``blockingWork(_:)``), not on one of the Swift concurrency threads.
    static func run(_ arguments: [String], stdin: [UInt8] = [], environment: [String: String] = [:]) async throws -> Outcome {
        let binary: URL = try #require(executable, "the rk binary is not built")
        return try await blockingWork { try runBlocking(binary, arguments, stdin: stdin, environment: environment) }
    }

    private static func runBlocking(_ binary: URL, _ arguments: [String], stdin: [UInt8], environment: [String: String]) throws -> Outcome {
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        }
        let input = Pipe(), output = Pipe(), error = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = error
        let start = ContinuousClock.now
        try process.run()
        input.fileHandleForWriting.write(Data(stdin))
        try input.fileHandleForWriting.close()
        let out = output.fileHandleForReading.readDataToEndOfFile()
        let err = error.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Outcome(status: process.terminationStatus,
                       terminatedBySignal: process.terminationReason == .uncaughtSignal,
                       stdout: String(decoding: out, as: UTF8.self),
                       stderr: String(decoding: err, as: UTF8.self),
                       elapsed: ContinuousClock.now - start)
    }

    static func temporaryFile(_ name: String, _ contents: String) throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("rk-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let url = directory.appendingPathComponent(name)
        try Data(contents.utf8).write(to: url)
        return url
    }

    @Test func parsesAFileToCompactJSON() async throws {
        let file = try Self.temporaryFile("user.json", "{ \"id\": 1,\n \"tags\": [\"a\", true, null] }")
        let outcome = try await Self.run(["parse", file.path])
        #expect(outcome.status == 0)
        #expect(outcome.stdout == "{\"id\":1,\"tags\":[\"a\",true,null]}\n")
        #expect(outcome.stderr.isEmpty)
    }

    @Test func prettyOutput() async throws {
        let outcome = try await Self.run(["parse", "--pretty", "--type", "application/json", "-"], stdin: Array("[1]".utf8))
        #expect(outcome.status == 0)
        #expect(outcome.stdout == "[\n  1\n]\n")
    }

    @Test(arguments: ["yajl", "jansson"])
    func forcesAParserByName(parser: String) async throws {
        let outcome = try await Self.run(["parse", "--parser", parser, "-"], stdin: Array(#"{"a": 1.5}"#.utf8))
        #expect(outcome.status == 0)
        #expect(outcome.stdout == "{\"a\":1.5}\n")
    }

    @Test func malformedInputExitsOneWithPathLineAndColumn() async throws {
        let file = try Self.temporaryFile("bad.json", "{\n  \"a\": [1,\n")
        let outcome = try await Self.run(["parse", file.path])
        #expect(outcome.status == 1)
        #expect(outcome.stdout.isEmpty)
        #expect(outcome.stderr.hasPrefix("rk: error: \(file.path):3:1: "), "\(outcome.stderr)")
        #expect(outcome.stderr.filter { $0 == "\n" }.count == 1)
    }

    @Test func malformedStandardInputIsNamedStdin() async throws {
        let outcome = try await Self.run(["parse", "-"], stdin: Array("[1, }".utf8))
        #expect(outcome.status == 1)
        #expect(outcome.stderr.hasPrefix("rk: error: <stdin>:1:"), "\(outcome.stderr)")
    }

    @Test func usageErrorsExitTwo() async throws {
        for arguments in [["parse", "--bogus"], ["parse", "--parser", "nope", "-"], ["parse", "--type", "not a type", "-"],
                          ["convert", "-"], ["convert", "--to", "text/csv", "-"], ["frobnicate"]] {
            let outcome = try await Self.run(arguments, stdin: Array("[1]".utf8))
            #expect(outcome.status == 2, "\(arguments): \(outcome.stderr)")
            #expect(!outcome.stderr.isEmpty)
        }
    }

    @Test func missingFileExitsOne() async throws {
        let outcome = try await Self.run(["parse", "/nonexistent/dir/file.json"])
        #expect(outcome.status == 1)
        #expect(outcome.stderr.hasPrefix("rk: error: /nonexistent/dir/file.json"))
    }

    @Test func hostileInputNeverKillsTheProcess() async throws {
        let inputs: [[UInt8]] = [
            Array(String(repeating: "[", count: 100_000).utf8),
            Array(String(repeating: "<a>", count: 100_000).utf8),
            [0xFF, 0xFE, 0x00, 0x22],
            Array("\"\u{0}\"".utf8),
            [],
        ]
        for input in inputs {
            for type in ["application/json", "application/xml"] {
                let outcome = try await Self.run(["parse", "--type", type, "-"], stdin: input)
                #expect(!outcome.terminatedBySignal)
                #expect(outcome.status == 1, "\(type) \(input.prefix(8)): \(outcome.stderr)")
                #expect(outcome.stderr.hasPrefix("rk: error: <stdin>"))
            }
        }
    }

    @Test func convertsJSONToXMLAndBack() async throws {
        let json = #"{"user":{"name":"Blake","id":"31337"}}"#
        let toXML = try await Self.run(["convert", "--to", "application/xml", "--type", "application/json", "-"], stdin: Array(json.utf8))
        #expect(toXML.status == 0, "\(toXML.stderr)")
        #expect(toXML.stdout.contains("<name>Blake</name>"))
        let back = try await Self.run(["convert", "--to", "application/json", "--type", "application/xml", "-"], stdin: Array(toXML.stdout.utf8))
        #expect(back.status == 0, "\(back.stderr)")
        #expect(back.stdout == json + "\n")
    }

    @Test func listsParsers() async throws {
        let outcome = try await Self.run(["parsers"])
        #expect(outcome.status == 0)
        for expected in ["application/json", "yajl", "jansson", "application/xml", "libxml2", "*/*+json", "*/*+xml"] {
            #expect(outcome.stdout.contains(expected), "missing \(expected)")
        }
    }

    @Test("rk --help shows an example of every subcommand, and how to get shell completion")
    func helpListsAnExamplePerSubcommand() async throws {
        let help = try await Self.run(["--help"])
        #expect(help.status == 0)
        for subcommand in ["parse", "convert", "parsers", "form", "get", "post", "seed", "query"] {
            #expect(help.stdout.contains("\n  rk \(subcommand)"), "no example of rk \(subcommand):\n\(help.stdout)")
        }
        #expect(help.stdout.contains("--generate-completion-script"))
    }

    @Test("rk generates completion scripts naming every subcommand", arguments: ["bash", "zsh", "fish"])
    func completionScripts(shell: String) async throws {
        let script = try await Self.run(["--generate-completion-script", shell])
        #expect(script.status == 0, "\(script.stderr)")
        for subcommand in ["parse", "convert", "form", "get", "post", "seed", "query"] {
            #expect(script.stdout.contains(subcommand), "\(shell): no \(subcommand)")
        }
    }
}
