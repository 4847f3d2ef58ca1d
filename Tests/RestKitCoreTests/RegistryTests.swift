import RestKitCore
import Testing

/// Stub plugins that only report their name, to observe which one a lookup picks.
private struct NamedParser: RepresentationParser {
    let name: String
    func parse(_ input: UnsafeRawBufferPointer) throws -> Representation { .string(name) }
}

private struct NamedSerializer: RepresentationSerializer {
    let name: String
    func serialize(_ value: Representation) throws -> [UInt8] { Array(name.utf8) }
}

struct RegistryTests {
    func chosen(_ registry: Registry, _ type: String) throws -> String {
        try registry.parser(for: MediaType(type)).name
    }

    @Test func exactSuffixWildcardAndAny() throws {
        var registry = Registry()
        registry.register(NamedParser(name: "any"), for: "*/*")
        registry.register(NamedParser(name: "json"), for: "application/json")
        registry.register(NamedParser(name: "suffix"), for: .suffix("json"))
        registry.register(NamedParser(name: "text"), for: "text/*")
        #expect(try chosen(registry, "application/json") == "json")
        #expect(try chosen(registry, "Application/JSON; charset=latin1") == "json")
        #expect(try chosen(registry, "application/vnd.api+json") == "suffix")
        #expect(try chosen(registry, "text/csv") == "text")
        #expect(try chosen(registry, "image/png") == "any")
    }

    @Test func latestRegistrationWins() throws {
        var registry = Registry()
        registry.register(NamedParser(name: "first"), for: "application/json")
        registry.register(NamedParser(name: "second"), for: "application/json")
        #expect(try chosen(registry, "application/json") == "second")
        registry.register(NamedParser(name: "third"), for: "application/json")
        #expect(try chosen(registry, "application/json") == "third")
        #expect(try registry.parser(named: "first").name == "first")
    }

    @Test func predicateAndRegex() throws {
        var registry = Registry()
        registry.register(NamedParser(name: "csvish"), for: .predicate("subtypes ending in csv") { $0.subtype.hasSuffix("csv") })
        registry.register(NamedParser(name: "acme"), for: try .regex(#"application/vnd\.acme\.[a-z]+"#))
        #expect(try chosen(registry, "text/x-csv") == "csvish")
        #expect(try chosen(registry, "application/vnd.acme.orders") == "acme")
        #expect(throws: RegistryError.self) { try chosen(registry, "application/vnd.acme.orders+json") }
        #expect(throws: (any Error).self) { try MediaTypePattern.regex("(") }
    }

    @Test func valueSemantics() throws {
        var base = Registry()
        base.register(NamedParser(name: "json"), for: "application/json")
        var copy = base
        copy.register(NamedParser(name: "csv"), for: "text/csv")
        #expect(try chosen(copy, "text/csv") == "csv")
        #expect(throws: RegistryError.self) { try chosen(base, "text/csv") }
    }

    @Test func missingTypeErrorNamesTheTypeAndListsRegistrations() throws {
        var registry = Registry()
        registry.register(NamedParser(name: "json"), for: "application/json")
        registry.register(NamedParser(name: "xml"), for: .suffix("xml"))
        let error = #expect(throws: RegistryError.self) { try chosen(registry, "text/csv; charset=utf-8") }
        #expect(error?.errorType == .noParser)
        #expect(error?.description == "no parser registered for text/csv; registered: application/json (json), */*+xml (xml)")
        let empty = #expect(throws: RegistryError.self) { try Registry().serializer(for: .json) }
        #expect(empty?.description == "no serializer registered for application/json; nothing is registered")
        let named = #expect(throws: RegistryError.self) { try registry.parser(named: "csv") }
        #expect(named?.description == "no parser named 'csv'; registered: json, xml")
    }

    @Test func serializersAndFileExtensions() throws {
        var registry = Registry()
        registry.register(NamedSerializer(name: "json-out"), for: "application/json", fileExtensions: ["json", ".JSON5"])
        #expect(try registry.serialize(nil, as: MediaType("application/json")) == Array("json-out".utf8))
        #expect(registry.mediaType(forPath: "/tmp/a.json") == .json)
        #expect(registry.mediaType(forPath: "b.json5") == .json)
        #expect(registry.mediaType(forPath: "dir.json/file") == nil)
        #expect(registry.mediaType(forPath: "noextension") == nil)
    }
}
