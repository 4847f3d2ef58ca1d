internal import CJansson

/// Baseline `json_loadb`: jansson alone builds its DOM (`json_loadb` with
/// `JSON_DECODE_ANY | JSON_ALLOW_NUL`) and frees it (`json_decref`).
///
/// ```swift
/// let workload = JanssonLoadWorkload(document: document)
/// _ = try workload.run()
/// ```
struct JanssonLoadWorkload: Workload {
    let name = "json_loadb"
    /// The JSON document to load.
    let document: Document

    /// Loads and frees the document; returns jansson's type tag of the root.
    func run() throws -> Int {
        try document.bytes.withUnsafeBytes { buffer in
            var error = json_error_t()
            let flags = Int(JSON_DECODE_ANY | JSON_ALLOW_NUL)
            let text = buffer.baseAddress?.assumingMemoryBound(to: CChar.self)
            guard let root = json_loadb(text, buffer.count, flags, &error) else {
                let message = withUnsafeBytes(of: &error.text) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
                throw BaselineError("json_loadb: \(message) (line \(error.line), column \(error.column))")
            }
            let tag = Int(restkit_json_typeof(root).rawValue)
            restkit_json_decref(root)
            return tag
        }
    }
}
