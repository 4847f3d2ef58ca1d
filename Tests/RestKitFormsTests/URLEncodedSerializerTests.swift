import RestKitCore
@testable import RestKitForms
import Testing

/// Exact output of ``URLEncodedSerializer`` for every shape and every option.
struct URLEncodedSerializerTests {
    func encode(_ value: Representation, _ options: URLEncodedSerializer.Options = .init()) throws -> String {
        try URLEncodedSerializer(options: options).string(from: value)
    }

    @Test func percentEncodesUTF8LeavingOnlyUnreservedLiteral() throws {
        #expect(try encode(["utf8": "¡No ser niño, ser búfalo…!"])
            == "utf8=%C2%A1No%20ser%20ni%C3%B1o%2C%20ser%20b%C3%BAfalo%E2%80%A6%21")
        #expect(try encode(["q": "a+b=c&d/e?f#g%h"]) == "q=a%2Bb%3Dc%26d%2Fe%3Ff%23g%25h")
        #expect(try encode(["emoji": "👍🏽"]) == "emoji=%F0%9F%91%8D%F0%9F%8F%BD")
        #expect(try encode(["text": "line1\nline2\t\u{0}"]) == "text=line1%0Aline2%09%00")
    }

    @Test(arguments: 0..<128)
    func everyASCIIByteIsLiteralExactlyWhenUnreserved(byte: Int) throws {
        let scalar = try #require(Unicode.Scalar(byte))
        let unreserved = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~"
        let text = String(Character(scalar))
        let expected = unreserved.unicodeScalars.contains(scalar) ? text : "%" + hex(byte)
        #expect(try encode(["v": .string(text)]) == "v=\(expected)")
        let expectedKey = unreserved.unicodeScalars.contains(scalar) || text == "[" || text == "]" ? text : "%" + hex(byte)
        #expect(try encode([text: "v"]) == "\(expectedKey)=v")
    }

    func hex(_ byte: Int) -> String {
        let digits = Array("0123456789ABCDEF")
        return String([digits[byte >> 4], digits[byte & 15]])
    }

    @Test func keysKeepBracketsAndEncodeTheRest() throws {
        #expect(try encode(["user name": ["first+last": "x"]]) == "user%20name[first%2Blast]=x")
        #expect(try encode(["a[b]": "c"]) == "a[b]=c")
        #expect(try encode(["clé": "v"]) == "cl%C3%A9=v")
    }

    @Test func nestedObjectsAndArrays() throws {
        #expect(try encode(["user": ["name": "Blake", "id": 31337]]) == "user[name]=Blake&user[id]=31337")
        #expect(try encode(["tags": ["a", "b"]]) == "tags[]=a&tags[]=b")
        #expect(try encode(["root": [["a": "x", "b": "y"], ["a": 1, "b": 2]]])
            == "root[][a]=x&root[][b]=y&root[][a]=1&root[][b]=2")
        #expect(try encode(["k": [[["v"]]]]) == "k[][][]=v")
        #expect(try encode(["a": ["b": ["c": ["d": "e"]]], "z": "1"]) == "a[b][c][d]=e&z=1")
        #expect(try encode(["u": ["tags": ["x", "y"], "n": "m"]]) == "u[tags][]=x&u[tags][]=y&u[n]=m")
    }

    @Test func scalarsAreWrittenExactly() throws {
        #expect(try encode(["i": -42, "big": .int(.max), "d": 2.5, "e": 1e20]) == "i=-42&big=9223372036854775807&d=2.5&e=1e%2B20")
        #expect(try encode(["n": .number("123456789012345678901234567890")]) == "n=123456789012345678901234567890")
        #expect(try encode(["n": .number("1.5E+400")]) == "n=1.5E%2B400")
        #expect(try encode(["t": true, "f": false]) == "t=true&f=false")
        #expect(try encode(["x": nil]) == "x=")
        #expect(try encode(["s": ""]) == "s=")
    }

    @Test func emptyContainersWriteNothing() throws {
        #expect(try encode([:]) == "")
        #expect(try encode(["a": [], "b": [:], "c": "d"]) == "c=d")
        #expect(try encode(["a": [[], ["x"]]]) == "a[][]=x")
    }

    @Test func arrayStyles() throws {
        let value: Representation = ["tags": ["a", "b"], "items": [["id": 1, "opts": ["x", "y"]], ["id": 2]]]
        #expect(try encode(value, .init(arrayStyle: .brackets))
            == "tags[]=a&tags[]=b&items[][id]=1&items[][opts][]=x&items[][opts][]=y&items[][id]=2")
        #expect(try encode(value, .init(arrayStyle: .indices))
            == "tags[0]=a&tags[1]=b&items[0][id]=1&items[0][opts][0]=x&items[0][opts][1]=y&items[1][id]=2")
        #expect(try encode(["tags": ["a", "b"], "n": [1, true, nil]], .init(arrayStyle: .repeatedKey))
            == "tags=a&tags=b&n=1&n=true&n=")
        #expect(try encode(["k": [["a"], ["b", "c"]]], .init(arrayStyle: .indices)) == "k[0][0]=a&k[1][0]=b&k[1][1]=c")
    }

    @Test func repeatedKeyRejectsContainersInArrays() throws {
        let error = try #require(throws: SerializationError.self) {
            try encode(["items": ["ok", ["id": 1]]], .init(arrayStyle: .repeatedKey))
        }
        #expect(error.errorType == .unsupportedShape)
        #expect(error.keyPath == "items.1")
    }

    @Test func booleanStyles() throws {
        #expect(try encode(["t": true, "f": false], .init(booleanStyle: .words)) == "t=true&f=false")
        #expect(try encode(["t": true, "f": false], .init(booleanStyle: .digits)) == "t=1&f=0")
        #expect(try encode(["a": [true, false]], .init(booleanStyle: .digits)) == "a[]=1&a[]=0")
    }

    @Test func nullStyles() throws {
        let value: Representation = ["a": nil, "b": "1", "c": [nil, "x"], "d": ["e": nil]]
        #expect(try encode(value, .init(nullStyle: .emptyValue)) == "a=&b=1&c[]=&c[]=x&d[e]=")
        #expect(try encode(value, .init(nullStyle: .bareKey)) == "a&b=1&c[]&c[]=x&d[e]")
        #expect(try encode(value, .init(nullStyle: .omitted)) == "b=1&c[]=x")
        #expect(try encode(["c": [nil, "x"]], .init(arrayStyle: .indices, nullStyle: .omitted)) == "c[1]=x")
        #expect(try encode(["a": nil, "b": nil], .init(nullStyle: .omitted)) == "")
    }

    @Test func spaceEncodings() throws {
        let value: Representation = ["full name": "Blake Watters", "plus": "1+1"]
        #expect(try encode(value, .init(spaceEncoding: .percent20)) == "full%20name=Blake%20Watters&plus=1%2B1")
        #expect(try encode(value, .init(spaceEncoding: .plus)) == "full+name=Blake+Watters&plus=1%2B1")
    }

    @Test func keyOrders() throws {
        let value: Representation = ["b": "1", "a": ["z": "2", "y": "3"], "C": "4"]
        #expect(try encode(value, .init(keyOrder: .representation)) == "b=1&a[z]=2&a[y]=3&C=4")
        #expect(try encode(value, .init(keyOrder: .sorted)) == "C=4&a[y]=3&a[z]=2&b=1")
    }

    @Test func defaultsAreDocumented() {
        let options = URLEncodedSerializer.Options()
        #expect(options.arrayStyle == .brackets)
        #expect(options.booleanStyle == .words)
        #expect(options.nullStyle == .emptyValue)
        #expect(options.spaceEncoding == .percent20)
        #expect(options.keyOrder == .representation)
        #expect(options.maximumDepth == 512)
        #expect(URLEncodedSerializer().name == "urlencoded")
    }

    @Test(arguments: [Representation("x"), 1, [1, 2], nil, true])
    func topLevelMustBeAnObject(value: Representation) throws {
        let error = try #require(throws: SerializationError.self) { try encode(value) }
        #expect(error.errorType == .unsupportedShape)
        #expect(error.keyPath == "")
    }

    /// A fuzzing finding: `{"a": {"x]y": "1"}}` was written `a[x][y]]=1`, which reads back as
    /// another shape. A nested key holding a bracket is now refused; a top-level field name
    /// with brackets (how flat fields spell nesting) is still written.
    @Test func nestedKeysWithBracketsAreRefused() throws {
        for key in ["x]y", "x[y", "[", "]"] {
            let error = try #require(throws: SerializationError.self) { try encode(["a": ["b": [key: "1"]]]) }
            #expect(error.errorType == .unsupportedShape)
            #expect(error.keyPath == "a.b.\(key)")
        }
        #expect(try !encode(["user[name]": "Ada"]).isEmpty)
    }

    /// A fuzzing finding: the parser reads `a[=1&a[=2` as `{"a[":["1","2"]}` (Rack's rule for a
    /// name ending in `[`), which was written `a[[0]=1&a[[1]=2` and read back as `{"a":{"[0":…}}`.
    /// An array or object under a top-level name with an unclosed `[` is refused; scalars and
    /// well-formed names are written as given.
    @Test func topLevelNamesWithUnclosedBracketsHoldNoNesting() throws {
        for name in ["a[", "a[b", "a[b][", "a[b[c]"] {
            for value: Representation in [["1", "2"], ["k": "v"]] {
                let error = try #require(throws: SerializationError.self) { try encode([name: value]) }
                #expect(error.errorType == .unsupportedShape)
                #expect(error.keyPath == name)
            }
            #expect(try !encode([name: "1"]).isEmpty)
        }
        for name in ["a", "[a]", "a]", "user[address]", "a[b][c]", "a[]"] {
            #expect(try !encode([name: ["k": "v"]]).isEmpty, "\(name)")
        }
        // Parsed, written and read back: the same form.
        let parsed = try URLEncodedParser().parse(text: "a[=1&a[=2")
        #expect(parsed == ["a[": ["1", "2"]])
        #expect(throws: SerializationError.self) { try URLEncodedSerializer().write(parsed) }
        let bracketed = try URLEncodedParser().parse(text: "[a][0]=x&a]=y")
        #expect(try URLEncodedParser().parse(URLEncodedSerializer(options: .init(arrayStyle: .indices)).write(bracketed)) == bracketed)
    }

    @Test func nonFiniteNumbersFailWithTheirKeyPath() throws {
        let error = try #require(throws: SerializationError.self) {
            try encode(["order": ["items": [["price": 1.0], ["price": .double(.nan)]]]])
        }
        #expect(error.errorType == .unrepresentableValue)
        #expect(error.keyPath == "order.items.1.price")
    }

    @Test func depthLimit() throws {
        var value: Representation = "leaf"
        for _ in 0..<10 { value = ["k": value] }
        // `k[k]…[k]=leaf`: 9 bracket levels; under "top", 10.
        #expect(try encode(value, .init(maximumDepth: 9)).hasSuffix("[k]=leaf"))
        let error = try #require(throws: SerializationError.self) { try encode(["top": value], .init(maximumDepth: 9)) }
        #expect(error.errorType == .depthLimitExceeded)
        #expect(error.keyPath == "top.k.k.k.k.k.k.k.k.k")
    }

    @Test func serializeMatchesString() throws {
        let bytes = try URLEncodedSerializer().serialize(["a": "b c"])
        #expect(bytes == Array("a=b%20c".utf8))
    }
}

/// `fields(from:)`: the pairs of the body, unencoded (the text fields of a multipart form).
struct URLEncodedFieldsTests {
    @Test func fieldsAreThePairsOfTheBodyWithoutPercentEncoding() throws {
        let value: Representation = [
            "article": ["title": "Hi & bye = [ok]", "tags": ["a b", "ü"], "draft": false, "views": 3, "score": 2.5],
            "items": [["id": 1], ["id": .number("18446744073709551616")]],
            "none": nil,
        ]
        let fields = try URLEncodedSerializer().fields(from: value)
        #expect(fields.map(\.name) == [
            "article[title]", "article[tags][]", "article[tags][]", "article[draft]", "article[views]", "article[score]",
            "items[][id]", "items[][id]", "none",
        ])
        #expect(fields.map(\.value) == ["Hi & bye = [ok]", "a b", "ü", "false", "3", "2.5", "1", "18446744073709551616", ""])
    }

    /// Every option gives the same pairs as the body, once encoded: one writer for both.
    @Test(arguments: [
        URLEncodedSerializer.Options(),
        URLEncodedSerializer.Options(arrayStyle: .indices, booleanStyle: .digits, nullStyle: .omitted, keyOrder: .sorted),
        URLEncodedSerializer.Options(arrayStyle: .repeatedKey, nullStyle: .bareKey, spaceEncoding: .plus),
    ])
    func fieldsEncodeToTheBody(options: URLEncodedSerializer.Options) throws {
        let value: Representation = ["b": ["x y", "z"], "a": ["k": true, "n": nil, "k&y=": "v/w"], "c": 1]
        let serializer = URLEncodedSerializer(options: options)
        let body = try serializer.write(value)
        let pairs = try body.withUnsafeBytes { bytes in
            var scanner = URLEncodedScanner(input: bytes, range: 0..<bytes.count)
            var pairs: [URLEncodedScanner.Pair] = []
            while let pair = try scanner.next() { pairs.append(pair) }
            return pairs
        }
        let fields = try serializer.fields(from: value)
        #expect(pairs.map(\.key) == fields.map(\.name))
        #expect(pairs.map(\.value) == fields.map(\.value))
    }

    @Test func fieldsFailLikeTheBody() {
        let notObject = #expect(throws: SerializationError.self) { try URLEncodedSerializer().fields(from: ["a", "b"]) }
        #expect(notObject?.errorType == .unsupportedShape)
        let infinite = #expect(throws: SerializationError.self) {
            try URLEncodedSerializer().fields(from: ["a": ["b": .double(.infinity)]])
        }
        #expect(infinite?.errorType == .unrepresentableValue)
        #expect(infinite?.keyPath == "a.b")
        var deep: Representation = "leaf"
        for _ in 0..<5 { deep = ["k": deep] }
        let tooDeep = #expect(throws: SerializationError.self) {
            try URLEncodedSerializer(options: .init(maximumDepth: 3)).fields(from: ["top": deep])
        }
        #expect(tooDeep?.errorType == .depthLimitExceeded)
    }
}
