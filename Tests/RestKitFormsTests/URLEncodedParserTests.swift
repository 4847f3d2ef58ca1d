import RestKitCore
import RestKitForms
import Testing

/// Shapes ``URLEncodedParser`` builds from flat and bracket keys.
struct URLEncodedParserTests {
    func parse(_ text: String, _ parser: URLEncodedParser = .init()) throws -> Representation {
        try parser.parse(text: text)
    }

    @Test func plainPairs() throws {
        #expect(try parse("a=1&b=two") == ["a": "1", "b": "two"])
        #expect(try parse("") == [:])
        #expect(try parse("a=1&&b=2&") == ["a": "1", "b": "2"])
        #expect(try parse("a=b=c") == ["a": "b=c"])
        #expect(try parse("flag&x=") == ["flag": "", "x": ""])
        #expect(try parse("page=2&admin=true").objectValue?.values.map(\.kind) == [.string, .string])
    }

    @Test func keyOrderIsFirstSeen() throws {
        let value = try parse("z=1&a=2&z=3&m=4")
        #expect(value.objectValue.map { Array($0.keys) } == ["z", "a", "m"])
    }

    @Test func plusAndPercent20AreSpaces() throws {
        #expect(try parse("full+name=Blake+Watters") == ["full name": "Blake Watters"])
        #expect(try parse("full%20name=Blake%20Watters") == ["full name": "Blake Watters"])
        #expect(try parse("plus=1%2B1") == ["plus": "1+1"])
        #expect(try parse("a=%2b%2B%3d%26") == ["a": "++=&"])
    }

    @Test func decodesUTF8() throws {
        #expect(try parse("utf8=%C2%A1No%20ser%20ni%C3%B1o%2C%20ser%20b%C3%BAfalo%E2%80%A6%21")
            == ["utf8": "¡No ser niño, ser búfalo…!"])
        #expect(try parse("cl%C3%A9=caf%c3%a9") == ["clé": "café"])
        #expect(try parse("raw=niño") == ["raw": "niño"])
    }

    @Test func repeatedKeysBecomeArrays() throws {
        #expect(try parse("a=1&a=2&a=3") == ["a": ["1", "2", "3"]])
        #expect(try parse("a=1&b=x&a=2") == ["a": ["1", "2"], "b": "x"])
        #expect(try parse("u[n]=1&u[n]=2") == ["u": ["n": ["1", "2"]]])
    }

    // Edge cases decided against Rack 3's parse_nested_query (see the README).

    @Test(arguments: ["=v", "=", "=v&=w", "%3D=", "+"])
    func emptyKeysAreDropped(input: String) throws {
        // `%3D=` is the key "=" (not empty); `+` is the key " " (not empty).
        let expected: Representation = switch input {
        case "%3D=": ["=": ""]
        case "+": [" ": ""]
        default: [:]
        }
        #expect(try parse(input) == expected)
        #expect(try parse(input, URLEncodedParser(keyMode: .flat)) == expected)
    }

    @Test func emptyKeysAmongOthers() throws {
        #expect(try parse("a=1&=v&b=2") == ["a": "1", "b": "2"])
        #expect(try parse("=v&a[]=1&=w&a[]=2") == ["a": ["1", "2"]])
        #expect(try parse("a[]=1&=x", URLEncodedParser(keyMode: .flat)) == ["a[]": "1"])
    }

    @Test func onlyAmpersandSeparatesPairs() throws {
        #expect(try parse("a=1;b=2") == ["a": "1;b=2"])
        #expect(try parse("a=1;b=2&c=3") == ["a": "1;b=2", "c": "3"])
        #expect(try parse("a;b=1") == ["a;b": "1"])
        #expect(try parse("a=%3B") == ["a": ";"])
    }

    @Test func nestedObjects() throws {
        #expect(try parse("a[b][c]=1") == ["a": ["b": ["c": "1"]]])
        #expect(try parse("user[name]=Blake&user[address][city]=Paris&user[address][zip]=75001")
            == ["user": ["name": "Blake", "address": ["city": "Paris", "zip": "75001"]]])
        #expect(try parse("user%5Bname%5D=Blake") == ["user": ["name": "Blake"]])
    }

    @Test func bracketArrays() throws {
        #expect(try parse("a[]=1&a[]=2") == ["a": ["1", "2"]])
        #expect(try parse("u[tags][]=x&u[tags][]=y") == ["u": ["tags": ["x", "y"]]])
        #expect(try parse("k[][][]=v") == ["k": [[["v"]]]])
        #expect(try parse("k[][]=a&k[][]=b") == ["k": [["a"], ["b"]]])
    }

    @Test func indexedArrays() throws {
        #expect(try parse("a[0]=x&a[1]=y") == ["a": ["x", "y"]])
        #expect(try parse("a[1]=y&a[0]=x") == ["a": ["x", "y"]])
        #expect(try parse("i[0][id]=1&i[0][q]=2&i[1][id]=3") == ["i": [["id": "1", "q": "2"], ["id": "3"]]])
        #expect(try parse("k[0][0]=a&k[1][0]=b&k[1][1]=c") == ["k": [["a"], ["b", "c"]]])
        #expect(try parse("a[0]=x&a[2]=y") == ["a": ["0": "x", "2": "y"]])
        #expect(try parse("a[00]=x") == ["a": ["00": "x"]])
        #expect(try parse("0=x&1=y") == ["0": "x", "1": "y"])
        #expect(try parse("a[0]=x&a[1]=y", .init(indicesFormArrays: false)) == ["a": ["0": "x", "1": "y"]])
    }

    @Test func arraysOfObjectsFollowRack() throws {
        #expect(try parse("root[][a]=x&root[][b]=y&root[][a]=1")
            == ["root": [["a": "x", "b": "y"], ["a": "1"]]])
        #expect(try parse("root[][a]=x&root[][b]=y&root[][a]=1&root[][b]=2")
            == ["root": [["a": "x", "b": "y"], ["a": "1", "b": "2"]]])
        #expect(try parse("r[][a][b]=1&r[][a][c]=2&r[][a][b]=3")
            == ["r": [["a": ["b": "1", "c": "2"]], ["a": ["b": "3"]]]])
        // As in Rack, a key path containing [] always joins the last object.
        #expect(try parse("r[][id]=1&r[][t][]=x&r[][t][]=y&r[][id]=2&r[][t][]=z")
            == ["r": [["id": "1", "t": ["x", "y"]], ["id": "2", "t": ["z"]]]])
    }

    @Test func malformedBracketsStayKeyText() throws {
        #expect(try parse("[a]=1") == ["[a]": "1"])
        #expect(try parse("a[b=1") == ["a": ["[b": "1"]])
        #expect(try parse("a[=1") == ["a[": "1"])
        #expect(try parse("a[b]c=1") == ["a": ["b": ["c": "1"]]])
    }

    @Test func flatModeKeepsKeys() throws {
        let flat = URLEncodedParser(keyMode: .flat)
        #expect(try parse("a[b]=1&a[b]=2&c[]=3&d=4", flat) == ["a[b]": ["1", "2"], "c[]": "3", "d": "4"])
        #expect(try parse("a[0]=x", flat) == ["a[0]": "x"])
        var deep = ""
        for _ in 0..<100 { deep += "[k]" }
        #expect(try parse("a\(deep)=1", flat).objectValue?.count == 1)
    }

    @Test func defaults() {
        let parser = URLEncodedParser()
        #expect(parser.name == "urlencoded")
        #expect(parser.keyMode == .nested)
        #expect(parser.maximumDepth == 32)
        #expect(parser.indicesFormArrays)
    }

    @Test func queryExtraction() throws {
        #expect(URLEncodedParser.query(of: "/views/thing/?keyA=valA&keyB=valB") == "keyA=valA&keyB=valB")
        #expect(URLEncodedParser.query(of: "https://h.example/p?q=1#frag?x=2") == "q=1")
        #expect(URLEncodedParser.query(of: "/p#frag?x=2") == nil)
        #expect(URLEncodedParser.query(of: "/p") == nil)
        #expect(URLEncodedParser.query(of: "/p?") == "")
        #expect(URLEncodedParser.query(of: "?a=1") == "a=1")

        let parser = URLEncodedParser()
        #expect(try parser.parse(queryOf: "/views/thing/?keyA=valA&keyB=valB") == ["keyA": "valA", "keyB": "valB"])
        #expect(try parser.parse(queryOf: "https://example.com/search?q=rest+kit&tags[]=a%20b#results")
            == ["q": "rest kit", "tags": ["a b"]])
        #expect(try parser.parse(queryOf: "/views/thing") == [:])
    }

    @Test func registeredName() throws {
        let value = try URLEncodedParser().parse(Array("a=1".utf8))
        #expect(value["a"] == "1")
    }
}
