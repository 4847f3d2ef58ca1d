import Crypto
import Foundation
import Testing
import RestKitHTTP
import RestKitTestSupport

/// A large upload through the manager to the test server in the same process, measuring the
/// peak resident memory it adds. Off by default (it writes a large file); run with
/// `RESTKIT_LARGE_UPLOAD_MIB=1024 swift test --skip-build --filter LargeUploadTests`.
@Suite("A large streamed upload keeps memory flat")
struct LargeUploadTests {
    static let mebibytes = Int(ProcessInfo.processInfo.environment["RESTKIT_LARGE_UPLOAD_MIB"] ?? "") ?? 0

    // Opt-in (RESTKIT_LARGE_UPLOAD_MIB), and Linux only: the peak is read from /proc. Without
    // the peak reset the growth would be measured against the whole run's peak so far and
    // could pass whatever the upload did, so a failed reset fails the test.
    @Test(.enabled(if: mebibytes > 0, "set RESTKIT_LARGE_UPLOAD_MIB=N to upload N MiB"),
          .enabled(if: ResidentMemory.isSupported, "resident memory is read from /proc (Linux only)"))
    func largeUploadHasFlatMemory() async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("restkit-large-\(UUID().uuidString).bin").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        var hasher = SHA256()
        #expect(FileManager.default.createFile(atPath: path, contents: nil))
        let handle = try #require(FileHandle(forWritingAtPath: path))
        var state: UInt64 = 99
        var chunk = [UInt8](repeating: 0, count: 1 << 20)
        for _ in 0..<Self.mebibytes {
            for index in stride(from: 0, to: chunk.count, by: 8) {
                state = state &* 6364136223846793005 &+ 1442695040888963407
                withUnsafeBytes(of: state.littleEndian) { chunk.replaceSubrange(index..<index + 8, with: $0) }
            }
            hasher.update(data: chunk)
            handle.write(Data(chunk))
        }
        handle.closeFile()
        let digest = UploadServer.hex(hasher.finalize())
        chunk = []

        try await GistServer.run { baseURL in
            let manager = Mappings.gistManager(baseURL)
            try ResidentMemory.resetPeak()
            let before = try ResidentMemory.peakBytes()
            let start = ContinuousClock.now
            let result = try await manager.upload(to: "/uploads", files: [.file(name: "big", path: path)])
            let elapsed = ContinuousClock.now - start
            let growth = try ResidentMemory.peakBytes() - before
            print("large upload: \(Self.mebibytes) MiB in \(elapsed), peak RSS growth \(growth >> 20) MiB")
            #expect(result.document?["files"]?[0]?["sha256"]?.stringValue == digest)
            #expect(result.document?["files"]?[0]?["size"]?.int64Value == Int64(Self.mebibytes) << 20)
            #expect(growth < 64 << 20, "peak RSS grew by \(growth) bytes")
        }
    }
}
