#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Input yajl accepts but JSON does not, rejected before yajl sees it.
enum YAJLLeniency {
    /// The offset of the first form feed or vertical tab. yajl takes them for whitespace,
    /// JSON does not; inside a string they are unescaped control characters, also invalid.
    /// So any occurrence is an error.
    static func firstFormFeedOrVerticalTab(in chunk: UnsafeRawBufferPointer) -> Int? {
        guard let base = chunk.baseAddress else { return nil }
        let formFeed = memchr(base, 0x0C, chunk.count).map { UnsafeRawPointer($0) - base }
        let verticalTab = memchr(base, 0x0B, chunk.count).map { UnsafeRawPointer($0) - base }
        return [formFeed, verticalTab].compactMap { $0 }.min()
    }
}
