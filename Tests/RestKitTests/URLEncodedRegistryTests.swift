import RestKit
import Testing

/// `Registry.default` serves `application/x-www-form-urlencoded` in both directions.
struct URLEncodedRegistryTests {
    @Test func defaultRegistryParsesAndSerializesForms() throws {
        let type = try MediaType("application/x-www-form-urlencoded; charset=utf-8")
        #expect(try Registry.default.parser(for: type).name == "urlencoded")
        #expect(try Registry.default.serializer(for: .formURLEncoded).name == "urlencoded")
        #expect(try Registry.default.parser(named: "urlencoded").name == "urlencoded")

        let value: Representation = ["user": ["name": "Blake Watters"], "tags": ["a", "b"]]
        let body = try Registry.default.serialize(value, as: .formURLEncoded)
        #expect(String(decoding: body, as: UTF8.self) == "user[name]=Blake%20Watters&tags[]=a&tags[]=b")
        #expect(try Registry.default.parse(body, as: type) == value)
    }

    @Test func noFileExtension() {
        #expect(Registry.default.mediaType(forPath: "body.urlencoded") == nil)
        #expect(Registry.default.mediaType(forPath: "body.form") == nil)
    }
}
