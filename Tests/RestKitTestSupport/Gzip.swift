import Foundation

/// gzip streams made by the system's `gzip` (a real deflate encoder, independent of the code
/// under test), for tests of compressed HTTP responses.
///
/// ```swift
/// let compressed = try Gzip.compress(Array("hello".utf8))
/// ```
public enum Gzip {
    /// Why `gzip` could not compress.
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// `bytes` compressed by `gzip -n -c` (no name, no time stamp: a 10-byte header).
    public static func compress(_ bytes: [UInt8]) throws -> [UInt8] {
        let input = FileManager.default.temporaryDirectory.appendingPathComponent("restkit-gzip-\(UUID().uuidString)")
        try Data(bytes).write(to: input)
        defer { try? FileManager.default.removeItem(at: input) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "gzip -n -c \"$0\"", input.path]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let compressed = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw Failure(description: "gzip exited with \(process.terminationStatus)") }
        return Array(compressed)
    }

    /// `bytes` as a zlib stream (HTTP's `deflate`): gzip's deflate data between a zlib
    /// header and an Adler-32 trailer.
    public static func zlib(_ bytes: [UInt8]) throws -> [UInt8] {
        let gzipped = try compress(bytes)
        // gzip -n: a 10-byte header (no name) and an 8-byte trailer (CRC-32, size).
        guard gzipped.count > 18, gzipped[3] == 0 else { throw Failure(description: "unexpected gzip header") }
        var a: UInt32 = 1
        var b: UInt32 = 0
        for byte in bytes {
            a = (a + UInt32(byte)) % 65_521
            b = (b + a) % 65_521
        }
        let adler = b << 16 | a
        return [0x78, 0x9C] + gzipped[10..<(gzipped.count - 8)]
            + [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: adler >> $0) }
    }
}
