import RestKitCore
import RestKitForms
import Testing

/// serializer → parser gives back the same representation for objects, arrays and strings.
struct URLEncodedRoundTripTests {
    static let values: [Representation] = [
        ["a": "1"],
        ["utf8": "¡No ser niño, ser búfalo…!", "emoji": "👍🏽 ok", "symbols": "a+b=c&d%e/f?g#h[i]"],
        ["user": ["name": "Blake Watters", "address": ["city": "San Francisco", "zip": "94103"]]],
        ["tags": ["a", "b", "c"], "single": ["only"]],
        ["root": [["a": "x", "b": "y"], ["a": "1", "b": "2"]]],
        ["items": [["id": "1", "options": ["color": "red", "extras": ["gift", "wrap"]]], ["id": "2", "options": ["color": "blue"]]]],
        ["k": [[["v"]]]],
        ["empty": "", "space key": "spaced value", "plus+key": "+"],
        ["a": ["b": ["c": ["d": ["e": "deep"]]]]],
        ["ünïcödé": ["κλειδί": "τιμή"]],
    ]

    @Test(arguments: values)
    func bracketsRoundTrip(value: Representation) throws {
        let body = try URLEncodedSerializer().serialize(value)
        #expect(try URLEncodedParser().parse(body) == value, "\(String(decoding: body, as: UTF8.self))")
    }

    @Test(arguments: values)
    func indicesAndPlusRoundTrip(value: Representation) throws {
        let options = URLEncodedSerializer.Options(arrayStyle: .indices, spaceEncoding: .plus, keyOrder: .sorted)
        let body = try URLEncodedSerializer(options: options).serialize(value)
        #expect(try URLEncodedParser().parse(body) == value, "\(String(decoding: body, as: UTF8.self))")
    }

    /// With indices, shapes brackets cannot tell apart come back exactly too.
    @Test func indicesDisambiguate() throws {
        let value: Representation = [
            "k": [["a"], ["b", "c"]],
            "r": [["t": ["x"]], ["t": ["y"]]],
        ]
        let body = try URLEncodedSerializer(options: .init(arrayStyle: .indices)).serialize(value)
        #expect(try URLEncodedParser().parse(body) == value)
    }

    @Test func repeatedKeysRoundTripFlat() throws {
        let value: Representation = ["tag": ["a", "b"], "q": "x y"]
        let body = try URLEncodedSerializer(options: .init(arrayStyle: .repeatedKey)).serialize(value)
        #expect(String(decoding: body, as: UTF8.self) == "tag=a&tag=b&q=x%20y")
        #expect(try URLEncodedParser(keyMode: .flat).parse(body) == value)
    }

    @Test func parsedBodyReserializesToTheSameBytes() throws {
        let body = "user[name]=Blake&user[tags][]=a&user[tags][]=b&items[][id]=1&items[][q]=2&items[][id]=3&n=%C3%B1%20x"
        let parsed = try URLEncodedParser().parse(text: body)
        #expect(try URLEncodedSerializer().string(from: parsed) == body)
    }
}
