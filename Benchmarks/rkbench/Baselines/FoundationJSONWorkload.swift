import Foundation

/// Baseline `JSONSerialization`: Foundation's
/// `JSONSerialization.jsonObject(with:options: [.fragmentsAllowed])` building `[String: Any]`
/// and `[Any]` values.
///
/// ```swift
/// let workload = FoundationJSONWorkload(document: document)
/// _ = try workload.run()
/// ```
struct FoundationJSONWorkload: Workload {
    let name = "JSONSerialization"
    /// The JSON document to parse.
    let document: Document

    /// Parses the document; returns the top-level element count.
    func run() throws -> Int {
        let value = try JSONSerialization.jsonObject(with: document.data, options: [.fragmentsAllowed])
        if let object = value as? [String: Any] { return object.count }
        if let array = value as? [Any] { return array.count }
        return 1
    }
}
