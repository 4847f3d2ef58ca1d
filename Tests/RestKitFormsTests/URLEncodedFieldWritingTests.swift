import RestKitCore
import RestKitForms
import Testing

/// ``URLEncodedSerializer/write(fields:)`` and ``URLEncodedSerializer/write(byteFields:)``:
/// pairs in the order given, values as text or as exact bytes.
struct URLEncodedFieldWritingTests {
    static func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    @Test func pairsKeepTheirOrder() throws {
        let serializer = URLEncodedSerializer()
        #expect(Self.text(serializer.write(fields: [("k", "1"), ("j", "2"), ("k", "3")])) == "k=1&j=2&k=3")
        let rows: [(name: String, value: String)] = [("a[][x]", "1"), ("a[][y]", "2"), ("a[][x]", "3"), ("a[][y]", "4")]
        let body = serializer.write(fields: rows)
        #expect(Self.text(body) == "a[][x]=1&a[][y]=2&a[][x]=3&a[][y]=4")
        // Read back, the order gives two objects, as Rack reads it.
        #expect(try URLEncodedParser().parse(body) == ["a": [["x": "1", "y": "2"], ["x": "3", "y": "4"]]])
        #expect(Self.text(serializer.write(fields: [])) == "")
    }

    @Test func namesAreKeysAndValuesAreValues() {
        let body = URLEncodedSerializer().write(fields: [("user[full name]", "Blake W&=+[]"), ("", ""), ("é", "é")])
        #expect(Self.text(body) == "user[full%20name]=Blake%20W%26%3D%2B%5B%5D&=&%C3%A9=%C3%A9")
        let plus = URLEncodedSerializer(options: .init(spaceEncoding: .plus)).write(fields: [("a b", "c d")])
        #expect(Self.text(plus) == "a+b=c+d")
    }

    @Test func textAndBytesAgreeOnText() throws {
        let fields: [(name: String, value: String)] = [("q", "café au lait"), ("tags[]", "a/b"), ("n", "")]
        let serializer = URLEncodedSerializer()
        #expect(serializer.write(fields: fields) == serializer.write(byteFields: fields.map { ($0.name, Array($0.value.utf8)) }))
        // And with the Representation writer for the same (unique-keyed) object.
        #expect(try serializer.write(["q": "café au lait", "tags": ["a/b"], "n": ""]) == serializer.write(fields: fields))
    }

    /// `write(fields:)` is the inverse of `fields(from:)`: the same body as the representation
    /// writer, for every option that writes each pair as `name=value`.
    @Test(arguments: [
        URLEncodedSerializer.Options(),
        URLEncodedSerializer.Options(arrayStyle: .indices, booleanStyle: .digits, nullStyle: .omitted, keyOrder: .sorted),
        URLEncodedSerializer.Options(arrayStyle: .repeatedKey, spaceEncoding: .plus),
    ])
    func writingTheFieldsGivesTheBody(options: URLEncodedSerializer.Options) throws {
        let value: Representation = ["b": ["x y", "z"], "a": ["k": true, "n": nil, "k&y=": "v/w", "é": 2.5], "c": 1]
        let serializer = URLEncodedSerializer(options: options)
        #expect(serializer.write(fields: try serializer.fields(from: value)) == (try serializer.write(value)))
    }

    @Test func bytesAreSentExactly() throws {
        let binary: [UInt8] = [0xFF, 0xFE, 0x00, 0x80, 0x41, 0x20, 0x25, 0xC3]
        let body = URLEncodedSerializer().write(byteFields: [("p", binary)])
        #expect(Self.text(body) == "p=%FF%FE%00%80A%20%25%C3")
        #expect(!Self.text(body).contains("%EF%BF%BD"))
        // Every byte value survives: decoding the value gives the bytes back.
        let all = (0...255).map(UInt8.init)
        let encoded = URLEncodedSerializer().write(byteFields: [("b", all)])
        #expect(try PercentEncoding.decode(Self.text(Array(encoded.dropFirst(2)))) == all)
    }
}
