public import RestKitCore

/// A request body: a ``Length`` (known or unknown) plus a way to produce its bytes, from the
/// start, as many times as needed (for retries and redirects).
///
/// A body is a list of segments: bytes in memory, files read from disk in fixed-size chunks,
/// and streams made by a factory. Memory stays flat whatever the size of the files: file
/// bytes go straight from `pread(2)` into the consumer's buffer. Any HTTP client can send it:
///
/// - synchronously, with ``makeReader()`` and ``Reader/read(into:)`` (fills a caller buffer);
/// - asynchronously, as an `AsyncSequence` of `[UInt8]` chunks of ``chunkSize`` bytes.
///
/// ```swift
/// let body = try Body.file(atPath: "/tmp/video.mp4")
/// body.length.value               // the file's size, captured now
/// for try await chunk in body {   // 256 KiB chunks, read from disk as they are needed
///     try await connection.write(chunk)
/// }
/// ```
///
/// A file that disappears, becomes unreadable, or changes (size or modification time)
/// between ``file(atPath:)`` and streaming fails the body with a ``BodyError`` naming it.
public struct Body: Sendable {
    /// How many bytes the body produces, when known.
    public let length: Length
    /// The content type the body's producer declares (`multipart/form-data; boundary=…`),
    /// or `nil` when it declares none.
    public var contentType: MediaType?
    /// The size of the chunks of the `AsyncSequence` view (default 256 KiB).
    public var chunkSize: Int = 256 * 1024
    /// The segments, produced in order.
    let segments: [BodySegment]
    /// Called after each read with the bytes produced so far.
    var progressHandler: (@Sendable (Progress) -> Void)?

    init(segments: [BodySegment], contentType: MediaType? = nil) {
        self.segments = segments
        self.length = segments.reduce(Length.known(0)) { $0 + $1.length }
        self.contentType = contentType
    }

    /// A body holding `bytes`.
    ///
    /// ```swift
    /// let body = Body.bytes(Array("hello".utf8))
    /// ```
    public static func bytes(_ bytes: [UInt8]) -> Body {
        Body(segments: [.bytes(bytes)])
    }

    /// A body streaming the file at `path`. Its size and modification time are captured now;
    /// producing the body checks them again and fails if the file changed.
    ///
    /// ```swift
    /// let body = try Body.file(atPath: "/var/backups/db.tar")
    /// ```
    ///
    /// - Throws: ``BodyError`` when the file is missing or not a readable regular file.
    public static func file(atPath path: String) throws(BodyError) -> Body {
        Body(segments: [.file(try FileSnapshot(path: path))])
    }

    /// A body produced by a source that `makeSource` creates for every reader (so the body
    /// can be replayed). When `length` is known, producing fewer or more bytes is an error.
    ///
    /// ```swift
    /// let body = Body.stream(length: .known(1 << 30), name: "zeros") { Zeros(remaining: 1 << 30) }
    /// ```
    public static func stream(
        length: Length, name: String = "stream", _ makeSource: @escaping @Sendable () throws -> any BodySource
    ) -> Body {
        Body(segments: [.stream(StreamSegment(name: name, length: length, makeSource: makeSource))])
    }

    /// A copy of this body that calls `handler` after every read with the bytes produced so
    /// far (the count restarts for every new reader). To observe progress as an async
    /// sequence, yield into an `AsyncStream` continuation from the handler.
    ///
    /// ```swift
    /// let (progress, continuation) = AsyncStream.makeStream(of: Body.Progress.self)
    /// let body = try Body.file(atPath: path).withProgress { continuation.yield($0) }
    /// ```
    public func withProgress(_ handler: @escaping @Sendable (Progress) -> Void) -> Body {
        var copy = self
        copy.progressHandler = handler
        return copy
    }

    /// A new reader producing the body from its first byte. Readers are independent: make
    /// one per attempt.
    ///
    /// ```swift
    /// let reader = body.makeReader()
    /// var buffer = [UInt8](repeating: 0, count: 65_536)
    /// while case let count = try buffer.withUnsafeMutableBytes({ try reader.read(into: $0) }), count > 0 {
    ///     send(buffer[..<count])
    /// }
    /// ```
    public func makeReader() -> Reader {
        Reader(segments: segments, length: length.value, progress: progressHandler)
    }
}

/// One piece of a body.
enum BodySegment: Sendable {
    case bytes([UInt8])
    case file(FileSnapshot)
    case stream(StreamSegment)

    var length: Body.Length {
        switch self {
        case .bytes(let bytes): .known(bytes.count)
        case .file(let file): .known(file.size)
        case .stream(let stream): stream.length
        }
    }
}

/// A stream segment: a replayable source factory and its declared length.
struct StreamSegment: Sendable {
    let name: String
    let length: Body.Length
    let makeSource: @Sendable () throws -> any BodySource
}
