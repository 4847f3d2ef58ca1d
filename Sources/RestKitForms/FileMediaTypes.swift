public import RestKitCore

/// The media type of a file from its extension, through a built-in table of common types
/// (`application/octet-stream` for anything else). Used for multipart file parts.
///
/// ```swift
/// FileMediaTypes.mediaType(forPath: "/tmp/photo.JPG")  // image/jpeg
/// FileMediaTypes.mediaType(forPath: "notes.xyz")       // application/octet-stream
/// ```
public enum FileMediaTypes {
    /// Lowercased extension → `type/subtype`.
    static let table: [String: String] = [
        // Text
        "txt": "text/plain", "text": "text/plain", "log": "text/plain", "md": "text/markdown",
        "html": "text/html", "htm": "text/html", "css": "text/css", "csv": "text/csv",
        "tsv": "text/tab-separated-values", "js": "text/javascript", "mjs": "text/javascript",
        "ics": "text/calendar", "vcf": "text/vcard",
        // Structured data
        "json": "application/json", "xml": "application/xml", "yaml": "application/yaml",
        "yml": "application/yaml", "pdf": "application/pdf", "rtf": "application/rtf",
        "wasm": "application/wasm",
        // Archives
        "zip": "application/zip", "gz": "application/gzip", "tgz": "application/gzip",
        "tar": "application/x-tar", "bz2": "application/x-bzip2", "xz": "application/x-xz",
        "7z": "application/x-7z-compressed", "zst": "application/zstd",
        // Office documents
        "doc": "application/msword", "xls": "application/vnd.ms-excel",
        "ppt": "application/vnd.ms-powerpoint",
        "docx": "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
        "xlsx": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
        "pptx": "application/vnd.openxmlformats-officedocument.presentationml.presentation",
        "odt": "application/vnd.oasis.opendocument.text", "epub": "application/epub+zip",
        // Images
        "png": "image/png", "jpg": "image/jpeg", "jpeg": "image/jpeg", "gif": "image/gif",
        "webp": "image/webp", "svg": "image/svg+xml", "bmp": "image/bmp", "ico": "image/vnd.microsoft.icon",
        "tif": "image/tiff", "tiff": "image/tiff", "heic": "image/heic", "avif": "image/avif",
        // Audio and video
        "mp3": "audio/mpeg", "wav": "audio/wav", "ogg": "audio/ogg", "oga": "audio/ogg",
        "flac": "audio/flac", "m4a": "audio/mp4", "aac": "audio/aac", "mp4": "video/mp4",
        "m4v": "video/mp4", "mov": "video/quicktime", "webm": "video/webm", "avi": "video/x-msvideo",
        "mkv": "video/x-matroska", "mpeg": "video/mpeg",
        // Fonts
        "woff": "font/woff", "woff2": "font/woff2", "ttf": "font/ttf", "otf": "font/otf",
    ]

    /// `application/octet-stream`.
    public static let octetStream = MediaType(type: "application", subtype: "octet-stream")

    /// The media type for the extension of the last path component of `path`
    /// (case-insensitive), or `application/octet-stream`.
    ///
    /// ```swift
    /// FileMediaTypes.mediaType(forPath: "report.pdf")  // application/pdf
    /// ```
    public static func mediaType(forPath path: String) -> MediaType {
        let name = lastPathComponent(path)
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return octetStream }
        let fileExtension = name[name.index(after: dot)...].lowercased()
        guard let essence = table[fileExtension], let slash = essence.firstIndex(of: "/") else {
            return octetStream
        }
        return MediaType(type: String(essence[..<slash]), subtype: String(essence[essence.index(after: slash)...]))
    }

    /// The text after the last `/` of `path` (the whole path when it has none).
    static func lastPathComponent(_ path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return path }
        return String(path[path.index(after: slash)...])
    }
}
