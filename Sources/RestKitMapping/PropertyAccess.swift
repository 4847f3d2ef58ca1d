/// Reads and writes one property of a model: through its key path, or, when the key path
/// names storage inside the model's own layout (a stored property of a struct, or of a struct
/// held inline in it), directly at that storage's offset.
///
/// A key path applied from generic code is not specialised: every `model[keyPath:]` goes
/// through the runtime's key path projection, which looks up generic metadata on each call
/// (about a tenth of writing Twitter's statuses back out). `MemoryLayout.offset(of:)` says
/// when the key path is plain storage; the value is then copied in and out of those bytes,
/// which is what the projection does for such a path, without the lookups. Classes, computed
/// properties and anything else the offset does not cover keep the key path.
///
/// ```swift
/// let access = PropertyAccess(\User.name)
/// access.set("Blake", in: &user)
/// access.get(user)   // "Blake"
/// ```
struct PropertyAccess<Model, Value>: @unchecked Sendable {
    // @unchecked: key paths are immutable; `WritableKeyPath` is just not declared `Sendable`.
    let keyPath: WritableKeyPath<Model, Value>
    /// The byte offset of the storage in `Model`, when the key path is plain inline storage.
    private let offset: Int?

    init(_ keyPath: WritableKeyPath<Model, Value>) {
        self.keyPath = keyPath
        offset = MemoryLayout<Model>.offset(of: keyPath)
    }

    /// The property's value in `model`.
    @inline(__always)
    func get(_ model: Model) -> Value {
        guard let offset else { return model[keyPath: keyPath] }
        return withUnsafeBytes(of: model) { bytes in bytes.load(fromByteOffset: offset, as: Value.self) }
    }

    /// Sets the property of `model` to `value` (the old value is released as by assignment).
    @inline(__always)
    func set(_ value: Value, in model: inout Model) {
        guard let offset else {
            model[keyPath: keyPath] = value
            return
        }
        withUnsafeMutableBytes(of: &model) { bytes in
            guard let base = bytes.baseAddress else { return }
            // The storage at `offset` is a `Value` inside the `Model` the bytes are bound to.
            (base + offset).assumingMemoryBound(to: Value.self).pointee = value
        }
    }
}
