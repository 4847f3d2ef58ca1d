/// Where a ``JSONCursor`` lays out its ``Tape/Entry``s. A whole document, a chunked one and the
/// outside of an element stream use an array, which becomes the tape as it is; each element of
/// a stream uses a ``CursorBuffer``, whose entries are copied into the element's own tape.
///
/// ```swift
/// var entries = CursorBuffer<Tape.Entry>()
/// entries.append(Tape.Entry(kind: .array))
/// entries.append(Tape.Entry(kind: .null))
/// entries.close(containerAt: 0, count: 1, end: entries.count)
/// ```
protocol TapeEntryStore {
    init()
    var count: Int { get }
    var last: Tape.Entry? { get }
    mutating func append(_ entry: Tape.Entry)
    /// Records that the container whose entry is at `index` holds `count` values (pairs, for an
    /// object) and that its last entry is before `end`.
    mutating func close(containerAt index: Int, count: UInt32, end: Int)
    /// Drops the entries from `newCount` on.
    mutating func truncate(to newCount: Int)
    /// Makes the storage the store's own before a scan writes it (see ``CursorBuffer``).
    mutating func makeUnique()
}

extension Array: TapeEntryStore where Element == Tape.Entry {
    @inline(__always)
    mutating func close(containerAt index: Int, count: UInt32, end: Int) {
        self[index].count = count
        self[index].payload = Int64(end)
    }

    mutating func truncate(to newCount: Int) {
        removeSubrange(newCount...)
    }

    /// Nothing to do: an array copies shared storage when it is written.
    mutating func makeUnique() {}
}
