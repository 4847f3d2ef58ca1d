/// A synchronous producer of bytes, for ``Body/stream(length:name:_:)``.
///
/// ```swift
/// struct Zeros: BodySource {
///     var remaining: Int
///     mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
///         let count = min(buffer.count, remaining)
///         buffer.baseAddress?.initializeMemory(as: UInt8.self, repeating: 0, count: count)
///         remaining -= count
///         return count
///     }
/// }
/// ```
public protocol BodySource {
    /// Writes up to `buffer.count` bytes into `buffer` and returns how many; 0 means the end.
    mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int
}
