/// A file part of a multipart upload: the form field name, where the bytes come from (a file
/// on disk, streamed in chunks, or bytes in memory), and the file name and content type sent.
///
/// ```swift
/// let files: [UploadFile] = [
///     .file(name: "article[cover]", path: "/photos/IMG_0042.JPG"),             // image/jpeg, "IMG_0042.JPG"
///     .data(name: "article[notes]", Array("draft".utf8), filename: "notes.txt"),
/// ]
/// let result = try await manager.upload(article, files: files)
/// ```
public struct UploadFile: Sendable {
    enum Source: Sendable {
        case path(String)
        case bytes([UInt8])
    }

    /// The form field name (`name=` of the part's `Content-Disposition`).
    public var name: String
    /// The file name sent; `nil`: the last path component of a file on disk.
    public var filename: String?
    /// The part's content type; `nil`: the type of the file name's extension.
    public var contentType: MediaType?
    let source: Source

    /// The file at `path`, streamed from disk when the request is sent. Its size and
    /// modification time are captured when the request is built; a file that changes
    /// before or while it is sent fails the upload (`.requestBody`).
    ///
    /// ```swift
    /// let cover = UploadFile.file(name: "cover", path: "/tmp/cover.png", contentType: MediaType("image/png"))
    /// ```
    public static func file(name: String, path: String, filename: String? = nil, contentType: MediaType? = nil) -> UploadFile {
        UploadFile(name: name, filename: filename, contentType: contentType, source: .path(path))
    }

    /// Bytes in memory, sent as a file part.
    ///
    /// ```swift
    /// let notes = UploadFile.data(name: "notes", Array("hello".utf8), filename: "notes.txt")
    /// ```
    public static func data(name: String, _ bytes: [UInt8], filename: String, contentType: MediaType? = nil) -> UploadFile {
        UploadFile(name: name, filename: filename, contentType: contentType, source: .bytes(bytes))
    }
}

/// How much of an upload's body has been handed to the transport.
///
/// ```swift
/// try await manager.upload(article, files: files) { progress in
///     print("\(progress.bytesSent) of \(progress.totalBytes ?? 0)")
/// }
/// ```
public struct UploadProgress: Sendable, Hashable {
    /// Bytes handed to the transport so far (restarts at 0 if the body is replayed).
    public var bytesSent: Int
    /// The body's exact length (its `Content-Length`), when known.
    public var totalBytes: Int?

    /// Creates a progress value.
    ///
    /// ```swift
    /// UploadProgress(bytesSent: 512, totalBytes: 1024).fractionCompleted   // 0.5
    /// ```
    public init(bytesSent: Int, totalBytes: Int?) {
        self.bytesSent = bytesSent
        self.totalBytes = totalBytes
    }

    /// `bytesSent / totalBytes`, `nil` when the total is unknown or zero.
    public var fractionCompleted: Double? {
        guard let totalBytes, totalBytes > 0 else { return nil }
        return Double(bytesSent) / Double(totalBytes)
    }
}
