public import RestKitCore

/// One part of a ``MultipartForm``: a field name, optional file name and content type,
/// additional headers, and the content (text, bytes, a file on disk, or a stream).
///
/// Parts are made by the form's `append` methods; change their metadata before
/// ``MultipartForm/makeBody()`` if needed.
///
/// ```swift
/// var form = MultipartForm()
/// try form.appendFile(name: "avatar", path: "/tmp/me.png")
/// form.parts[0].filename = "avatar.png"
/// form.parts[0].headers.append((name: "Content-Language", value: "en"))
/// ```
public struct MultipartPart: Sendable {
    /// The form field name (`name=` of `Content-Disposition`).
    public var name: String {
        get { storage.name }
        set { uniqueStorage().name = newValue }
    }
    /// The file name (`filename=`), or `nil` for a plain field.
    public var filename: String? {
        get { storage.filename }
        set { uniqueStorage().filename = newValue }
    }
    /// The `Content-Type` header, or `nil` for none (plain text fields).
    public var contentType: MediaType? {
        get { storage.contentType }
        set { uniqueStorage().contentType = newValue }
    }
    /// Additional headers, written after `Content-Disposition` and `Content-Type`.
    public var headers: [(name: String, value: String)] {
        get { storage.headers }
        set { uniqueStorage().headers = newValue }
    }
    /// The content.
    var content: Content { storage.content }

    /// The fields, shared between copies until one changes (copy on write): a part is copied
    /// into and out of the form's array, and copying six fields cost more per part than
    /// writing its headers.
    private var storage: Storage

    /// A part's fields. Changed only through ``uniqueStorage()``, which copies a shared one
    /// first, so no two values ever see one change: safe to send.
    private final class Storage: @unchecked Sendable {
        var name: String
        var filename: String?
        var contentType: MediaType?
        var headers: [(name: String, value: String)]
        let content: Content

        init(name: String, filename: String?, contentType: MediaType?, headers: [(name: String, value: String)], content: Content) {
            self.name = name
            self.filename = filename
            self.contentType = contentType
            self.headers = headers
            self.content = content
        }

        func copy() -> Storage {
            Storage(name: name, filename: filename, contentType: contentType, headers: headers, content: content)
        }
    }

    /// The storage, copied first when another part shares it.
    private mutating func uniqueStorage() -> Storage {
        if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
        return storage
    }

    /// Where a part's bytes come from.
    enum Content: Sendable {
        /// A text field's value, written as its UTF-8 bytes (kept as the string: no copy of
        /// its bytes is made for a small form).
        case text(String)
        case bytes([UInt8])
        case file(FileSnapshot)
        case stream(StreamSegment)

        var segment: BodySegment {
            switch self {
            case .text(let text): .bytes(Array(text.utf8))
            case .bytes(let bytes): .bytes(bytes)
            case .file(let file): .file(file)
            case .stream(let stream): .stream(stream)
            }
        }

        var length: Body.Length {
            switch self {
            case .text(let text): .known(text.utf8.count)
            case .bytes(let bytes): .known(bytes.count)
            case .file, .stream: segment.length
            }
        }

        /// The number of bytes when they are in memory.
        var inMemoryCount: Int? {
            switch self {
            case .text(let text): text.utf8.count
            case .bytes(let bytes): bytes.count
            case .file, .stream: nil
            }
        }

        /// Appends the bytes when they are in memory; `false` (nothing appended) otherwise.
        func appendInMemoryBytes(to output: inout [UInt8]) -> Bool {
            switch self {
            case .text(let text): output.appendUTF8(text)
            case .bytes(let bytes): output.append(contentsOf: bytes)
            case .file, .stream: return false
            }
            return true
        }

        /// Whether `search`'s needle occurs in the in-memory bytes (`false` for files and
        /// streams, which are checked as they are read).
        func contains(_ search: MultipartBoundary.Search) -> Bool {
            if let count = inMemoryCount, count < search.needleCount { return false }
            return switch self {
            case .text(var text): text.withUTF8 { search.occurs(in: $0) }
            case .bytes(let bytes): bytes.withUnsafeBufferPointer { search.occurs(in: $0) }
            case .file, .stream: false
            }
        }
    }

    init(
        name: String, filename: String?, contentType: MediaType?, headers: [(name: String, value: String)],
        content: Content
    ) {
        storage = Storage(name: name, filename: filename, contentType: contentType, headers: headers, content: content)
    }

    /// The content's length in bytes, when known.
    ///
    /// ```swift
    /// form.parts.map(\.length.value)
    /// ```
    public var length: Body.Length { content.length }

    /// How every part's header block starts; the form writes it with the delimiter before
    /// it, in one copy.
    static let headerBlockStart: StaticString = "Content-Disposition: form-data; name=\""

    /// Appends the rest of this part's header block to `output`, which ends with
    /// ``headerBlockStart``: the name, the filename, `Content-Type`, the additional headers,
    /// and the blank line.
    ///
    /// `name` and `filename` are escaped as the WHATWG HTML standard does for
    /// multipart/form-data: `"` becomes `%22`, CR `%0D`, LF `%0A`; other characters are
    /// written as raw UTF-8, as browsers and curl send them. No `filename*` parameter is
    /// written: RFC 7578 §4.2 says it MUST NOT be used in multipart/form-data.
    func appendHeaderBlock(to output: inout [UInt8], index: Int) throws(MultipartError) {
        MultipartEncoding.appendQuoted(name, to: &output)
        if let filename {
            output.appendUTF8("\"; filename=\"" as StaticString)
            MultipartEncoding.appendQuoted(filename, to: &output)
        }
        guard contentType != nil || !headers.isEmpty else {
            // A text field: the header block ends here.
            output.appendUTF8("\"\r\n\r\n" as StaticString)
            return
        }
        output.appendUTF8("\"\r\n" as StaticString)
        if let contentType {
            output.appendUTF8("Content-Type: " as StaticString)
            if contentType.parameters.isEmpty {
                // type/subtype written in place (most file parts): no description string.
                try MultipartEncoding.appendHeaderValue(contentType.type, to: &output, name: "Content-Type", part: label(index))
                output.append(0x2F)
                try MultipartEncoding.appendHeaderValue(contentType.subtype, to: &output, name: "Content-Type", part: label(index))
            } else {
                try MultipartEncoding.appendHeaderValue(contentType.description, to: &output, name: "Content-Type", part: label(index))
            }
            output.append(0x0D)
            output.append(0x0A)
        }
        for header in headers {
            try MultipartEncoding.validateHeader(name: header.name, value: header.value, part: label(index))
            let lowered = header.name.lowercased()
            if lowered == "content-disposition" || lowered == "content-type" {
                throw MultipartError(
                    .invalidHeader, "set \(header.name) through the part's name, filename and contentType",
                    part: label(index))
            }
            output.appendUTF8(header.name)
            output.appendUTF8(": " as StaticString)
            output.appendUTF8(header.value)
            output.append(0x0D)
            output.append(0x0A)
        }
        output.append(0x0D)
        output.append(0x0A)
    }

    /// The name used in errors: the field name, or `#index` when it is empty.
    func label(_ index: Int) -> String {
        name.isEmpty ? "#\(index)" : name
    }
}

extension [UInt8] {
    /// Appends `text`'s UTF-8 bytes in one copy (`+= text.utf8` goes byte by byte through an
    /// unspecialized generic append, the cost of writing a small form's headers).
    mutating func appendUTF8(_ text: String) {
        var text = text
        text.withUTF8 { append(contentsOf: $0) }
    }

    /// Appends a literal's UTF-8 bytes in one copy.
    mutating func appendUTF8(_ text: StaticString) {
        text.withUTF8Buffer { append(contentsOf: $0) }
    }
}
