import Foundation
import Synchronization

/// A temporary file of a given size filled with a pseudo-random pattern (real data, so reads
/// come from the page cache, not from a sparse hole), created on first use and removed at exit.
///
/// ```swift
/// let file = BenchmarkTemporaryFile(size: 1 << 30)
/// let path = try file.path()   // written now, deleted when rkbench exits
/// ```
final class BenchmarkTemporaryFile: Sendable {
    /// The file size in bytes.
    let size: Int
    private let created = Mutex<String?>(nil)
    /// Every file created, removed by an `atexit` handler.
    private static let pending = Mutex<[String]>([])

    init(size: Int) {
        self.size = size
    }

    /// The file's path, creating it the first time.
    func path() throws -> String {
        try created.withLock { created in
            if let created { return created }
            let path = FileManager.default.temporaryDirectory
                .appendingPathComponent("rkbench-multipart-\(getpid())-\(size).bin").path
            try Self.write(size: size, to: path)
            let first = Self.pending.withLock { pending in
                pending.append(path)
                return pending.count == 1
            }
            if first { atexit { BenchmarkTemporaryFile.removeAll() } }
            created = path
            return path
        }
    }

    /// Writes `size` bytes: one 4 MiB block of SplitMix64 output, repeated.
    private static func write(size: Int, to path: String) throws {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path]) }
        defer { close(descriptor) }
        var state: UInt64 = 0x5EED
        var block = [UInt8](repeating: 0, count: 4 << 20)
        for index in stride(from: 0, to: block.count, by: 8) {
            state &+= 0x9E37_79B9_7F4A_7C15
            var mixed = (state ^ (state >> 30)) &* 0xBF58_476D_1CE4_E5B9
            mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
            withUnsafeBytes(of: mixed ^ (mixed >> 31)) { block.replaceSubrange(index..<index + 8, with: $0) }
        }
        var remaining = size
        while remaining > 0 {
            let count = min(remaining, block.count)
            let written = block.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, count) }
            guard written > 0 else { throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path]) }
            remaining -= written
        }
    }

    private static func removeAll() {
        for path in pending.withLock({ $0 }) { unlink(path) }
    }
}
