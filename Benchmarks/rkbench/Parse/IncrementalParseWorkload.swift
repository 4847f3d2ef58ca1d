import RestKit

/// `swift-64KiB` in `parse/<json document>`: the document fed to ``IncrementalJSONParser``
/// in 64 KiB chunks, as an HTTP body arrives: the chunked scanner against the whole-buffer
/// one (`swift`) in the same run. Like a body with a `Content-Length`, the parser is told the
/// length (`expectedBytes`), so it sizes its buffers once.
///
/// ```swift
/// let workload = IncrementalParseWorkload(document: document)
/// _ = try workload.run()
/// ```
struct IncrementalParseWorkload: Workload {
    let document: Document
    var chunkSize = 64 << 10

    var name: String { "swift-\(chunkSize >> 10)KiB" }

    func run() throws -> Int {
        var parser = IncrementalJSONParser(maximumBytes: .max, expectedBytes: document.bytes.count)
        try document.bytes.withUnsafeBytes { bytes in
            var start = 0
            while start < bytes.count {
                let end = min(start + chunkSize, bytes.count)
                try parser.append(UnsafeRawBufferPointer(rebasing: bytes[start..<end]))
                start = end
            }
        }
        return try parser.finish().kind.rawValue.utf8.count
    }
}
