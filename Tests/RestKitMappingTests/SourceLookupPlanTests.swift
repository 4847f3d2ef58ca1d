import Foundation
import RestKitCore
import RestKitJSON
import Testing

@testable import RestKitMapping

/// The one-pass lookup of an object mapping's plain-key sources must give exactly what each
/// source key path gives on its own, or leave the property to it.
struct SourceLookupPlanTests {
    static let paths = [
        "id", "text", "user.id", "user.screen_name", "user.missing", "missing.id", "a", "", "k\u{e9}y", "key",
        "nested.inner.deep", "nested.inner.other", "nested.x", "list.name", "list.0", "nullValue.id",
        "text.length", "grouped.id", String(repeating: "long", count: 20), "@count", "list.@count", "@root.id",
        "b1", "b2", "b3", "b4", "b5", "b6", "b7", "b8", "b9", "c", "cc", "ccc",
    ]

    static let documents = [
        #"{"id": 1, "text": "hi", "user": {"id": 7, "screen_name": "ada", "id": 8}}"#,
        #"{"a": 1, "a": 2, "a": {"b": 3}}"#,
        #"{"": "empty key", "k\u00e9y": "escaped", "kéy": "plain", "key": true}"#,
        #"{"nested": {"inner": {"deep": [1, 2], "other": null}, "x": 3}, "nested": {"x": 4}}"#,
        #"{"list": [{"name": "x"}, {"name": "y"}], "nullValue": null, "text": "not an object"}"#,
        #"{"user": null, "missing": [], "grouped": "no"}"#,
        #"{"longlonglonglonglonglonglonglonglonglonglonglonglonglonglonglonglonglonglonglong": 1, "b1": 1, "b2": 2, "b3": 3, "b4": 4, "b5": 5, "b6": 6, "b7": 7, "b8": 8, "b9": 9, "c": 1, "cc": 2, "ccc": 3}"#,
        #"{"user": {"id": "text", "screen_name": {"nested": true}}, "user": 3}"#,
        #"{}"#,
    ]

    @Test(arguments: documents)
    func resolvesWhatEachSourceKeyPathResolves(json: String) throws {
        let sources = try Self.paths.map { $0.isEmpty ? nil : try SourceKeyPath($0) }
        let plan = SourceLookupPlan(sources: sources)
        for document in [try JSONParser().parse(text: json), try YAJLParser().parse(text: json)] {
            let resolved = try #require(plan.resolve(in: document))
            for (index, source) in sources.enumerated() {
                let expected = source?.value(in: document)
                let value = resolved.values[index]
                if value >= 0 {
                    #expect(Representation(tape: resolved.tape, index: value) == expected, "\(Self.paths[index]) in \(json)")
                } else if value == SourceLookupPlan.missing {
                    #expect(expected == nil, "\(Self.paths[index]) in \(json)")
                } else {
                    #expect(value == SourceLookupPlan.unplanned)
                }
            }
        }
    }

    @Test func leavesOperatorsScopesAndNonObjectsToTheKeyPath() throws {
        let paths = ["@count", "list.@count", "@root.id", "list.name", "text.length", "user.id", "id"]
        let sources = try paths.map { try SourceKeyPath($0) }
        let plan = SourceLookupPlan(sources: sources)
        let document = try JSONParser().parse(text: #"{"list": [{"name": "x"}], "text": "t", "user": null, "id": 1}"#)
        let values = try #require(plan.resolve(in: document)).values
        let unplanned = SourceLookupPlan.unplanned
        // Operators and scopes are never planned; a path through an array, a string or null is
        // handed back; a planned key resolves.
        #expect(values[0] == unplanned && values[1] == unplanned && values[2] == unplanned)
        #expect(values[3] == unplanned && values[4] == unplanned && values[5] == unplanned)
        #expect(values[6] >= 0)
        // Not a tape: nothing is planned.
        #expect(plan.resolve(in: document.materialized())?.values == nil)
        #expect(plan.resolve(in: ["id": 1])?.values == nil)
    }

    @Test func objectsWhoseRepeatedKeysReadAsArraysAreLeftToTheKeyPath() throws {
        var builder = TapeBuilder(maximumDepth: 8)
        _ = builder.beginObject()
        builder.key("grouped")
        _ = builder.beginGroupedObject()
        builder.key("id")
        builder.int(1)
        builder.key("id")
        builder.int(2)
        builder.end()
        builder.end()
        let finished = builder.finish()
        let document = try #require(finished)
        let source = try SourceKeyPath("grouped.id")
        let plan = SourceLookupPlan(sources: [source])
        #expect(try #require(plan.resolve(in: document)).values == [SourceLookupPlan.unplanned])
        #expect(source.value(in: document) == [1, 2])
        #expect(plan.resolve(in: try #require(document["grouped"]))?.values == nil)
    }

    /// The same mapping over a document on a tape (planned) and over its materialised copy (not
    /// planned) gives the same model, missing keys and errors included.
    @Test func mappingAgreesWithAndWithoutThePlan() throws {
        struct Status: Equatable {
            var id = 0
            var name: String?
            var userID: Int64 = -1
            var screenName = "unset"
            var flag = false
            var count = 0
        }
        let mapping = ObjectMapping(Status.init) { status in
            status.map("id", to: \.id)
            status.map("name", to: \.name)
            status.map("user.id", to: \.userID)
            status.map("user.screen_name", to: \.screenName)
            status.map("flag", to: \.flag)
            status.map("list.@count", to: \.count)
        }
        #expect(mapping.lookupPlan != nil)
        let documents = [
            #"{"id": 1, "name": "a", "user": {"id": 2, "screen_name": "b"}, "flag": true, "list": [1, 2]}"#,
            #"{"id": 1, "id": 3, "name": null, "user": {"screen_name": "b", "screen_name": "c"}}"#,
            #"{"id": 1, "user": null}"#,
            #"{"id": 1, "user": "not an object"}"#,
            #"{"id": "x"}"#,
            #"{"id": 1, "user": {"id": 2.5}}"#,
            #"{"id": 1, "flag": "yes"}"#,
        ]
        for json in documents {
            let document = try JSONParser().parse(text: json)
            for options in [MappingOptions(), MappingOptions(assignsNilForMissingKeys: true)] {
                let planned = Result { try mapping.map(document, options: options) }
                let unplanned = Result { try mapping.map(document.materialized(), options: options) }
                switch (planned, unplanned) {
                case (.success(let left), .success(let right)):
                    #expect(left == right, "\(json)")
                case (.failure(let left), .failure(let right)):
                    #expect(String(describing: left) == String(describing: right), "\(json)")
                default:
                    Issue.record("\(json): \(planned) against \(unplanned)")
                }
            }
        }
    }
}

struct MemberKeyTableTests {
    @Test func findsEachKeyByItsBytes() {
        let keys = ["id", "text", "", "kéy", String(repeating: "x", count: 100), String(repeating: "x", count: 99)]
            + (0..<40).map { "key\($0)" }
        let table = MemberKeyTable(keys + ["id"])
        #expect(table.count == keys.count)
        for (slot, key) in keys.enumerated() {
            #expect(table.slot(of: Array(key.utf8)) == slot, "\(key)")
        }
        for absent in ["ID", "i", "idd", "ke", "key40", String(repeating: "x", count: 98), "k\u{65}\u{301}y"] {
            #expect(table.slot(of: Array(absent.utf8)) == nil, "\(absent)")
        }
    }

    @Test func anEmptyTableHoldsNothing() {
        let table = MemberKeyTable([])
        #expect(table.count == 0)
        #expect(table.slot(of: []) == nil)
        #expect(table.slot(of: Array("a".utf8)) == nil)
    }
}
