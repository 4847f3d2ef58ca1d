import Foundation
import GRDB
import RestKitCore
import RestKitStore
import RestKitTestSupport
import Testing

// Helpers for the safety tests on real files: generated payloads, an independent look at a
// database file (plain GRDB, not the store), tmpfs mounts and the import child process.

/// `count` generated articles with ids from `firstID` (a plain array representation, no parsing).
func generatedArticles(_ count: Int, firstID: Int64 = 1, title: String = "Article") -> Representation {
    .array((0..<Int64(count)).map { offset in
        [
            "id": .int(firstID + offset),
            "title": .string("\(title) \(firstID + offset)"),
            "body": .string(String(repeating: "Lorem ipsum dolor sit amet. ", count: 4)),
            "author": ["name": .string("Author \(offset % 97)")],
            "published_at": "2024-05-01T10:00:00Z",
            "rating": .double(Double(offset % 50) / 10),
            "featured": .bool(offset % 2 == 0),
        ]
    })
}

/// What a database file holds, read with a fresh plain GRDB connection (which also recovers a
/// WAL left by a killed process): the articles' row count, a checksum over every value of
/// every row in rowid order, and `PRAGMA integrity_check`'s answer.
struct FileSnapshot: Equatable, CustomStringConvertible {
    var rows: Int
    var checksum: UInt64
    var integrity: String

    init(path: String) throws {
        let queue = try DatabaseQueue(path: path)
        (rows, checksum, integrity) = try queue.read { db in
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325   // FNV-1a, 64 bits
            var rows = 0
            let cursor = try Row.fetchCursor(db, sql: "SELECT * FROM articles ORDER BY rowid")
            while let row = try cursor.next() {
                rows += 1
                for byte in row.databaseValues.map(\.description).joined(separator: "\u{1F}").utf8 + [0x1E] {
                    hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
                }
            }
            let integrity = try String.fetchAll(db, sql: "PRAGMA integrity_check").joined(separator: "; ")
            return (rows, hash, integrity)
        }
        try queue.close()
    }

    var description: String { "\(rows) rows, checksum \(String(checksum, radix: 16)), integrity \(integrity)" }
}

/// The size of a file in bytes (0 when it does not exist).
func fileSize(_ path: String) -> Int {
    ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber)?.intValue ?? 0
}

/// Runs an executable to completion, returning its status and output.
@discardableResult
func runTool(_ path: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: path)
    process.arguments = arguments
    let output = Pipe()
    process.standardOutput = output
    process.standardError = output
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
}

/// Runs `body` with a fresh directory on a tmpfs of `size` (`mount -t tmpfs -o size=…`), unmounted
/// and removed afterwards; cancels the test (with the reason) where mounting is not allowed.
func withTmpfs<T>(size: String, _ body: (URL) async throws -> T) async throws -> T {
    let directory = FileManager.default.temporaryDirectory.appending(path: "RestKitStoreTests-tmpfs-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let mounted = try? runTool("/bin/mount", ["-t", "tmpfs", "-o", "size=\(size)", "tmpfs", directory.path])
    guard let mounted, mounted.status == 0 else {
        try Test.cancel("cannot mount a tmpfs here (needs root): \(mounted?.output ?? "no /bin/mount")")
    }
    defer {
        if (try? runTool("/bin/umount", [directory.path]))?.status != 0 {
            _ = try? runTool("/bin/umount", ["-l", directory.path])
        }
    }
    return try await body(directory)
}

/// The `store-import-child` helper built beside the test bundle (`swift build --build-tests`
/// builds it), or nil.
var importChildExecutable: URL? {
    let name = "store-import-child"
    let bundle = Bundle.main.bundleURL
    let candidates = [
        bundle.appending(path: name), bundle.deletingLastPathComponent().appending(path: name),
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().appending(path: "../../.build/debug/\(name)").standardized,
    ]
    return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
}

/// How a killed import child ended.
struct KilledChild {
    /// Whether it was still running (inside its import) when killed.
    var wasRunning: Bool
    var terminatedBySignal: Bool
    var status: Int32
    var stdout: String
    var stderr: String
    /// The size of the store's `-wal` file just before the kill.
    var walBytesAtKill: Int
}

/// Starts the import child on `path` (a SQLite file, or a PostgreSQL URL) importing `count`
/// articles, waits for its "started" line and — for a file — for its `-wal` file to grow (the
/// import's pages reaching the file), plus `delay`, kills it with SIGKILL and waits for it to
/// end. Blocks: call it off the cooperative pool (``killImportChild(_:path:count:after:)``).
func killImportChildBlocking(_ executable: URL, path: String, count: Int, after delay: Duration) throws -> KilledChild {
    let isFile = !path.hasPrefix("postgres://")
    let process = Process()
    process.executableURL = executable
    process.arguments = [path, String(count)]
    let output = Pipe(), errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    // A child that never says "started" must not hang the test.
    let watchdog = DispatchWorkItem { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
    DispatchQueue.global().asyncAfter(deadline: .now() + 120, execute: watchdog)
    defer { watchdog.cancel() }
    var stdout = Data()
    while !String(decoding: stdout, as: UTF8.self).contains("started\n") {
        let chunk = output.fileHandleForReading.availableData
        if chunk.isEmpty { break }   // end of file: the child exited
        stdout.append(chunk)
    }
    let started = String(decoding: stdout, as: UTF8.self).contains("started\n")
    if started {
        // Until the import's transaction has written to the WAL (however loaded the machine),
        // then `delay` more.
        let deadline = ContinuousClock.now + .seconds(60)
        while isFile, fileSize(path + "-wal") == 0, process.isRunning, ContinuousClock.now < deadline {
            Thread.sleep(forTimeInterval: 0.02)
        }
        Thread.sleep(forTimeInterval: Double(delay.components.seconds) + Double(delay.components.attoseconds) / 1e18)
    }
    let walBytes = isFile ? fileSize(path + "-wal") : 0
    let wasRunning = started && process.isRunning
    if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    stdout.append(output.fileHandleForReading.readDataToEndOfFile())
    let stderr = errors.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return KilledChild(
        wasRunning: wasRunning, terminatedBySignal: process.terminationReason == .uncaughtSignal,
        status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
        stderr: String(decoding: stderr, as: UTF8.self), walBytesAtKill: walBytes)
}

/// ``killImportChildBlocking(_:path:count:after:)`` on a GCD thread.
func killImportChild(_ executable: URL, path: String, count: Int, after delay: Duration) async throws -> KilledChild {
    try await blockingWork { try killImportChildBlocking(executable, path: path, count: count, after: delay) }
}
