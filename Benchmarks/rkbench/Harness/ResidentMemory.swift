import Foundation

/// A process's peak and current resident memory, from `/proc/<pid>/status` (Linux): this
/// process's by default, or a child's.
///
/// ```swift
/// ResidentMemory.resetPeak()       // peak := current, where the kernel allows it
/// … work …
/// ResidentMemory.peakBytes()       // VmHWM in bytes
/// ```
enum ResidentMemory {
    /// `VmHWM` (peak resident set) in bytes, or `nil` when unavailable (or the process is gone).
    static func peakBytes(of process: String = "self") -> Int? { field("VmHWM:", of: process) }

    /// `VmRSS` (current resident set) in bytes, or `nil` when unavailable.
    static func currentBytes(of process: String = "self") -> Int? { field("VmRSS:", of: process) }

    /// Resets the peak to the current resident set (writes `5` to `/proc/self/clear_refs`,
    /// Linux 4.0+); returns whether that worked. Without it the peak is the whole process's.
    @discardableResult
    static func resetPeak() -> Bool {
        guard let handle = FileHandle(forWritingAtPath: "/proc/self/clear_refs") else { return false }
        defer { try? handle.close() }
        do {
            try handle.write(contentsOf: Array("5".utf8))
            return true
        } catch {
            return false
        }
    }

    private static func field(_ name: String, of process: String) -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/\(process)/status", encoding: .utf8) else { return nil }
        for line in status.split(separator: "\n") where line.hasPrefix(name) {
            let digits = line.dropFirst(name.count).filter(\.isNumber)
            return Int(digits).map { $0 * 1024 }  // reported in kB
        }
        return nil
    }
}
