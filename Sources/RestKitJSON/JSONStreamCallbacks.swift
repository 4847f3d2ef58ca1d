internal import CYAJL
import RestKitCore

/// yajl's callback table for ``YAJLElementStreamParser``, built once. Each callback is a
/// non-capturing closure that finds the ``JSONStreamState`` through yajl's context pointer
/// and hands the event to it.
enum JSONStreamCallbacks {
    @inline(__always)
    private static func state(_ pointer: UnsafeMutableRawPointer?) -> UnsafeMutablePointer<JSONStreamState>? {
        pointer?.assumingMemoryBound(to: JSONStreamState.self)
    }

    /// 1 to continue, 0 when the state recorded a failure.
    @inline(__always)
    private static func status(_ state: UnsafeMutablePointer<JSONStreamState>) -> Int32 {
        state.pointee.failure == nil ? 1 : 0
    }

    static let table: yajl_callbacks = {
        var callbacks = yajl_callbacks()
        callbacks.yajl_null = { pointer in
            guard let state = state(pointer) else { return 0 }
            state.pointee.noteValueEnd()
            guard state.pointee.beginScalar("null") else { return status(state) }
            state.pointee.builder.null()
            state.pointee.endScalar()
            return 1
        }
        callbacks.yajl_boolean = { pointer, flag in
            guard let state = state(pointer) else { return 0 }
            state.pointee.noteValueEnd()
            guard state.pointee.beginScalar("a boolean") else { return status(state) }
            state.pointee.builder.bool(flag != 0)
            state.pointee.endScalar()
            return 1
        }
        callbacks.yajl_number = { pointer, text, length in
            guard let state = state(pointer), let text else { return 0 }
            state.pointee.noteValueEnd()
            guard state.pointee.beginScalar("a number") else { return status(state) }
            // Copied: the input is not kept in streaming mode.
            let bytes = UnsafeBufferPointer(start: UnsafeRawPointer(text).assumingMemoryBound(to: UInt8.self), count: length)
            state.pointee.builder.number(text: bytes)
            state.pointee.endScalar()
            return 1
        }
        callbacks.yajl_string = { pointer, text, length in
            guard let state = state(pointer) else { return 0 }
            state.pointee.noteValueEnd()
            return state.pointee.string(text, length)
        }
        callbacks.yajl_map_key = { pointer, text, length in
            guard let state = state(pointer) else { return 0 }
            return state.pointee.key(text, length)
        }
        callbacks.yajl_start_map = { pointer in
            state(pointer)?.pointee.begin(isArray: false) ?? 0
        }
        callbacks.yajl_end_map = { pointer in
            guard let state = state(pointer) else { return 0 }
            state.pointee.noteValueEnd()
            return state.pointee.end()
        }
        callbacks.yajl_start_array = { pointer in
            state(pointer)?.pointee.begin(isArray: true) ?? 0
        }
        callbacks.yajl_end_array = { pointer in
            guard let state = state(pointer) else { return 0 }
            state.pointee.noteValueEnd()
            return state.pointee.end()
        }
        return callbacks
    }()
}
