import RestKitCore
import RestKitMapping
import Testing

/// `ObjectMapping.mapCollection(_:into:)`: one operation, all or nothing.
struct ObjectStoreTests {
    struct Note: Equatable {
        var id = 0
        var text = ""
        var stars = 0
    }

    static let note: ObjectMapping<Note> = {
        var mapping = ObjectMapping(Note.init) { note in
            note.map("id", to: \.id)
            note.map("text", to: \.text)
            note.map("stars", to: \.stars)
        }
        mapping.identificationAttributes = ["id"]
        return mapping
    }()

    @Test func aBadElementStoresNothingFromThePayload() throws {
        let store = InMemoryObjectStore<Note>()
        _ = try Self.note.mapCollection([["id": 1, "text": "one"], ["id": 2, "text": "two"]], into: store)
        let before = store.allObjects
        // A new object, an update and a duplicate, then an element that cannot map.
        let payload: Representation = [
            ["id": 10, "text": "new"], ["id": 1, "text": "one, changed"], ["id": 10, "stars": 3],
            ["id": 11, "stars": "many"], ["id": 12, "text": "after"],
        ]
        let error = #expect(throws: MappingError.self) { try Self.note.mapCollection(payload, into: store) }
        #expect(error?.keyPath == "3.stars")
        #expect(error?.errorType == .typeMismatch)
        #expect(store.allObjects == before)   // before the change, 10 and the edit of 1 were stored
        #expect(store.object(identifiedBy: [10]) == nil)
        #expect(store.object(identifiedBy: [1])?.text == "one")
    }

    @Test func aMissingIdentificationAttributeStoresNothing() throws {
        let store = InMemoryObjectStore<Note>()
        let error = #expect(throws: MappingError.self) {
            try Self.note.mapCollection([["id": 1, "text": "one"], ["text": "no id"]], into: store)
        }
        #expect(error?.keyPath == "1.id")
        #expect(store.count == 0)
    }

    @Test func duplicatesInOnePayloadMergeIntoOneStoredObject() throws {
        let store = InMemoryObjectStore<Note>()
        _ = try Self.note.mapCollection([["id": 5, "text": "five"]], into: store)
        let models = try Self.note.mapCollection([
            ["id": 7, "text": "draft"], ["id": 5, "stars": 1], ["id": 7, "text": "final", "stars": 2], ["id": 5, "stars": 4],
        ], into: store)
        // One model per element, as mapped at that element; each later element saw the earlier.
        #expect(models == [
            Note(id: 7, text: "draft"), Note(id: 5, text: "five", stars: 1), Note(id: 7, text: "final", stars: 2),
            Note(id: 5, text: "five", stars: 4),
        ])
        // Stored once each, with the later values, in the order first stored.
        #expect(store.allObjects == [Note(id: 5, text: "five", stars: 4), Note(id: 7, text: "final", stars: 2)])
    }

    @Test func oneObjectMapsIntoTheStoreToo() throws {
        let store = InMemoryObjectStore<Note>()
        let models = try Self.note.mapCollection(["id": 3, "text": "three"], into: store)
        #expect(models == [Note(id: 3, text: "three")])
        #expect(store.allObjects == models)
        #expect(throws: MappingError.self) { try Self.note.mapCollection(["id": 3, "stars": "lots"], into: store) }
        #expect(store.allObjects == models)
    }
}
