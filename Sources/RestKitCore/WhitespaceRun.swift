internal import CByteScan

/// The whitespace JSON and XML share (space, tab, line feed, carriage return: XML's `S`),
/// measured many bytes at a time (`CByteScan`: sixteen with SSE2, eight in a word elsewhere).
///
/// ```swift
/// let bytes: [UInt8] = Array("\n    <a/>".utf8)
/// bytes.withUnsafeBufferPointer { WhitespaceRun.leadingCount(in: $0) }  // 5
/// ```
package enum WhitespaceRun {
    /// How many bytes at the start of `bytes` are whitespace (`bytes.count` when all are).
    package static func leadingCount(in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        guard let base = bytes.baseAddress else { return 0 }
        return restkit_skip_json_whitespace(base, 0, bytes.count)
    }
}
