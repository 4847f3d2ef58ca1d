import RestKit

/// `mapping` in `stream-map/…`: streams a generated tweet array through
/// ``JSONElementStreamParser`` (`mapping-yajl`: ``YAJLElementStreamParser``) in 64 KiB chunks and maps every element into a ``BenchTweet``
/// as it completes — what `ObjectMapping.stream(from:at:)` does per chunk, without the
/// async sequence around it. Nothing is kept: memory stays flat whatever the size.
///
/// ```swift
/// let workload = StreamMapWorkload(pool: pool, targetBytes: 1 << 30)
/// let checksum = try workload.run()
/// ```
struct StreamMapWorkload: Workload {
    let pool: [[UInt8]]
    let targetBytes: Int
    /// Streams with ``YAJLElementStreamParser`` instead (`mapping-yajl`).
    var usesYAJL = false
    var name: String { usesYAJL ? "mapping-yajl" : "mapping" }
    /// One 1 GiB pass is a sample; no warm-up, no repetition.
    var isOneShot: Bool { true }
    private let probe = ProbedPeak()

    /// `peak_rss_bytes`: the peak resident memory of a fresh `rkbench` process doing this
    /// stream alone (see ``MemoryProbe``), the number the memory target is about.
    var metrics: [String: Double] {
        guard let peak = probe.value({ MemoryProbe.measure("\(usesYAJL ? "stream-map-yajl" : "stream-map"):\(targetBytes)") }) else { return [:] }
        return ["peak_rss_bytes": Double(peak)]
    }

    func run() throws -> Int {
        var source = TweetArrayStream(pool: pool, targetBytes: targetBytes)
        var checksum = 0
        var count = 0
        func map(_ elements: [Representation]) throws {
            for element in elements {
                let tweet = try BenchTweet.mapping.map(element)
                checksum &+= tweet.retweetCount &+ Int(truncatingIfNeeded: tweet.userID) &+ tweet.screenName.utf8.count
                count += 1
            }
        }
        if usesYAJL {
            var parser = YAJLElementStreamParser()
            while let chunk = source.nextChunk() { try map(try parser.append(chunk)) }
            try map(try parser.finish())
        } else {
            var parser = JSONElementStreamParser()
            while let chunk = source.nextChunk() { try map(try parser.append(chunk)) }
            try map(try parser.finish())
        }
        guard count == source.elementCount else {
            throw BaselineError("mapped \(count) of \(source.elementCount) elements")
        }
        return checksum &+ count
    }
}

/// `yajl-noop` in `stream-map/…`: the same generated chunks through yajl with empty
/// callbacks — the floor for any yajl-based streaming.
struct StreamNoopWorkload: Workload {
    let name = "yajl-noop"
    let pool: [[UInt8]]
    let targetBytes: Int
    var isOneShot: Bool { true }

    func run() throws -> Int {
        var source = TweetArrayStream(pool: pool, targetBytes: targetBytes)
        var noop = YAJLNoopStream()
        while let chunk = source.nextChunk() {
            try noop.parse(chunk)
        }
        try noop.finish()
        return source.producedBytes
    }
}
