import Foundation

/// One input document, loaded once and shared by every workload that reads it.
///
/// The bytes are also kept as `Data` (made once, outside the timed region) for the
/// Foundation baselines, so no workload pays for a copy the others do not.
///
/// ```swift
/// let document = Document(name: "twitter.json", format: .json, bytes: Array(data))
/// ```
struct Document {
    /// What kind of document this is.
    enum Format: String {
        case json, xml
    }

    /// File name, used in benchmark names (`"twitter.json"`, `"generated-feed.xml"`).
    let name: String
    /// JSON or XML.
    let format: Format
    /// The raw bytes.
    let bytes: [UInt8]
    /// The same bytes as `Data`.
    let data: Data

    /// A document from its bytes.
    init(name: String, format: Format, bytes: [UInt8]) {
        self.name = name
        self.format = format
        self.bytes = bytes
        self.data = Data(bytes)
    }
}
