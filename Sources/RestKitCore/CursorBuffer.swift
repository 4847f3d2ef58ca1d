/// The growable storage a ``JSONCursor`` appends to in its token loop: an element's entries
/// (``TapeEntryStore``) and the stack of open containers. Appending is a capacity check and a
/// store; `Array.append` and `removeLast` also check that the array's storage is not shared, a
/// runtime call for each (3 % of `stream-map`'s instructions for the entries alone, with the
/// register spills around the calls in the token loop).
///
/// Copies share storage, like an array's, but writes do not copy it: ``makeUnique()`` does,
/// when a copy shares it. The cursor calls it whenever it starts scanning (``JSONCursor/scan()``),
/// and makes no copy while it scans, so that each scan writes storage of its own even when the
/// parser that owns the cursor was copied.
///
/// ```swift
/// var stack = CursorBuffer<Int>()
/// stack.makeUnique()
/// stack.append(1)
/// stack.append(2)
/// stack.removeLast()   // 2
/// ```
struct CursorBuffer<Element: BitwiseCopyable> {
    /// Owns the memory; frees it when the last buffer that shares it goes.
    private final class Storage {
        let elements: UnsafeMutablePointer<Element>
        let capacity: Int

        init(capacity: Int) {
            elements = .allocate(capacity: capacity)
            self.capacity = capacity
        }

        deinit { elements.deallocate() }
    }

    /// `nil` until the first append: a cursor made for each element of a stream starts with
    /// empty buffers and swaps in the stream's, so making one allocates nothing.
    private var storage: Storage?
    /// `storage`'s memory and capacity, kept here so that appending reads no other object.
    private var elements: UnsafeMutablePointer<Element>?
    private var capacity = 0
    private(set) var count = 0

    init() {}

    var isEmpty: Bool { count == 0 }

    var last: Element? {
        guard let elements, count > 0 else { return nil }
        return elements[count &- 1]
    }

    subscript(index: Int) -> Element {
        get {
            guard let elements, index >= 0, index < count else { preconditionFailure("index \(index) out of 0..<\(count)") }
            return elements[index]
        }
        set {
            guard let elements, index >= 0, index < count else { preconditionFailure("index \(index) out of 0..<\(count)") }
            elements[index] = newValue
        }
    }

    /// Gives the buffer storage of its own, with the same contents, when a copy shares it.
    mutating func makeUnique() {
        // Uniqueness first: binding `shared` before the check would itself make a second reference.
        guard !isKnownUniquelyReferenced(&storage), let shared = storage else { return }
        let own = Storage(capacity: shared.capacity)
        own.elements.initialize(from: shared.elements, count: count)
        adopt(own)
    }

    @inline(__always)
    mutating func append(_ element: Element) {
        if count == capacity { grow() }
        guard let elements else { preconditionFailure("grow() makes room") }
        (elements + count).initialize(to: element)
        count &+= 1
    }

    @discardableResult
    mutating func removeLast() -> Element {
        guard let elements, count > 0 else { preconditionFailure("removeLast() of an empty buffer") }
        count &-= 1
        return elements[count]
    }

    /// Drops the elements from `newCount` on (no effect when there are not that many).
    mutating func truncate(to newCount: Int) {
        if newCount >= 0, newCount < count { count = newCount }
    }

    /// Empties the buffer, keeping its storage.
    mutating func removeAll() {
        count = 0
    }

    /// Makes room for `minimumCapacity` elements.
    mutating func reserveCapacity(_ minimumCapacity: Int) {
        if minimumCapacity > capacity { grow(to: minimumCapacity) }
    }

    /// The elements so far.
    func withUnsafeBufferPointer<Result>(_ body: (UnsafeBufferPointer<Element>) throws -> Result) rethrows -> Result {
        try body(UnsafeBufferPointer(start: elements, count: count))
    }

    /// Twice the room (32 elements at first), the elements copied over (they are plain data).
    @inline(never)
    private mutating func grow() {
        grow(to: max(32, capacity * 2))
    }

    private mutating func grow(to newCapacity: Int) {
        let larger = Storage(capacity: newCapacity)
        if let elements { larger.elements.initialize(from: elements, count: count) }
        adopt(larger)
    }

    private mutating func adopt(_ own: Storage) {
        storage = own
        elements = own.elements
        capacity = own.capacity
    }
}

extension CursorBuffer: TapeEntryStore where Element == Tape.Entry {
    @inline(__always)
    mutating func close(containerAt index: Int, count containerCount: UInt32, end: Int) {
        guard let elements, index >= 0, index < count else { preconditionFailure("no entry \(index) among \(count)") }
        elements[index].count = containerCount
        elements[index].payload = Int64(end)
    }
}
