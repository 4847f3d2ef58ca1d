import Foundation
import Synchronization

/// A sparse temporary file of a given size, created on first use and removed at exit.
///
/// ```swift
/// let file = BenchmarkTemporaryFile(size: 1 << 30)
/// let path = try file.path()   // created now (ftruncate), deleted when rkbench exits
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
            guard FileManager.default.createFile(atPath: path, contents: nil), truncate(path, off_t(size)) == 0 else {
                throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path])
            }
            let first = Self.pending.withLock { pending in
                pending.append(path)
                return pending.count == 1
            }
            if first { atexit { BenchmarkTemporaryFile.removeAll() } }
            created = path
            return path
        }
    }

    private static func removeAll() {
        for path in pending.withLock({ $0 }) { unlink(path) }
    }

    /// `VmHWM` (peak resident set) or another `/proc/self/status` entry, in bytes.
    static func statusBytes(_ key: String) -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
        for line in status.split(separator: "\n") where line.hasPrefix(key + ":") {
            return line.split(separator: " ").compactMap { Int($0) }.first.map { $0 * 1024 }
        }
        return nil
    }

    /// Resets the peak resident set (`VmHWM`) to the current one; `false` where not allowed.
    static func resetPeakRSS() -> Bool {
        (try? "5".write(toFile: "/proc/self/clear_refs", atomically: false, encoding: .utf8)) != nil
    }
}
