import RestKit

/// A JSON array of tweet-like objects of any size, produced chunk by chunk and never held
/// whole: `[` + elements joined by `,` + `]`, where the elements cycle through a pool of
/// distinct statuses taken from ``TwitterLikeDocument`` (deterministic: same seed, same bytes).
///
/// ```swift
/// var stream = TweetArrayStream(pool: try TweetArrayStream.pool(), targetBytes: 1 << 30)
/// while let chunk = stream.nextChunk() { … }   // ~64 KiB each, the last one ends the array
/// ```
struct TweetArrayStream {
    /// Compact JSON of each pooled status.
    let pool: [[UInt8]]
    /// Stop adding elements once this many bytes have been produced (the array's closing
    /// bracket comes after, so the total is slightly more).
    let targetBytes: Int
    let chunkBytes: Int

    private(set) var producedBytes = 0
    private(set) var elementCount = 0
    private var buffer: [UInt8] = []
    private var finished = false

    init(pool: [[UInt8]], targetBytes: Int, chunkBytes: Int = 64 * 1024) {
        self.pool = pool
        self.targetBytes = targetBytes
        self.chunkBytes = chunkBytes
        buffer.reserveCapacity(chunkBytes + (pool.map(\.count).max() ?? 0) + 2)
    }

    /// The statuses of the generated Twitter-like document, each written compactly.
    static func pool(seed: UInt64 = 0x5EED) throws -> [[UInt8]] {
        var random = SplitMix64(seed: seed)
        let document = try YAJLParser().parse(TwitterLikeDocument.generate(&random))
        guard case .array(let statuses)? = document["statuses"]?.content, !statuses.isEmpty else {
            throw BaselineError("the generated Twitter-like document has no statuses")
        }
        return try statuses.map { try JSONWriter().write($0) }
    }

    /// The next chunk (valid until the next call), or `nil` after the closing bracket.
    mutating func nextChunk() -> ArraySlice<UInt8>? {
        guard !finished, !pool.isEmpty else { return nil }
        buffer.removeAll(keepingCapacity: true)
        if producedBytes == 0 { buffer.append(UInt8(ascii: "[")) }
        while buffer.count < chunkBytes {
            if producedBytes + buffer.count >= targetBytes {
                buffer.append(UInt8(ascii: "]"))
                finished = true
                break
            }
            if elementCount > 0 { buffer.append(UInt8(ascii: ",")) }
            buffer.append(contentsOf: pool[elementCount % pool.count])
            elementCount += 1
        }
        producedBytes += buffer.count
        return buffer[...]
    }
}
