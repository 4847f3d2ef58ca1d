internal import CByteScan
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Line and column for a parser that does not keep its input: counts lines and columns
/// chunk by chunk as input goes by (the yajl driver, ``JSONElementScanner``), so an error anywhere can still be reported with the
/// same ``SourceLocation`` a whole-document parser gives.
///
/// The cost is one pass over each chunk after it is parsed: newlines are found with `memchr`
/// and columns are counted sixteen bytes at a time (a column is a Unicode scalar, so UTF-8
/// continuation bytes are not counted).
///
/// ```swift
/// var counter = StreamLocationCounter()
/// counter.advance(over: chunk)                            // after each chunk
/// counter.location(at: offset, inChunk: next, from: 1024) // where an error is reported
/// ```
package struct StreamLocationCounter {
    package init() {}

    /// Bytes counted so far.
    package private(set) var offset = 0
    /// 1-based line at ``offset``.
    private var line = 1
    /// 1-based column at ``offset``.
    private var column = 1
    /// Line and column before each of the last four bytes counted (`recent.3` the last), so
    /// that an error just before the chunk is still placed exactly: the yajl driver holds back
    /// at most three bytes of a UTF-8 sequence a chunk cut, and places a failure in a callback
    /// at its token's last byte, one before those.
    private var recent = ((line: 1, column: 1), (line: 1, column: 1), (line: 1, column: 1), (line: 1, column: 1))
    /// How many of ``recent`` are bytes counted so far (at most 4).
    private var recentCount = 0

    /// Counts a chunk that has been parsed.
    package mutating func advance(over chunk: UnsafeBufferPointer<UInt8>) {
        let head = max(0, chunk.count - 4)
        (line, column) = Self.advance(line: line, column: column, over: UnsafeBufferPointer(rebasing: chunk[0..<head]))
        for byte in chunk[head...] {
            recent = (recent.1, recent.2, recent.3, (line, column))
            recentCount = min(4, recentCount + 1)
            if byte == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        offset += chunk.count
    }

    /// The location of `inputOffset`, which lies in `chunk` (not yet counted) starting at
    /// input offset `chunkOffset` (normally ``offset``), in the last four bytes counted, or
    /// at the end of the input counted so far when `chunk` is empty. The byte offset is always
    /// exact; line and column too, except for an offset further back than four bytes
    /// (which no caller reports), placed at the chunk's start.
    package func location(at inputOffset: Int, inChunk chunk: UnsafeBufferPointer<UInt8>, from chunkOffset: Int) -> SourceLocation {
        let back = chunkOffset - inputOffset
        if back >= 1, back <= recentCount, chunkOffset == offset {
            let position = switch back {
            case 1: recent.3
            case 2: recent.2
            case 3: recent.1
            default: recent.0
            }
            return SourceLocation(line: position.line, column: position.column, byteOffset: inputOffset)
        }
        let prefix = min(max(inputOffset - chunkOffset, 0), chunk.count)
        let (line, column) = Self.advance(line: line, column: column, over: UnsafeBufferPointer(rebasing: chunk[0..<prefix]))
        return SourceLocation(line: line, column: column, byteOffset: inputOffset)
    }

    private static func advance(line: Int, column: Int, over bytes: UnsafeBufferPointer<UInt8>) -> (Int, Int) {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return (line, column) }
        var line = line
        var lineStart = 0
        var sawNewline = false
        while lineStart < bytes.count,
              let hit = memchr(base + lineStart, Int32(UInt8(ascii: "\n")), bytes.count - lineStart) {
            line += 1
            lineStart = UnsafeRawPointer(hit) - UnsafeRawPointer(base) + 1
            sawNewline = true
        }
        let tail = UnsafeBufferPointer(rebasing: bytes[lineStart...])
        let scalars = scalarCount(tail)
        return (line, sawNewline ? 1 + scalars : column + scalars)
    }

    /// Bytes that are not UTF-8 continuation bytes (`10xxxxxx`), counted many at a time
    /// (`CByteScan`: sixteen bytes at a time with SSE2).
    static func scalarCount(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        guard let base = bytes.baseAddress else { return 0 }
        return bytes.count - restkit_utf8_continuation_count(base, 0, bytes.count)
    }
}
