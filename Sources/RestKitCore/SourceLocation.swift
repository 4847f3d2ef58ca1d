/// A position in a parsed input: 1-based line and column, 0-based byte offset.
///
/// Columns count Unicode scalars from the start of the line, so a column points at the
/// character a reader sees, whatever its UTF-8 length.
///
/// ```swift
/// let location = SourceLocation(offset: 7, in: Array("{\n  \"a\" x".utf8))
/// location.line    // 2
/// location.column  // 6
/// ```
public struct SourceLocation: Sendable, Hashable, CustomStringConvertible {
    /// 1-based line number.
    public var line: Int
    /// 1-based column, in Unicode scalars.
    public var column: Int
    /// 0-based offset in bytes from the start of the input.
    public var byteOffset: Int

    /// A location with known coordinates.
    public init(line: Int, column: Int, byteOffset: Int) {
        self.line = line
        self.column = column
        self.byteOffset = byteOffset
    }

    /// Computes line and column of `offset` by scanning `input` (done only when an error is
    /// thrown, never on the success path). Offsets past the end are clamped to the end.
    public init<Bytes: Collection<UInt8>>(offset: Int, in input: Bytes) where Bytes.Index == Int {
        let end = min(max(offset, 0), input.count)
        var line = 1
        var column = 1
        var index = input.startIndex
        let stop = input.startIndex + end
        while index < stop {
            let byte = input[index]
            if byte == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
            index += 1
        }
        self.init(line: line, column: column, byteOffset: offset)
    }

    /// `LINE:COLUMN`.
    public var description: String { "\(line):\(column)" }
}

/// Tracks line and column across chunks that are not kept, for incremental parsers.
///
/// ```swift
/// var tracker = LocationTracker()
/// tracker.advance(over: chunk)   // after each chunk is consumed
/// tracker.location(at: 3, in: nextChunk)
/// ```
public struct LocationTracker: Sendable, Hashable {
    /// Bytes consumed before the current chunk.
    public private(set) var byteOffset = 0
    private var line = 1
    private var column = 1

    /// A tracker at the start of the input.
    public init() {}

    /// Moves past a whole chunk.
    public mutating func advance(over chunk: UnsafeRawBufferPointer) {
        for byte in chunk {
            if byte == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        byteOffset += chunk.count
    }

    /// Moves the byte offset only, when lines and columns are not wanted.
    public mutating func skip(_ count: Int) {
        byteOffset += count
    }

    /// The location of byte `offset` of `chunk`, the chunk that follows what was advanced over.
    public func location(at offset: Int, in chunk: UnsafeRawBufferPointer) -> SourceLocation {
        var copy = self
        let end = min(max(offset, 0), chunk.count)
        copy.advance(over: UnsafeRawBufferPointer(rebasing: chunk[0..<end]))
        return SourceLocation(line: copy.line, column: copy.column, byteOffset: copy.byteOffset)
    }

    /// The location reached after everything advanced over.
    public var location: SourceLocation {
        SourceLocation(line: line, column: column, byteOffset: byteOffset)
    }
}
