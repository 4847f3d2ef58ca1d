import Foundation
import RestKitCore
import Testing

@testable import RestKitMapping

struct MappingTestTests {
    static let document: Representation = ["id": 31337, "name": "Blake Watters", "address": ["id": 1, "city": "Carrboro"]]

    @Test func passingExpectations() {
        var test = MappingTest(mapping: Mappings.user, representation: Self.document)
        test.expect("name", mapsTo: \.name, value: "Blake Watters")
        test.expect("id", mapsTo: \.id, value: 31337)
        test.expect("address", mapsTo: \.address)
        #expect(test.failures.isEmpty, "\(test.failures)")
    }

    @Test func failuresSayWhatHappened() {
        var test = MappingTest(mapping: Mappings.user, representation: Self.document)
        test.expect("name", mapsTo: \.name, value: "Blake")
        test.expect("nickname", mapsTo: \.name)
        test.expect("id", mapsTo: \.luckyNumber)
        let failures = test.failures
        #expect(failures.count == 3)
        #expect(failures[0].hasPrefix("expected 'name' to map to "))
        #expect(failures[0].hasSuffix("with value Blake, but the value was Blake Watters"))
        #expect(failures[1].contains("but the mapping has none from 'nickname' (it maps: id, name, birthdate"))
        #expect(failures[2].hasSuffix("but it maps to another property"))
    }

    @Test func aFailingMappingIsReported() {
        let test = MappingTest(mapping: Mappings.user, representation: ["id": "x"])
        #expect(test.failures == ["the mapping failed: id: cannot convert string \"x\" to Int"])
    }
}
