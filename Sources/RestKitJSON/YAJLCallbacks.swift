internal import CYAJL
import RestKitCore

/// The state yajl's callbacks write into, reached through yajl's context pointer.
final class YAJLContext {
    let builder: RepresentationBuilder
    /// Set by a callback that stops the parse; reported instead of yajl's own message.
    var failure: (type: ParseError.ErrorType, reason: String)?

    init(maximumDepth: Int) {
        builder = RepresentationBuilder(maximumDepth: maximumDepth)
    }

    func fail(_ type: ParseError.ErrorType, _ reason: String) -> Int32 {
        failure = (type, reason)
        return 0
    }
}

/// yajl's callback table, built once. Each callback is a non-capturing closure that finds
/// its ``YAJLContext`` through the unretained context pointer (the owner keeps it alive).
enum YAJLCallbacks {
    private static func context(_ pointer: UnsafeMutableRawPointer?) -> YAJLContext? {
        pointer.map { Unmanaged<YAJLContext>.fromOpaque($0).takeUnretainedValue() }
    }

    nonisolated(unsafe) static var table: yajl_callbacks = {
        var callbacks = yajl_callbacks()
        callbacks.yajl_null = { pointer in
            context(pointer)?.builder.value(.null)
            return 1
        }
        callbacks.yajl_boolean = { pointer, flag in
            context(pointer)?.builder.value(.bool(flag != 0))
            return 1
        }
        callbacks.yajl_number = { pointer, text, length in
            guard let context = context(pointer), let text else { return 0 }
            let bytes = UnsafeRawPointer(text).assumingMemoryBound(to: UInt8.self)
            context.builder.value(JSONNumberSyntax.representation(of: UnsafeBufferPointer(start: bytes, count: length)))
            return 1
        }
        callbacks.yajl_string = { pointer, text, length in
            guard let context = context(pointer) else { return 0 }
            guard let string = makeString(text, length) else {
                return context.fail(.invalidUTF8, "invalid UTF-8 in string")
            }
            context.builder.value(.string(string))
            return 1
        }
        callbacks.yajl_map_key = { pointer, text, length in
            guard let context = context(pointer) else { return 0 }
            guard let key = makeString(text, length) else {
                return context.fail(.invalidUTF8, "invalid UTF-8 in object key")
            }
            context.builder.key(key)
            return 1
        }
        callbacks.yajl_start_map = { pointer in
            guard let context = context(pointer) else { return 0 }
            guard context.builder.begin(object: true) else {
                return context.fail(.depthLimitExceeded, "nesting deeper than \(context.builder.maximumDepth) levels")
            }
            return 1
        }
        callbacks.yajl_end_map = { pointer in
            context(pointer)?.builder.end()
            return 1
        }
        callbacks.yajl_start_array = { pointer in
            guard let context = context(pointer) else { return 0 }
            guard context.builder.begin(object: false) else {
                return context.fail(.depthLimitExceeded, "nesting deeper than \(context.builder.maximumDepth) levels")
            }
            return 1
        }
        callbacks.yajl_end_array = { pointer in
            context(pointer)?.builder.end()
            return 1
        }
        return callbacks
    }()

    /// A validated string: yajl's own UTF-8 check is off, so this is the only check, and it
    /// rejects overlong forms and surrogates that yajl would let through.
    private static func makeString(_ text: UnsafePointer<UInt8>?, _ length: Int) -> String? {
        guard length > 0 else { return "" }
        guard let text else { return nil }
        return String(validating: UnsafeBufferPointer(start: text, count: length), as: UTF8.self)
    }
}
