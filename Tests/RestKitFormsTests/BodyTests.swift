import Foundation
import RestKitTestSupport
import Synchronization
import Testing

@testable import RestKitForms

#if canImport(Glibc)
import Glibc
#endif

@Suite("Streaming bodies")
struct BodyTests {
    static func writeFile(_ bytes: [UInt8], in directory: URL, name: String = "f.bin") throws -> String {
        let path = directory.appendingPathComponent(name).path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test("bytes, file and stream segments; every reader replays from the start; progress")
    func replayAndProgress() async throws {
        try await withTemporaryDirectoryAsync { directory in
            let content = testBytes(count: 300_000, seed: 5)
            let path = try Self.writeFile(content, in: directory)
            var form = MultipartForm(boundary: "replay")
            try form.appendFile(name: "f", path: path)
            let last = Mutex<Body.Progress?>(nil)
            let body = try form.makeBody().withProgress { progress in last.withLock { $0 = progress } }
            let first = try body.makeReader().readAll()
            #expect(last.withLock { $0 } == Body.Progress(bytesProduced: first.count, totalBytes: first.count))
            let second = try body.makeReader().readAll()
            #expect(first == second)
            var chunks: [[UInt8]] = []
            var chunked = body
            chunked.chunkSize = 4096
            for try await chunk in chunked { chunks.append(chunk) }
            #expect(chunks.flatMap { $0 } == first)
            #expect(chunks.dropLast().allSatisfy { $0.count == 4096 })
            #expect(body.length == .known(first.count))
        }
    }

    @Test("readAll of a one-array body, whole or after a partial read, reads it once, with progress")
    func readAllOfBytes() throws {
        let content = testBytes(count: 10_000, seed: 9)
        let calls = Mutex<[Body.Progress]>([])
        let body = Body.bytes(content).withProgress { progress in calls.withLock { $0.append(progress) } }
        let reader = body.makeReader()
        #expect(try reader.readAll() == content)
        #expect(reader.bytesProduced == content.count)
        #expect(try reader.readAll() == [])
        #expect(calls.withLock { $0 } == [Body.Progress(bytesProduced: content.count, totalBytes: content.count)])

        let partial = body.makeReader()
        var head = [UInt8](repeating: 0, count: 100)
        #expect(try head.withUnsafeMutableBytes { try partial.read(into: $0) } == 100)
        #expect(head + (try partial.readAll()) == content)
        #expect(try Body.bytes([]).makeReader().readAll() == [])
    }

    @Test("a missing file is an error naming it, when added and when produced")
    func missingFile() throws {
        try withTemporaryDirectory { directory in
            let path = directory.appendingPathComponent("nope.bin").path
            #expect {
                _ = try Body.file(atPath: path)
            } throws: { error in
                let error = try #require(error as? BodyError)
                return error.errorType == .fileNotFound && error.path == path && error.description.contains("nope.bin")
            }
            let existing = try Self.writeFile([1, 2, 3], in: directory)
            let body = try Body.file(atPath: existing)
            try FileManager.default.removeItem(atPath: existing)
            #expect(throws: BodyError.self) { _ = try body.makeReader().readAll() }
        }
    }

    @Test("a file changed after it was added fails before the first byte")
    func changedBeforeStreaming() throws {
        try withTemporaryDirectory { directory in
            let path = try Self.writeFile(testBytes(count: 1000, seed: 1), in: directory)
            let body = try Body.file(atPath: path)
            try Data(testBytes(count: 1200, seed: 2)).write(to: URL(fileURLWithPath: path))
            #expect {
                _ = try body.makeReader().readAll()
            } throws: { ($0 as? BodyError)?.errorType == .fileChanged && ($0 as? BodyError)?.path == path }
        }
    }

    @Test("a file truncated while streaming fails with an error naming it, never a short body")
    func truncatedWhileStreaming() throws {
        try withTemporaryDirectory { directory in
            let path = try Self.writeFile(testBytes(count: 4 << 20, seed: 9), in: directory)
            let reader = try Body.file(atPath: path).makeReader()
            var buffer = [UInt8](repeating: 0, count: 1 << 20)
            let first = try buffer.withUnsafeMutableBytes { try reader.read(into: $0) }
            #expect(first == 1 << 20)
            #expect(truncate(path, 2 << 20) == 0)
            var produced = first
            let error = #expect(throws: BodyError.self) {
                while true {
                    let count = try buffer.withUnsafeMutableBytes { try reader.read(into: $0) }
                    if count == 0 { break }
                    produced += count
                }
            }
            #expect(error?.errorType == .fileChanged)
            #expect(error?.path == path)
            #expect(error?.description.contains("truncated") == true)
            #expect(produced == 2 << 20)
        }
    }

    @Test("a file that grows while streaming fails instead of sending extra bytes")
    func grewWhileStreaming() throws {
        try withTemporaryDirectory { directory in
            let path = try Self.writeFile(testBytes(count: 100_000, seed: 9), in: directory)
            let reader = try Body.file(atPath: path).makeReader()
            var buffer = [UInt8](repeating: 0, count: 4096)
            _ = try buffer.withUnsafeMutableBytes { try reader.read(into: $0) }
            let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
            try handle.seekToEnd()
            try handle.write(contentsOf: Data([1, 2, 3]))
            try handle.close()
            let error = #expect(throws: BodyError.self) { _ = try reader.readAll() }
            #expect(error?.description.contains("grew") == true)
            #expect(error?.path == path)
        }
    }

    @Test("a stream that produces another length than declared fails")
    func streamLengthMismatch() throws {
        let short = Body.stream(length: .known(10), name: "short") { ArraySource(bytes: [1, 2, 3]) }
        let shortError = #expect(throws: BodyError.self) { _ = try short.makeReader().readAll() }
        #expect(shortError?.errorType == .lengthMismatch)
        #expect(shortError?.description.contains("'short'") == true)
        let long = Body.stream(length: .known(2), name: "long") { ArraySource(bytes: [1, 2, 3]) }
        #expect(throws: BodyError.self) { _ = try long.makeReader().readAll() }
        let unknown = Body.stream(length: .unknown) { ArraySource(bytes: [1, 2, 3]) }
        #expect(unknown.length == .unknown)
        #expect(try unknown.makeReader().readAll() == [1, 2, 3])
        var form = MultipartForm(boundary: "u")
        form.append(name: "s", length: .unknown) { ArraySource(bytes: [1]) }
        #expect(try form.makeBody().length == .unknown)
    }

    // The body of a file past 2^31 bytes streams whole, with the exact length it announced.
    // Its memory is measured where the process is alone: `rk form` streams the same 2 GiB file
    // in its own process and reports its peak (FormCommandTests.aLargeFileStreamsWithFlatMemory).
    // Here other suites run beside this one in the same process (one streams 256 MiB through
    // the HTTP client), so the process's resident size says nothing about this body's.
    @Test("a 2 GiB sparse file streams whole, past 2^31 bytes")
    func sparseFileStreamsWhole() throws {
        try withTemporaryDirectory { directory in
            let size = 2 << 30
            let path = directory.appendingPathComponent("sparse.bin").path
            #expect(FileManager.default.createFile(atPath: path, contents: nil))
            #expect(truncate(path, off_t(size)) == 0)
            var form = MultipartForm(boundary: "sparse")
            form.append(field: "note", value: "two gibibytes of zeros")
            try form.appendFile(name: "blob", path: path)
            let body = try form.makeBody()
            let reader = body.makeReader()
            var buffer = [UInt8](repeating: 0, count: 1 << 20)
            var produced = 0
            let start = ContinuousClock.now
            while true {
                let count = try buffer.withUnsafeMutableBytes { try reader.read(into: $0) }
                if count == 0 { break }
                produced += count
            }
            let elapsed = ContinuousClock.now - start
            #expect(produced == body.length.value)
            #expect(produced > size)
            print("2 GiB sparse multipart: \(produced) bytes in \(elapsed)")
        }
    }
}

/// Async variant of ``withTemporaryDirectory(_:)``.
func withTemporaryDirectoryAsync<T>(_ body: (URL) async throws -> T) async throws -> T {
    let directory = FileManager.default.temporaryDirectory
        .appendingPathComponent("restkit-forms-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    return try await body(directory)
}
