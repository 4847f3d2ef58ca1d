import Foundation

/// A program on the PATH (`xmllint`, `python3`, `ruby`), for interoperability tests: an
/// independent implementation reads what we write and writes what we read.
///
/// ```swift
/// @Suite(.enabled(if: ExternalProgram("xmllint") != nil, "xmllint is not installed (libxml2-utils)"))
/// struct XMLInteropTests {
///     @Test func xmllintAcceptsOurOutput() async throws {
///         let outcome = try await #require(ExternalProgram("xmllint")).run(["--noout", "-"], input: bytes)
///         #expect(outcome.status == 0, "\(outcome.errors)")
///     }
/// }
/// ```
public struct ExternalProgram: Sendable {
    /// The executable's path.
    public let path: String

    /// The first executable called `name` on the PATH; `nil` when there is none.
    public init?(_ name: String) {
        let directories = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin").split(separator: ":")
        guard let found = directories.map({ "\($0)/\(name)" }).first(where: { FileManager.default.isExecutableFile(atPath: $0) })
        else { return nil }
        path = found
    }

    /// How a run ended.
    public struct Outcome: Sendable {
        /// The exit status.
        public var status: Int32
        /// Everything written to standard output.
        public var output: [UInt8]
        /// Standard error, as text.
        public var errors: String
        /// Standard output, as text.
        public var text: String { String(decoding: output, as: UTF8.self) }
    }

    /// A failure to start the program.
    public struct Failure: Error, CustomStringConvertible {
        public var description: String

        public init(description: String) {
            self.description = description
        }
    }

    /// Runs the program with `arguments`, `input` on its standard input, and waits for it on a
    /// GCD thread (``blockingWork(_:)``), not on one of the Swift concurrency threads.
    ///
    /// ```swift
    /// let outcome = try await ExternalProgram("xmllint")!.run(["--noout", "-"], input: bytes)
    /// ```
    public func run(_ arguments: [String], input: [UInt8] = []) async throws -> Outcome {
        try await blockingWork { try runBlocking(arguments, input: input) }
    }

    /// Runs the program with `arguments`, `input` on its standard input, and waits for it on
    /// the calling thread (for synchronous code, such as a trait's condition; tests use
    /// ``run(_:input:)``). Standard input, output and error go through temporary files, so no
    /// pipe can fill up and block either side, whatever the sizes.
    public func runBlocking(_ arguments: [String], input: [UInt8] = []) throws -> Outcome {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("restkit-program-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let inputURL = directory.appendingPathComponent("in")
        let outputURL = directory.appendingPathComponent("out")
        let errorURL = directory.appendingPathComponent("err")
        try Data(input).write(to: inputURL)
        try Data().write(to: outputURL)
        try Data().write(to: errorURL)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        process.standardInput = try FileHandle(forReadingFrom: inputURL)
        process.standardOutput = try FileHandle(forWritingTo: outputURL)
        process.standardError = try FileHandle(forWritingTo: errorURL)
        do {
            try process.run()
        } catch {
            throw Failure(description: "cannot run \(path): \(error)")
        }
        process.waitUntilExit()
        return Outcome(
            status: process.terminationStatus, output: Array(try Data(contentsOf: outputURL)),
            errors: String(decoding: try Data(contentsOf: errorURL), as: UTF8.self))
    }
}
