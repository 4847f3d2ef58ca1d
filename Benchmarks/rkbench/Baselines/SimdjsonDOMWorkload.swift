internal import SimdjsonShim

/// Baseline `simdjson`: simdjson's DOM parser (Debian's libsimdjson, through the C++ shim
/// target `SimdjsonShim`), the physical limit the parse group measures against. The document
/// is copied once into a buffer with simdjson's padding, and one parser is reused, as a
/// caller after speed would: a run is the parse alone.
///
/// ```swift
/// let workload = SimdjsonDOMWorkload(document: document)
/// _ = try workload.run()   // the top-level entry count
/// ```
final class SimdjsonDOMWorkload: Workload {
    let name = "simdjson"
    /// The JSON document, followed by simdjson's padding.
    private let padded: [UInt8]
    private let length: Int
    private let parser: OpaquePointer?

    init(document: Document) {
        length = document.bytes.count
        padded = document.bytes + [UInt8](repeating: 0, count: simdjson_shim_padding())
        parser = simdjson_shim_parser_create()
    }

    deinit {
        simdjson_shim_parser_destroy(parser)
    }

    var skipReason: String? { parser == nil ? "simdjson parser could not be created" : nil }

    /// Parses the document into the parser's DOM; returns the top-level entry count.
    func run() throws -> Int {
        let count = padded.withUnsafeBufferPointer { buffer in
            buffer.baseAddress.map { base in
                base.withMemoryRebound(to: CChar.self, capacity: buffer.count) { simdjson_shim_parse(parser, $0, length) }
            } ?? -1
        }
        guard count >= 0 else { throw BaselineError("simdjson rejected the document (error \(-1 - count))") }
        return count
    }

    /// The simdjson implementation in use on this machine ("haswell", "westmere", …).
    static var implementation: String { String(cString: simdjson_shim_implementation()) }
}
