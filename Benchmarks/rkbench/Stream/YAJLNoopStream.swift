internal import CYAJL

/// A yajl handle with empty callbacks, fed chunk by chunk (the baseline of `stream-map`).
///
/// ```swift
/// var noop = YAJLNoopStream()
/// try noop.parse(chunk)
/// try noop.finish()
/// ```
struct YAJLNoopStream: ~Copyable {
    nonisolated(unsafe) private static let callbacks: UnsafeMutablePointer<yajl_callbacks> = {
        let table = UnsafeMutablePointer<yajl_callbacks>.allocate(capacity: 1)
        table.initialize(to: yajl_callbacks(
            yajl_null: { _ in 1 }, yajl_boolean: { _, _ in 1 }, yajl_integer: nil, yajl_double: nil,
            yajl_number: { _, _, _ in 1 }, yajl_string: { _, _, _ in 1 }, yajl_start_map: { _ in 1 },
            yajl_map_key: { _, _, _ in 1 }, yajl_end_map: { _ in 1 }, yajl_start_array: { _ in 1 },
            yajl_end_array: { _ in 1 }))
        return table
    }()

    private let handle: yajl_handle?

    init() {
        handle = yajl_alloc(Self.callbacks, nil, nil)
    }

    deinit {
        if let handle { yajl_free(handle) }
    }

    mutating func parse(_ chunk: ArraySlice<UInt8>) throws {
        guard let handle else { throw BaselineError("yajl_alloc failed") }
        let status = chunk.withUnsafeBufferPointer { buffer in
            buffer.baseAddress.map { yajl_parse(handle, $0, buffer.count) } ?? yajl_status_ok
        }
        guard status == yajl_status_ok else { throw BaselineError("yajl rejected the generated stream") }
    }

    mutating func finish() throws {
        guard let handle, yajl_complete_parse(handle) == yajl_status_ok else {
            throw BaselineError("yajl rejected the end of the generated stream")
        }
    }
}
