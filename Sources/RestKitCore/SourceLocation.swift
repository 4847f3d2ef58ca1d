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
