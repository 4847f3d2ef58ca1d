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
    public var name: String
    /// The file name (`filename=`), or `nil` for a plain field.
    public var filename: String?
    /// The `Content-Type` header, or `nil` for none (plain text fields).
    public var contentType: MediaType?
    /// Additional headers, written after `Content-Disposition` and `Content-Type`.
    public var headers: [(name: String, value: String)]
    /// The content.
    let content: Content

    /// Where a part's bytes come from.
    enum Content: Sendable {
        case bytes([UInt8])
        case file(FileSnapshot)
        case stream(StreamSegment)

        var segment: BodySegment {
            switch self {
            case .bytes(let bytes): .bytes(bytes)
            case .file(let file): .file(file)
            case .stream(let stream): .stream(stream)
            }
        }
    }

    init(
        name: String, filename: String?, contentType: MediaType?, headers: [(name: String, value: String)],
        content: Content
    ) {
        self.name = name
        self.filename = filename
        self.contentType = contentType
        self.headers = headers
        self.content = content
    }

    /// The content's length in bytes, when known.
    ///
    /// ```swift
    /// form.parts.map(\.length.value)
    /// ```
    public var length: Body.Length { content.segment.length }

    /// Appends the header block of this part to `output`: `Content-Disposition`,
    /// `Content-Type`, the additional headers, and the blank line.
    ///
    /// `name` and `filename` are escaped as the WHATWG HTML standard does for
    /// multipart/form-data: `"` becomes `%22`, CR `%0D`, LF `%0A`; other characters are
    /// written as raw UTF-8, as browsers and curl send them. No `filename*` parameter is
    /// written: RFC 7578 §4.2 says it MUST NOT be used in multipart/form-data.
    func appendHeaderBlock(to output: inout [UInt8], index: Int) throws(MultipartError) {
        output.appendUTF8("Content-Disposition: form-data; name=\"" as StaticString)
        output.appendUTF8(MultipartEncoding.escapeQuoted(name))
        output.append(0x22)
        if let filename {
            output.appendUTF8("; filename=\"" as StaticString)
            output.appendUTF8(MultipartEncoding.escapeQuoted(filename))
            output.append(0x22)
        }
        output.append(0x0D)
        output.append(0x0A)
        if let contentType {
            let value = contentType.description
            try MultipartEncoding.validateHeader(name: "Content-Type", value: value, part: label(index))
            output.appendUTF8("Content-Type: " as StaticString)
            output.appendUTF8(value)
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
