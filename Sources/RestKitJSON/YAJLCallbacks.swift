internal import CYAJL
import RestKitCore

/// What yajl's callbacks write into. yajl's context pointer points at one of these; the
/// ``YAJLDriver`` of an ``YAJLIncrementalParser`` allocates it, so callbacks reach it without
/// reference counting or exclusivity checks.
struct YAJLState {
    var builder: TapeBuilder
    /// Set by a callback that stops the parse; reported instead of yajl's own message.
    var failure: (type: ParseError.ErrorType, reason: String)?
    /// The chunk yajl is reading and where it starts in the input: text yajl hands over
    /// from inside it (unescaped, already validated) is recorded by offset, not copied.
    var chunkStart = UnsafeRawPointer(bitPattern: 1)
    var chunkCount = 0
    var chunkOffset = 0
    /// The handle reading into this state (set once the handle exists).
    var handle: yajl_handle?
    /// Where the top-level value ended.
    var documentEnd = DocumentEnd()

    /// The input offset just after the last complete value, or -1.
    var valueEnd = -1

    /// Notes where the value just added ended, and the end of the top-level value when it
    /// completed it. During a callback, yajl's consumed-byte count is the offset just after
    /// the value's last token.
    @inline(__always)
    mutating func noteValueAdded() {
        if chunkStart != nil { valueEnd = chunkOffset + yajl_get_bytes_consumed(handle) }
        if builder.depth == 0 { documentEnd.record(handle, chunkOffset: chunkOffset, isInsideChunk: chunkStart != nil) }
    }

    /// The input offset of `count` bytes at `text` when they lie inside the current chunk.
    @inline(__always)
    func inputOffset(of text: UnsafeRawPointer, count: Int) -> Int? {
        guard let start = chunkStart, text >= start, text + count <= start + chunkCount else { return nil }
        return chunkOffset + (text - start)
    }

    /// The most input bytes the document may have.
    let maximumBytes: Int

    init(maximumDepth: Int, maximumBytes: Int = .max, expectedBytes: Int) {
        self.maximumBytes = maximumBytes
        builder = TapeBuilder(maximumDepth: maximumDepth, expectedInputBytes: expectedBytes, expectedEntries: expectedBytes / 8)
    }

    /// Records a string value or an object key. Text inside the current chunk (unescaped,
    /// already validated with the input) is recorded by offset; decoded text (it had escapes
    /// or crossed a chunk boundary) is validated and copied: an escaped lone surrogate
    /// (`"\uD800"`) decodes to an invalid sequence and is rejected here.
    @inline(__always)
    mutating func text(_ text: UnsafePointer<UInt8>?, _ length: Int, isKey: Bool) -> Int32 {
        if let text, let offset = inputOffset(of: UnsafeRawPointer(text), count: length) {
            if isKey {
                builder.key(inputOffset: offset, count: length)
            } else {
                builder.string(inputOffset: offset, count: length)
                noteValueAdded()
            }
            return 1
        }
        let bytes = UnsafeBufferPointer(start: text, count: text == nil ? 0 : length)
        guard bytes.count == length, UTF8Validation.isValid(bytes) else {
            return fail(.invalidUTF8, isKey ? "invalid UTF-8 in object key" : "invalid UTF-8 in string")
        }
        if isKey {
            builder.key(bytes: bytes)
        } else {
            builder.string(bytes: bytes)
            noteValueAdded()
        }
        return 1
    }

    mutating func fail(_ type: ParseError.ErrorType, _ reason: String) -> Int32 {
        failure = (type, reason)
        return 0
    }
}

/// yajl's callback table, built once. Each callback is a non-capturing closure that finds
/// the ``YAJLState`` through yajl's context pointer.
enum YAJLCallbacks {
    @inline(__always)
    private static func state(_ pointer: UnsafeMutableRawPointer?) -> UnsafeMutablePointer<YAJLState>? {
        pointer?.assumingMemoryBound(to: YAJLState.self)
    }

    static let table: yajl_callbacks = {
        var callbacks = yajl_callbacks()
        callbacks.yajl_null = { pointer in
            guard let state = state(pointer) else { return 0 }
            state.pointee.builder.null()
            state.pointee.noteValueAdded()
            return 1
        }
        callbacks.yajl_boolean = { pointer, flag in
            guard let state = state(pointer) else { return 0 }
            state.pointee.builder.bool(flag != 0)
            state.pointee.noteValueAdded()
            return 1
        }
        callbacks.yajl_number = { pointer, text, length in
            guard let state = state(pointer), let text else { return 0 }
            let bytes = UnsafeBufferPointer(start: UnsafeRawPointer(text).assumingMemoryBound(to: UInt8.self), count: length)
            if let offset = state.pointee.inputOffset(of: UnsafeRawPointer(text), count: length) {
                state.pointee.builder.number(text: bytes, inputOffset: offset)
            } else {
                state.pointee.builder.number(text: bytes)
            }
            state.pointee.noteValueAdded()
            return 1
        }
        callbacks.yajl_string = { pointer, text, length in
            guard let state = state(pointer) else { return 0 }
            return state.pointee.text(text, length, isKey: false)
        }
        callbacks.yajl_map_key = { pointer, text, length in
            guard let state = state(pointer) else { return 0 }
            return state.pointee.text(text, length, isKey: true)
        }
        callbacks.yajl_start_map = { pointer in
            guard let state = state(pointer) else { return 0 }
            guard state.pointee.builder.beginObject() else {
                return state.pointee.fail(.depthLimitExceeded, "nesting deeper than \(state.pointee.builder.maximumDepth) levels")
            }
            return 1
        }
        callbacks.yajl_end_map = { pointer in
            guard let state = state(pointer) else { return 0 }
            state.pointee.builder.end()
            state.pointee.noteValueAdded()
            return 1
        }
        callbacks.yajl_start_array = { pointer in
            guard let state = state(pointer) else { return 0 }
            guard state.pointee.builder.beginArray() else {
                return state.pointee.fail(.depthLimitExceeded, "nesting deeper than \(state.pointee.builder.maximumDepth) levels")
            }
            return 1
        }
        callbacks.yajl_end_array = { pointer in
            guard let state = state(pointer) else { return 0 }
            state.pointee.builder.end()
            state.pointee.noteValueAdded()
            return 1
        }
        return callbacks
    }()
}
