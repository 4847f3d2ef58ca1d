import MultipartKit
import NIOCore
import NIOHTTP1
import RestKit

/// One `multipart/form-data` body for the peer benchmarks: the fields and the file both
/// serializers start from, and the body RestKit writes for them (what both parsers read, in
/// 64 KiB chunks as from a socket).
///
/// Each serialize run builds its library's parts from ``fields`` and the file, as a caller
/// does per request: RestKit a ``MultipartForm``, multipart-kit its `MultipartPart`s with the
/// `Content-Disposition` header text it needs. Only the file's bytes are made once, for both
/// (an `[UInt8]` for RestKit, a `ByteBuffer` for multipart-kit), so neither copies them per run.
///
/// ```swift
/// let fixture = try MultipartPeerFixture.smallForm()
/// fixture.body.count              // about 6 KB
/// fixture.makeKitParts().count    // 11
/// ```
final class MultipartPeerFixture {
    /// A fixture built on first use, so that a run filtered to other groups never builds the
    /// 64 MiB one.
    final class Lazy {
        let label: String
        private let make: () throws -> MultipartPeerFixture
        private var built: Result<MultipartPeerFixture, any Error>?

        init(label: String, make: @escaping () throws -> MultipartPeerFixture) {
            self.label = label
            self.make = make
        }

        /// The fixture (built now if it was not yet).
        func get() throws -> MultipartPeerFixture {
            if let built { return try built.get() }
            let result = Result { try make() }
            built = result
            return try result.get()
        }

        /// The body's size once built.
        var bodyBytes: Int? { (try? built?.get())?.body.count }
    }

    /// `form` (ten text fields and a 4 KiB file) or `64MiB` (one field and a 64 MiB file).
    let label: String
    let boundary = "RestKitBenchmarkBoundary7MA4YWxkTrZu0gW"
    /// The text fields, in order, then the file part.
    let fields: [(name: String, value: String)]
    let file: (name: String, filename: String, bytes: [UInt8])
    /// The file's bytes in a `ByteBuffer`, for multipart-kit.
    let fileBuffer: ByteBuffer
    /// The body RestKit writes for the form.
    let body: [UInt8]
    /// ``body`` cut into 64 KiB chunks, as `ArraySlice`s and as `ByteBuffer`s (made once, so
    /// neither parser pays for a copy the other does not).
    let chunks: [ArraySlice<UInt8>]
    let kitChunks: [ByteBuffer]

    private init(label: String, fields: [(name: String, value: String)], file: (name: String, filename: String, bytes: [UInt8])) throws {
        self.label = label
        self.fields = fields
        self.file = file
        fileBuffer = ByteBuffer(bytes: file.bytes)
        var form = Self.makeForm(boundary: boundary, fields: fields, file: file)
        let whole = try form.makeBody().makeReader().readAll()
        let size = 64 << 10
        let slices = stride(from: 0, to: whole.count, by: size).map { whole[$0..<min($0 + size, whole.count)] }
        body = whole
        chunks = slices
        kitChunks = slices.map { ByteBuffer(bytes: $0) }
    }

    /// RestKit's form for the fields and the file.
    func makeForm() -> MultipartForm {
        Self.makeForm(boundary: boundary, fields: fields, file: file)
    }

    private static func makeForm(
        boundary: String, fields: [(name: String, value: String)], file: (name: String, filename: String, bytes: [UInt8])
    ) -> MultipartForm {
        var form = MultipartForm(boundary: boundary)
        for field in fields { form.append(field: field.name, value: field.value) }
        form.append(name: file.name, data: file.bytes, filename: file.filename, contentType: FileMediaTypes.octetStream)
        return form
    }

    /// multipart-kit's parts for the same fields and file.
    func makeKitParts() -> [MultipartKit.MultipartPart] {
        var parts: [MultipartKit.MultipartPart] = []
        parts.reserveCapacity(fields.count + 1)
        for field in fields {
            parts.append(MultipartKit.MultipartPart(
                headers: ["Content-Disposition": "form-data; name=\"\(field.name)\""], body: ByteBuffer(string: field.value)))
        }
        parts.append(MultipartKit.MultipartPart(
            headers: [
                "Content-Disposition": "form-data; name=\"\(file.name)\"; filename=\"\(file.filename)\"",
                "Content-Type": "application/octet-stream",
            ],
            body: fileBuffer))
        return parts
    }

    /// Ten short text fields (a sign-up form) and a 4 KiB file.
    static func smallForm() throws -> MultipartPeerFixture {
        let fields: [(name: String, value: String)] = [
            ("first_name", "Blake"), ("last_name", "Watters"), ("email", "blake@restkit.org"),
            ("password", "correct horse battery staple"), ("country", "US"), ("newsletter", "true"),
            ("bio", "Writes object mappers.\r\nLikes long walks on the beach."), ("age", "42"),
            ("website", "https://restkit.org/"), ("timezone", "America/New_York"),
        ]
        return try MultipartPeerFixture(label: "form", fields: fields, file: ("avatar", "avatar.png", bytes(count: 4 << 10, seed: 7)))
    }

    /// One field and a 64 MiB file part.
    static func largeFile() throws -> MultipartPeerFixture {
        try MultipartPeerFixture(label: "64MiB", fields: [("title", "benchmark upload")], file: ("blob", "blob.bin", bytes(count: 64 << 20, seed: 11)))
    }

    /// Deterministic pseudo-random bytes.
    private static func bytes(count: Int, seed: UInt64) -> [UInt8] {
        var generator = SplitMix64(seed: seed)
        var bytes = [UInt8](repeating: 0, count: count)
        bytes.withUnsafeMutableBytes { raw in
            for offset in stride(from: 0, to: count - 7, by: 8) {
                raw.storeBytes(of: generator.next(), toByteOffset: offset, as: UInt64.self)
            }
        }
        return bytes
    }
}
