internal import CYAJL

/// Baseline `yajl-noop`: yajl's tokenizer and validator alone, with callbacks that do
/// nothing but return 1 (continue). `yajl_number` is set, so numbers arrive as text and yajl
/// converts none. One `yajl_parse` over the whole input, then `yajl_complete_parse`.
///
/// ```swift
/// let workload = YAJLNoopWorkload(document: document)
/// _ = try workload.run()
/// ```
struct YAJLNoopWorkload: Workload {
    let name = "yajl-noop"
    /// The JSON document to scan.
    let document: Document

    /// Callbacks that accept every event; built once per workload.
    private let callbacks = yajl_callbacks(
        yajl_null: { _ in 1 },
        yajl_boolean: { _, _ in 1 },
        yajl_integer: nil,
        yajl_double: nil,
        yajl_number: { _, _, _ in 1 },
        yajl_string: { _, _, _ in 1 },
        yajl_start_map: { _ in 1 },
        yajl_map_key: { _, _, _ in 1 },
        yajl_end_map: { _ in 1 },
        yajl_start_array: { _ in 1 },
        yajl_end_array: { _ in 1 }
    )

    /// A workload over `document`.
    init(document: Document) {
        self.document = document
    }

    /// Scans the document; returns the number of bytes yajl consumed.
    func run() throws -> Int {
        try withUnsafePointer(to: callbacks) { callbacks in
            guard let handle = yajl_alloc(callbacks, nil, nil) else { throw BaselineError("yajl_alloc failed") }
            defer { yajl_free(handle) }
            return try document.bytes.withUnsafeBufferPointer { buffer in
                var status = yajl_status_ok
                if let base = buffer.baseAddress {
                    status = yajl_parse(handle, base, buffer.count)
                }
                if status == yajl_status_ok {
                    status = yajl_complete_parse(handle)
                }
                guard status == yajl_status_ok else {
                    throw BaselineError("yajl: \(Self.message(handle))")
                }
                return Int(yajl_get_bytes_consumed(handle))
            }
        }
    }

    /// yajl's description of the current error.
    private static func message(_ handle: yajl_handle) -> String {
        guard let text = yajl_get_error(handle, 0, nil, 0) else { return "parse error" }
        defer { yajl_free_error(handle, text) }
        return String(cString: text).trimmingWhitespace
    }
}

extension String {
    /// The string without leading and trailing spaces and newlines.
    fileprivate var trimmingWhitespace: String {
        let scalars = unicodeScalars.drop { $0 == " " || $0 == "\n" }.reversed().drop { $0 == " " || $0 == "\n" }
        return String(String.UnicodeScalarView(scalars.reversed()))
    }
}
