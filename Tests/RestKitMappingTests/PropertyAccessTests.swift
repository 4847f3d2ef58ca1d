import Synchronization
import Testing

@testable import RestKitMapping

/// `PropertyAccess` reads and writes at the storage offset when the key path is plain storage,
/// and through the key path otherwise; both must behave exactly like `model[keyPath:]`.
struct PropertyAccessTests {
    final class Tracked: Sendable {
        let name: String
        let onDeinit: @Sendable () -> Void
        init(_ name: String, onDeinit: @escaping @Sendable () -> Void = {}) {
            self.name = name
            self.onDeinit = onDeinit
        }
        deinit { onDeinit() }
    }

    struct Inner: Sendable {
        var flag = false
        var label: String? = nil
    }

    struct Record: Sendable {
        var id: Int8 = 0
        var title = ""
        var inner = Inner()
        var tags: [String] = []
        var owner: Tracked? = nil
        var score: Double = 0
        var changes = 0
        var observed = "" {
            didSet { changes += 1 }
        }
        var doubled: Int {
            get { Int(id) * 2 }
            set { id = Int8(newValue / 2) }
        }
    }

    final class Box {
        var title = "box"
        var count = 1
    }

    @Test func storedPropertiesOfAStructAreReadAndWrittenInPlace() {
        var record = Record()
        let title = PropertyAccess(\Record.title)
        let label = PropertyAccess(\Record.inner.label)
        let score = PropertyAccess(\Record.score)
        let tags = PropertyAccess(\Record.tags)
        #expect(MemoryLayout<Record>.offset(of: \Record.inner.label) != nil)
        title.set("a longer title than fifteen bytes", in: &record)
        label.set("inner", in: &record)
        score.set(2.5, in: &record)
        tags.set(["x", "y"], in: &record)
        #expect(record.title == "a longer title than fifteen bytes")
        #expect(record.inner.label == "inner")
        #expect(record.score == 2.5)
        #expect(record.tags == ["x", "y"])
        #expect(title.get(record) == record.title)
        #expect(label.get(record) == "inner")
        #expect(tags.get(record) == ["x", "y"])
        label.set(nil, in: &record)
        #expect(record.inner.label == nil)
    }

    @Test func writingReleasesTheOldValueAndCopiesShareNothing() {
        let released = LockedCounter()
        var record = Record()
        let owner = PropertyAccess(\Record.owner)
        owner.set(Tracked("first") { released.increment() }, in: &record)
        let copy = record
        owner.set(Tracked("second"), in: &record)
        #expect(released.value == 0)  // `copy` still holds the first
        #expect(owner.get(copy)?.name == "first")
        #expect(owner.get(record)?.name == "second")
        _ = consume copy
        #expect(released.value == 1)
    }

    @Test func computedPropertiesAndClassesUseTheKeyPath() {
        #expect(MemoryLayout<Record>.offset(of: \Record.doubled) == nil)
        var record = Record()
        let doubled = PropertyAccess(\Record.doubled)
        doubled.set(14, in: &record)
        #expect(record.id == 7)
        #expect(doubled.get(record) == 14)

        // A stored property with an observer is set through the key path, so the observer runs.
        #expect(MemoryLayout<Record>.offset(of: \Record.observed) == nil)
        PropertyAccess(\Record.observed).set("x", in: &record)
        #expect(record.observed == "x" && record.changes == 1)

        var box = Box()
        let title = PropertyAccess(\Box.title)
        title.set("changed", in: &box)
        #expect(box.title == "changed")
        #expect(title.get(box) == "changed")
    }

    @Test func mappingThroughBothPathsGivesTheSameModel() throws {
        let mapping = ObjectMapping(Record.init) { mapping in
            mapping.map("title", to: \.title)
            mapping.map("doubled", to: \.doubled)
            mapping.map("label", to: \.inner.label)
            mapping.map("tags", to: \.tags)
        }
        let record = try mapping.map(["title": "T", "doubled": 8, "label": "L", "tags": ["a"]])
        #expect(record.title == "T" && record.id == 4 && record.inner.label == "L" && record.tags == ["a"])
        let written = try mapping.representation(of: record)
        #expect(written == ["title": "T", "doubled": 8, "label": "L", "tags": ["a"]])
    }
}

/// A counter a `@Sendable` deinit can bump.
final class LockedCounter: Sendable {
    private let count = Mutex(0)
    var value: Int { count.withLock { $0 } }
    func increment() { count.withLock { $0 += 1 } }
}
