public import RestKitCore

/// Builds a `multipart/form-data` body (RFC 7578): text fields, in-memory data, files on
/// disk and streams, each with an optional file name, content type and extra headers.
///
/// The body is a replayable ``Body`` whose exact `Content-Length` (boundaries and part
/// headers included) is known before the first byte whenever every part's length is known.
/// Files are streamed from disk in chunks, so memory stays flat whatever their size.
///
/// ```swift
/// var form = MultipartForm()
/// form.append(field: "title", value: "Holiday")
/// form.append(name: "meta", data: Array(#"{"tags":["sea"]}"#.utf8), contentType: .json)
/// try form.appendFile(name: "photo", path: "/tmp/IMG_0042.JPG")   // image/jpeg, "IMG_0042.JPG"
/// let body = try form.makeBody()
/// body.contentType   // multipart/form-data; boundary=RestKit-…
/// body.length.value  // the exact Content-Length
/// ```
///
/// The boundary is random (128 bits) unless given; a random boundary that happens to occur
/// in an in-memory part is regenerated, a given one is an error.
public struct MultipartForm: Sendable {
    /// The parts, in order.
    public var parts: [MultipartPart] = []
    /// The boundary, without the leading `--`.
    public private(set) var boundary: String
    /// Whether ``boundary`` was chosen here (and may be regenerated on a collision).
    private let boundaryIsRandom: Bool

    /// A form with a random boundary, or with `boundary` (validated by ``makeBody()``).
    ///
    /// ```swift
    /// var form = MultipartForm()
    /// var fixed = MultipartForm(boundary: "----fixed-for-tests")
    /// ```
    public init(boundary: String? = nil) {
        self.boundary = boundary ?? MultipartBoundary.random()
        self.boundaryIsRandom = boundary == nil
    }

    /// Adds a text field (UTF-8, no `Content-Type`, as browsers send them).
    ///
    /// ```swift
    /// form.append(field: "comment", value: "Nice!")
    /// ```
    public mutating func append(field name: String, value: String, headers: [(name: String, value: String)] = []) {
        add(MultipartPart(name: name, filename: nil, contentType: nil, headers: headers, content: .text(value)))
    }

    /// Adds in-memory bytes, as a file when `filename` is given (its content type then
    /// defaults to the one of the file name's extension).
    ///
    /// ```swift
    /// form.append(name: "file", data: bytes, filename: "a.bin", contentType: FileMediaTypes.octetStream)
    /// ```
    public mutating func append(
        name: String, data: [UInt8], filename: String? = nil, contentType: MediaType? = nil,
        headers: [(name: String, value: String)] = []
    ) {
        add(MultipartPart(name: name, filename: filename, contentType: Self.type(contentType, filename),
                          headers: headers, content: .bytes(data)))
    }

    /// Adds a file on disk, streamed when the body is produced. Its size and modification
    /// time are captured now; a file that changes afterwards fails the body. The file name
    /// defaults to the last path component, the content type to the one of its extension
    /// (``FileMediaTypes``).
    ///
    /// ```swift
    /// try form.appendFile(name: "upload", path: "/data/report.pdf")
    /// try form.appendFile(name: "upload", path: "/tmp/x", filename: "report.pdf", contentType: .json)
    /// ```
    ///
    /// - Throws: ``BodyError`` when the file is missing or not a regular file.
    public mutating func appendFile(
        name: String, path: String, filename: String? = nil, contentType: MediaType? = nil,
        headers: [(name: String, value: String)] = []
    ) throws(BodyError) {
        let snapshot = try FileSnapshot(path: path)
        add(MultipartPart(
            name: name, filename: filename ?? FileMediaTypes.lastPathComponent(path),
            contentType: contentType ?? FileMediaTypes.mediaType(forPath: filename ?? path), headers: headers,
            content: .file(snapshot)))
    }

    /// Adds a stream of `length` bytes; `makeSource` is called for every reader (replays).
    /// With an unknown length, the whole body's length is unknown too. With a `filename`,
    /// the content type defaults to the one of its extension.
    ///
    /// ```swift
    /// form.append(name: "log", length: .known(size), filename: "app.log") { try LogSource(path) }
    /// ```
    public mutating func append(
        name: String, length: Body.Length, filename: String? = nil, contentType: MediaType? = nil,
        headers: [(name: String, value: String)] = [],
        _ makeSource: @escaping @Sendable () throws -> any BodySource
    ) {
        add(MultipartPart(
            name: name, filename: filename, contentType: Self.type(contentType, filename), headers: headers,
            content: .stream(StreamSegment(name: name, length: length, makeSource: makeSource))))
    }

    /// Appends `part`. The first part reserves room for 16: a part is one reference, and a
    /// form's array growing one by one (1, 2, 4, 8, 16) cost a reallocation per doubling.
    private mutating func add(_ part: MultipartPart) {
        if parts.capacity == 0 { parts.reserveCapacity(16) }
        parts.append(part)
    }

    /// The finished body, with `contentType` `multipart/form-data; boundary=…`.
    ///
    /// ```swift
    /// let body = try form.makeBody()
    /// request.headers["Content-Type"] = body.contentType?.description
    /// ```
    ///
    /// - Throws: ``MultipartError`` for a header with CR or LF, an invalid boundary, or a
    ///   given boundary that occurs in an in-memory part.
    public mutating func makeBody() throws(MultipartError) -> Body {
        try MultipartBoundary.validate(boundary)
        var attempts = 0
        while let collision = collidingPart() {
            attempts += 1
            guard boundaryIsRandom, attempts < 16 else {
                throw MultipartError(.boundaryInContent, "the boundary '\(boundary)' occurs in the content",
                                     part: parts[collision].label(collision))
            }
            boundary = MultipartBoundary.random()
        }
        return Body(segments: try segments(), contentType: contentType)
    }

    /// `contentType`, or for a file part (with a `filename`) the type of its extension.
    private static func type(_ contentType: MediaType?, _ filename: String?) -> MediaType? {
        contentType ?? filename.map(FileMediaTypes.mediaType(forPath:))
    }

    /// `multipart/form-data; boundary=…` for the current boundary.
    public var contentType: MediaType {
        MediaType(type: "multipart", subtype: "form-data", parameters: ["boundary": boundary])
    }

    /// The index of the first in-memory part containing the boundary.
    private func collidingPart() -> Int? {
        // Parts shorter than the boundary cannot hold it (most text fields): no search to build.
        let boundaryCount = boundary.utf8.count
        guard parts.contains(where: { ($0.content.inMemoryCount ?? 0) >= boundaryCount }) else { return nil }
        let search = MultipartBoundary.Search(Array(boundary.utf8))
        // Through the buffer: each part is borrowed where it is, not copied out of the array.
        return parts.withUnsafeBufferPointer { parts in
            parts.indices.first { index in
                parts[index].content.contains(search)
            }
        }
    }

    /// In-memory parts below this size are merged with the delimiters around them into one
    /// segment; larger ones are their own segment, read in place rather than copied.
    static let mergedPartLimit = 64 * 1024

    /// The body's segments, with adjacent in-memory bytes merged.
    private func segments() throws(MultipartError) -> [BodySegment] {
        var segments: [BodySegment] = []
        // "CRLF--boundary": the delimiter before every part but the first (whose CRLF is left
        // out) and before the closing "--". With the start of the part's header block it is
        // one copy per part.
        var opener: [UInt8] = []
        opener.appendUTF8("\r\n--" as StaticString)
        opener.appendUTF8(boundary)
        let delimiterCount = opener.count
        opener.appendUTF8("\r\n" as StaticString)
        opener.appendUTF8(MultipartPart.headerBlockStart)
        var pending: [UInt8] = []
        pending.reserveCapacity(parts.reduce(opener.count + 8) { total, part in
            if let count = part.content.inMemoryCount, count < Self.mergedPartLimit {
                return total + count + opener.count + 120
            }
            return total + opener.count + 120
        })
        // Through the buffer: each part is borrowed where it is, not copied out of the array.
        try opener.withUnsafeBufferPointer { opener throws(MultipartError) in
            try parts.withUnsafeBufferPointer { parts throws(MultipartError) in
                for index in parts.indices {
                    pending.append(contentsOf: index == 0 ? UnsafeBufferPointer(rebasing: opener[2...]) : opener)
                    try parts[index].appendHeaderBlock(to: &pending, index: index)
                    let content = parts[index].content
                    if let count = content.inMemoryCount, count < Self.mergedPartLimit {
                        _ = content.appendInMemoryBytes(to: &pending)
                    } else {
                        segments.append(.bytes(pending))
                        pending = []
                        pending.reserveCapacity(1024)
                        segments.append(content.segment)
                    }
                }
            }
            // The closing delimiter (a form without parts has no CRLF before it).
            pending.append(contentsOf: UnsafeBufferPointer(rebasing: opener[(parts.isEmpty ? 2 : 0)..<delimiterCount]))
        }
        pending.appendUTF8("--\r\n" as StaticString)
        segments.append(.bytes(pending))
        return segments
    }
}
