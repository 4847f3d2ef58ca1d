import MultipartKit
import NIOCore
import NIOHTTP1
import RestKit

/// One `multipart/form-data` body for the peer benchmarks, in the forms both libraries take:
/// the fields (a RestKit ``MultipartForm`` and multipart-kit's `[MultipartPart]`, built once)
/// and the body RestKit writes for them (what both parsers read, in 64 KiB chunks as from a
/// socket).
///
/// ```swift
/// let fixture = MultipartPeerFixture.smallForm()
/// fixture.body.count         // about 6 KB
/// fixture.kitParts.count     // 11
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
    /// The form, ready for ``MultipartForm/makeBody()``.
    let form: MultipartForm
    /// The same parts for multipart-kit's serializer (bodies already in `ByteBuffer`s).
    let kitParts: [MultipartKit.MultipartPart]
    /// The body RestKit writes for the form.
    let body: [UInt8]
    /// ``body`` cut into 64 KiB chunks, as `ArraySlice`s and as `ByteBuffer`s (made once, so
    /// neither parser pays for a copy the other does not).
    let chunks: [ArraySlice<UInt8>]
    let kitChunks: [ByteBuffer]

    private init(label: String, fields: [(String, String)], file: (name: String, filename: String, bytes: [UInt8])) throws {
        self.label = label
        var form = MultipartForm(boundary: boundary)
        var kitParts: [MultipartKit.MultipartPart] = []
        for (name, value) in fields {
            form.append(field: name, value: value)
            kitParts.append(MultipartKit.MultipartPart(
                headers: ["Content-Disposition": "form-data; name=\"\(name)\""], body: ByteBuffer(string: value)))
        }
        form.append(name: file.name, data: file.bytes, filename: file.filename, contentType: FileMediaTypes.octetStream)
        kitParts.append(MultipartKit.MultipartPart(
            headers: [
                "Content-Disposition": "form-data; name=\"\(file.name)\"; filename=\"\(file.filename)\"",
                "Content-Type": "application/octet-stream",
            ],
            body: ByteBuffer(bytes: file.bytes)))
        self.form = form
        self.kitParts = kitParts
        var writer = form
        body = try writer.makeBody().makeReader().readAll()
        let size = 64 << 10
        let whole = body
        let slices = stride(from: 0, to: whole.count, by: size).map { whole[$0..<min($0 + size, whole.count)] }
        chunks = slices
        kitChunks = slices.map { ByteBuffer(bytes: $0) }
    }

    /// Ten short text fields (a sign-up form) and a 4 KiB file.
    static func smallForm() throws -> MultipartPeerFixture {
        let fields = [
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
