/// Entries appended with a capacity check and a store: no `Array.append`, whose check that its
/// storage is not shared is a runtime call per entry (3 % of `stream-map`'s instructions, in the
/// element cursor's token loop, with the register spills around it).
///
/// The buffer caches the address and capacity of memory its `Storage` owns. A copy shares the
/// storage, so a copy is only written after ``prepareForUse()``, which gives it storage of its
/// own when the storage is shared (the element cursor calls it for every element); between that
/// and the next copy the buffer is the storage's only writer.
struct TapeEntryBuffer: TapeEntryStore {
    /// Owns the memory; frees it when the last buffer that shares it goes.
    private final class Storage {
        var entries: UnsafeMutablePointer<Tape.Entry>
        var capacity: Int

        init(capacity: Int) {
            entries = .allocate(capacity: capacity)
            self.capacity = capacity
        }

        deinit { entries.deallocate() }
    }

    /// `nil` until the first entry: a cursor made for each element starts with an empty buffer
    /// and swaps in the stream's, so making one allocates nothing.
    private var storage: Storage?
    private var entries: UnsafeMutablePointer<Tape.Entry>?
    private var capacity = 0
    private(set) var count = 0

    init() {}

    /// Empties the buffer and makes its storage its own (new storage when a copy shares it).
    mutating func prepareForUse() {
        if let shared = storage, !isKnownUniquelyReferenced(&storage) { storage = Storage(capacity: shared.capacity) }
        entries = storage?.entries
        capacity = storage?.capacity ?? 0
        count = 0
    }

    @inline(__always)
    mutating func append(_ entry: Tape.Entry) {
        if count == capacity { grow() }
        guard let entries else { preconditionFailure("grow() makes room") }
        (entries + count).initialize(to: entry)
        count &+= 1
    }

    @inline(__always)
    mutating func close(containerAt index: Int, count containerCount: UInt32, end: Int) {
        guard let entries, index >= 0, index < count else { preconditionFailure("no entry \(index) among \(count)") }
        entries[index].count = containerCount
        entries[index].payload = Int64(end)
    }

    mutating func truncate(to newCount: Int) {
        if newCount >= 0, newCount < count { count = newCount }
    }

    var last: Tape.Entry? {
        guard let entries, count > 0 else { return nil }
        return entries[count &- 1]
    }

    /// The entries so far.
    func withUnsafeBufferPointer<Result>(_ body: (UnsafeBufferPointer<Tape.Entry>) throws -> Result) rethrows -> Result {
        try body(UnsafeBufferPointer(start: entries, count: count))
    }

    /// Twice the room (256 entries at first), the entries moved over (`Tape.Entry` is plain data).
    @inline(never)
    private mutating func grow() {
        let larger = Storage(capacity: max(256, capacity * 2))
        if let entries { larger.entries.moveInitialize(from: entries, count: count) }
        storage = larger
        entries = larger.entries
        capacity = larger.capacity
    }
}
