import RestKitCore

/// Assembles a ``Representation`` from parser events (start/end of containers, keys,
/// scalars) on two flat stacks, so no container is copied while it grows.
///
/// Completed values wait on `values`; an open container remembers where its first element
/// (and, for objects, its first key) sits. Closing a container moves its slice out into an
/// array or an ordered dictionary in one step.
struct RepresentationBuilder {
    private struct Frame {
        let isObject: Bool
        let valueStart: Int
        let keyStart: Int
    }

    private var values: [Representation] = []
    private var keys: [String] = []
    private var frames: [Frame] = []
    let maximumDepth: Int

    init(maximumDepth: Int) {
        self.maximumDepth = maximumDepth
        values.reserveCapacity(64)
        keys.reserveCapacity(64)
        frames.reserveCapacity(16)
    }

    /// Nesting of the open containers.
    var depth: Int { frames.count }

    /// Whether a complete top-level value is ready.
    var hasRoot: Bool { frames.isEmpty && values.count == 1 }

    /// Opens an array or object; `false` when that would exceed the depth limit.
    mutating func begin(object: Bool) -> Bool {
        guard frames.count < maximumDepth else { return false }
        frames.append(Frame(isObject: object, valueStart: values.count, keyStart: keys.count))
        return true
    }

    mutating func key(_ key: String) {
        keys.append(key)
    }

    mutating func value(_ value: Representation) {
        values.append(value)
    }

    /// Closes the innermost container.
    mutating func end() {
        guard let frame = frames.popLast() else { return }
        if frame.isObject {
            var members = OrderedDictionary<String, Representation>(minimumCapacity: values.count - frame.valueStart)
            for (key, value) in zip(keys[frame.keyStart...], values[frame.valueStart...]) {
                members[key] = value
            }
            keys.removeSubrange(frame.keyStart...)
            values.removeSubrange(frame.valueStart...)
            values.append(.object(members))
        } else {
            let elements = Array(values[frame.valueStart...])
            values.removeSubrange(frame.valueStart...)
            values.append(.array(elements))
        }
    }

    /// Takes the finished top-level value and resets for reuse.
    mutating func takeRoot() -> Representation? {
        guard hasRoot else { return nil }
        let root = values.removeLast()
        return root
    }

    /// Drops everything (after an error).
    mutating func reset() {
        values.removeAll(keepingCapacity: true)
        keys.removeAll(keepingCapacity: true)
        frames.removeAll(keepingCapacity: true)
    }
}
