import RestKit
import Testing

/// The README's example: a library user teaches the registry `text/csv` with one small type.
struct CSVParser: RepresentationParser {
    let name = "csv"

    struct MalformedRow: Error, CustomStringConvertible {
        let line: Int
        var description: String { "line \(line) has a different number of fields than the header" }
    }

    func parse(_ input: UnsafeRawBufferPointer) throws -> Representation {
        let lines = String(decoding: input, as: UTF8.self).split(whereSeparator: \.isNewline)
        guard let header = lines.first?.split(separator: ",", omittingEmptySubsequences: false) else { return [] }
        var rows: [Representation] = []
        for (index, line) in lines.dropFirst().enumerated() {
            let fields = line.split(separator: ",", omittingEmptySubsequences: false)
            guard fields.count == header.count else { throw MalformedRow(line: index + 2) }
            var row: OrderedDictionary<String, Representation> = [:]
            for (key, field) in zip(header, fields) { row[String(key)] = .string(String(field)) }
            rows.append(.object(row))
        }
        return .array(rows)
    }
}

struct CustomParserTests {
    @Test func registeringACustomParser() throws {
        var registry = Registry.default
        registry.register(CSVParser(), for: "text/csv", fileExtensions: ["csv"])
        let rows = try registry.parse(Array("id,name\n1,Ada\n2,Grace\n".utf8), as: MediaType("text/csv; charset=utf-8"))
        #expect(rows == [["id": "1", "name": "Ada"], ["id": "2", "name": "Grace"]])
        #expect(registry.mediaType(forPath: "people.csv") == (try MediaType("text/csv")))
        #expect(throws: CSVParser.MalformedRow.self) {
            try registry.parse(Array("a,b\n1\n".utf8), as: MediaType("text/csv"))
        }
        // The default registry is unchanged: it is a value.
        #expect(throws: RegistryError.self) { try Registry.default.parser(for: MediaType("text/csv")) }
    }

    @Test func aCustomParserCanReplaceABuiltIn() throws {
        var registry = Registry.default
        registry.register(CSVParser(), for: "application/json")
        #expect(try registry.parser(for: .json).name == "csv")
        #expect(try Registry.default.parser(for: .json).name == "swift")
    }
}

struct DefaultRegistryTests {
    @Test(arguments: [
        ("application/json", "swift"), ("text/json", "swift"), ("application/vnd.api+json", "swift"),
        ("application/hal+json; charset=utf-8", "swift"), ("application/xml", "libxml2"), ("text/xml", "libxml2"),
        ("application/atom+xml", "libxml2"), ("application/rss+xml", "libxml2"), ("image/svg+xml", "libxml2"),
    ])
    func builtInParsers(type: String, parser: String) throws {
        #expect(try Registry.default.parser(for: MediaType(type)).name == parser)
    }

    @Test func builtInSerializersAndNames() throws {
        #expect(try Registry.default.serializer(for: .json).name == "json")
        #expect(try Registry.default.serializer(for: .xml).name == "xml")
        #expect(try Registry.default.parser(named: "jansson").name == "jansson")
        #expect(try Registry.default.parser(named: "yajl").name == "yajl")
        #expect(try Registry.default.parser(named: "swift").name == "swift")
        #expect(Registry.default.mediaType(forPath: "feed.xml") == .xml)
        #expect(Registry.default.mediaType(forPath: "users.JSON") == .json)
    }

    @Test func unknownTypeErrorListsTheBuiltIns() throws {
        let error = #expect(throws: RegistryError.self) { try Registry.default.parser(for: MediaType("text/csv")) }
        let text = error?.description ?? ""
        #expect(text.hasPrefix("no parser registered for text/csv; registered: "))
        #expect(text.contains("application/json (yajl)"))
        #expect(text.contains("application/xml (libxml2)"))
    }

    @Test func jsonToXMLAndBack() throws {
        let value: Representation = ["user": ["name": "Blake", "roles": ["admin", "dev"]]]
        let xml = try Registry.default.serialize(value, as: .xml)
        #expect(try Registry.default.parse(xml, as: .xml) == value)
        let json = try Registry.default.serialize(value, as: .json)
        #expect(try Registry.default.parse(json, as: MediaType("application/vnd.api+json")) == value)
    }
}
