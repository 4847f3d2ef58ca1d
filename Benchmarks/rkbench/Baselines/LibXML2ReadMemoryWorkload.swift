internal import CLibXML2

/// Baseline `xmlReadMemory`: libxml2 alone builds its DOM (`xmlReadMemory` with
/// `XML_PARSE_NONET`) and frees it (`xmlFreeDoc`).
///
/// `XML_PARSE_NOERROR | XML_PARSE_NOWARNING` are added only so that recoverable errors
/// (`xhtml1.xhtml`'s undefined `&copy;`) are not printed on every run; the `libxml2`
/// plugin does not print either.
///
/// ```swift
/// let workload = LibXML2ReadMemoryWorkload(document: document)
/// _ = try workload.run()
/// ```
struct LibXML2ReadMemoryWorkload: Workload {
    let name = "xmlReadMemory"
    /// The XML document to read.
    let document: Document

    /// Reads and frees the document; returns 1 when the root has children.
    func run() throws -> Int {
        try document.bytes.withUnsafeBytes { buffer in
            let text = buffer.baseAddress?.assumingMemoryBound(to: CChar.self)
            let options = Int32(bitPattern: XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue)
            guard let count = Int32(exactly: buffer.count),
                  let doc = xmlReadMemory(text, count, nil, nil, options)
            else {
                let message = xmlGetLastError().flatMap { $0.pointee.message }.map { String(cString: $0) }
                throw BaselineError("xmlReadMemory: \(message ?? "no document")")
            }
            let hasChildren = doc.pointee.children != nil ? 1 : 0
            xmlFreeDoc(doc)
            return hasChildren
        }
    }
}
