#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A process's peak and current resident memory, read from `/proc/<pid>/status` (Linux): the
/// one reader that `rk form --stats`, `rkbench` and the flat-memory tests share.
///
/// ```swift
/// try ResidentMemory.resetPeak()        // peak := current (Linux 4.0+)
/// … work …
/// let peak = try ResidentMemory.peakBytes()               // VmHWM of this process, in bytes
/// let child = try ResidentMemory.peakBytes(of: childPID)  // a child's
/// ```
///
/// Every failure throws a ``ResidentMemoryError`` naming the file; nothing reads as `0`.
/// On other platforms (no `/proc`) every call throws `.unsupportedPlatform`; check
/// ``isSupported`` first to skip instead.
public enum ResidentMemory {
    /// Whether this platform has the `/proc` files read here (Linux).
    ///
    /// ```swift
    /// @Test(.enabled(if: ResidentMemory.isSupported, "needs /proc (Linux)")) func flatMemory() { … }
    /// ```
    public static var isSupported: Bool {
        #if os(Linux)
        true
        #else
        false
        #endif
    }

    /// The peak resident set (`VmHWM`) of a process, in bytes: this one by default, or the
    /// process `pid`.
    ///
    /// ```swift
    /// let peak = try ResidentMemory.peakBytes()
    /// ```
    public static func peakBytes(of pid: Int32? = nil) throws(ResidentMemoryError) -> Int {
        try field("VmHWM", of: pid)
    }

    /// The current resident set (`VmRSS`) of a process, in bytes.
    ///
    /// ```swift
    /// let before = try ResidentMemory.currentBytes()
    /// ```
    public static func currentBytes(of pid: Int32? = nil) throws(ResidentMemoryError) -> Int {
        try field("VmRSS", of: pid)
    }

    /// Resets this process's peak to its current resident set (writes `5` to
    /// `/proc/self/clear_refs`, Linux 4.0+), so a later ``peakBytes(of:)`` is the peak of
    /// what runs in between.
    ///
    /// ```swift
    /// try ResidentMemory.resetPeak()
    /// ```
    public static func resetPeak() throws(ResidentMemoryError) {
        let path = "/proc/self/clear_refs"
        try requireSupport(path)
        let descriptor = open(path, O_WRONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw ResidentMemoryError(.notWritable, "cannot open: \(lastError())", path: path)
        }
        defer { close(descriptor) }
        let written = write(descriptor, "5", 1)
        guard written == 1 else {
            throw ResidentMemoryError(.notWritable, "cannot write: \(lastError())", path: path)
        }
    }

    /// The value of field `name` (`"VmHWM"`) in the text of a `/proc/<pid>/status` file, in
    /// bytes: the line `VmHWM:\t   1234 kB` gives 1,263,616. `nil` when there is no such
    /// line or its value is not a whole number of kB.
    ///
    /// ```swift
    /// ResidentMemory.field("VmRSS", inStatus: "VmRSS:\t  10 kB\n")   // 10240
    /// ```
    public static func field(_ name: String, inStatus text: String) -> Int? {
        let prefix = name + ":"
        for line in text.split(separator: "\n") where line.hasPrefix(prefix) {
            let words = line.dropFirst(prefix.count).split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard words.count == 2, words[1] == "kB", let kilobytes = Int(words[0]),
                  kilobytes >= 0, kilobytes <= Int.max / 1024
            else { return nil }
            return kilobytes * 1024
        }
        return nil
    }

    private static func field(_ name: String, of pid: Int32?) throws(ResidentMemoryError) -> Int {
        let path = "/proc/\(pid.map { String($0) } ?? "self")/status"
        let text = try contents(of: path)
        guard let bytes = field(name, inStatus: text) else {
            throw ResidentMemoryError(.missingField, "no '\(name): N kB' line", path: path)
        }
        return bytes
    }

    /// The whole file (a `/proc` file reports size 0, so it is read until end of file).
    private static func contents(of path: String) throws(ResidentMemoryError) -> String {
        try requireSupport(path)
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw ResidentMemoryError(.unreadable, "cannot open: \(lastError())", path: path)
        }
        defer { close(descriptor) }
        var contents: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = buffer.withUnsafeMutableBytes { raw in read(descriptor, raw.baseAddress, raw.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw ResidentMemoryError(.unreadable, "cannot read: \(lastError())", path: path)
            }
            if count == 0 { break }
            contents.append(contentsOf: buffer[0..<count])
            guard contents.count <= 1 << 20 else {
                throw ResidentMemoryError(.unreadable, "longer than 1 MiB", path: path)
            }
        }
        return String(decoding: contents, as: UTF8.self)
    }

    private static func requireSupport(_ path: String) throws(ResidentMemoryError) {
        guard isSupported else {
            throw ResidentMemoryError(.unsupportedPlatform, "no /proc on this platform (Linux only)", path: path)
        }
    }

    private static func lastError() -> String {
        String(cString: strerror(errno))
    }
}
