internal import CYAJL

/// Owns one yajl handle, the callback table it reads (yajl keeps the pointer for the life of
/// the handle, so the table gets its own allocation), and the context its callbacks write
/// into. Owned by the ``YAJLDriver``.
final class YAJLSession<Context> {
    let handle: yajl_handle
    /// What the callbacks receive as their context pointer.
    let context: UnsafeMutablePointer<Context>
    private let callbacks: UnsafeMutablePointer<yajl_callbacks>

    init(context: Context, callbacks table: yajl_callbacks) {
        self.context = .allocate(capacity: 1)
        self.context.initialize(to: context)
        callbacks = .allocate(capacity: 1)
        callbacks.initialize(to: table)
        handle = yajl_alloc(callbacks, nil, UnsafeMutableRawPointer(self.context))
        // Input is validated as UTF-8 before yajl sees it (stricter than yajl's own check,
        // which lets overlong forms and encoded surrogates through).
        _ = restkit_yajl_config_flag(handle, yajl_dont_validate_strings, 1)
    }

    deinit {
        yajl_free(handle)
        context.deinitialize(count: 1)
        context.deallocate()
        callbacks.deinitialize(count: 1)
        callbacks.deallocate()
    }
}
