/// Reads fuzzer-chosen parameters off the front of an input, then hands out the rest.
///
/// Targets that need choices besides the document (chunk sizes, a boundary, a key path) take
/// them from the first bytes, so libFuzzer mutates choices and document together. Reading
/// past the end yields zeros: every input is valid.
public struct FuzzInput {
    private let bytes: [UInt8]
    private var position = 0

    /// An input over `bytes`.
    public init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// The next byte, or 0 at the end.
    public mutating func byte() -> UInt8 {
        guard position < bytes.count else { return 0 }
        defer { position += 1 }
        return bytes[position]
    }

    /// Chunk sizes: one byte gives how many sizes follow (1…4), each following byte a size
    /// in 1…256 (byte + 1). ``chunks(of:sizes:)`` cycles through them.
    public mutating func chunkSizes() -> [Int] {
        let count = Int(byte() % 4) + 1
        return (0..<count).map { _ in Int(byte()) + 1 }
    }

    /// Bytes up to (not including) the next `separator`, which is consumed; the whole rest
    /// when there is none.
    public mutating func field(upTo separator: UInt8) -> [UInt8] {
        let end = bytes[position...].firstIndex(of: separator) ?? bytes.count
        defer { position = min(end + 1, bytes.count) }
        return Array(bytes[position..<end])
    }

    /// Everything not read yet.
    public mutating func rest() -> [UInt8] {
        defer { position = bytes.count }
        return position < bytes.count ? Array(bytes[position...]) : []
    }

    /// The header that ``chunkSizes()`` reads back as `sizes` (sizes clamped to 1…256, at
    /// most 4): seeds put it in front of a document.
    public static func chunkHeader(_ sizes: [Int]) -> [UInt8] {
        let sizes = sizes.prefix(4)
        return [UInt8(max(sizes.count, 1) - 1)] + sizes.map { UInt8(min(max($0, 1), 256) - 1) }
    }
}

/// `bytes` cut into consecutive chunks whose sizes cycle through `sizes` (each at least 1);
/// an empty input gives one empty chunk.
public func chunks(of bytes: [UInt8], sizes: [Int]) -> [ArraySlice<UInt8>] {
    guard !bytes.isEmpty else { return [bytes[...]] }
    let sizes = sizes.isEmpty ? [bytes.count] : sizes.map { max($0, 1) }
    var result: [ArraySlice<UInt8>] = []
    var start = 0
    var turn = 0
    while start < bytes.count {
        let end = min(start + sizes[turn % sizes.count], bytes.count)
        result.append(bytes[start..<end])
        start = end
        turn += 1
    }
    return result
}
