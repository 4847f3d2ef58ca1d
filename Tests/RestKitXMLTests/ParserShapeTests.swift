import RestKitCore
import RestKitXML
import Testing

/// The XMLReader-style shape: root key, attributes, repeated siblings, text, CDATA, names.
@Suite struct ParserShapeTests {
    let parser = LibXML2Parser()

    @Test func rootElementIsTheSingleTopLevelKey() throws {
        let value = try parser.parse(text: "<greeting>hello</greeting>")
        #expect(value == ["greeting": "hello"])
    }

    @Test func attributesAndChildrenBecomeKeysInDocumentOrder() throws {
        let value = try parser.parse(text: #"<user id="7" role="admin"><name>Ada</name><email>a@x.org</email></user>"#)
        #expect(value == ["user": ["id": "7", "role": "admin", "name": "Ada", "email": "a@x.org"]])
        #expect(value["user"]?.objectValue.map { Array($0.keys) } == ["id", "role", "name", "email"])
    }

    @Test func repeatedSiblingsBecomeAnArrayInDocumentOrder() throws {
        let value = try parser.parse(text: "<list><item>a</item><other>x</other><item>b</item><item>c</item></list>")
        #expect(value == ["list": ["item": ["a", "b", "c"], "other": "x"]])
    }

    @Test func repeatedElementsWithStructureStayObjects() throws {
        let value = try parser.parse(text: #"<r><p id="1"><n>x</n></p><p id="2"/></r>"#)
        #expect(value == ["r": ["p": [["id": "1", "n": "x"], ["id": "2"]]]])
    }

    @Test func textNextToAttributesGoesUnderTextKey() throws {
        let value = try parser.parse(text: #"<price currency="EUR">12.50</price>"#)
        #expect(value == ["price": ["currency": "EUR", "text": "12.50"]])
    }

    @Test func mixedContentConcatenatesTextAroundChildren() throws {
        let value = try parser.parse(text: "<p>Hello <b>big</b> world</p>")
        #expect(value == ["p": ["b": "big", "text": "Hello  world"]])
    }

    @Test func emptyElementIsEmptyString() throws {
        let value = try parser.parse(text: "<r><a/><b></b><c>   </c></r>")
        #expect(value == ["r": ["a": "", "b": "", "c": ""]])
    }

    @Test func whitespaceOnlyTextBetweenElementsIsDropped() throws {
        let value = try parser.parse(text: "<r>\n  <a>1</a>\n\t<b> 2 </b>\n</r>\n")
        #expect(value == ["r": ["a": "1", "b": " 2 "]])
    }

    @Test func cdataIsKeptAndMergedWithText() throws {
        let value = try parser.parse(text: "<r><a>x<![CDATA[<b>&amp;</b>]]>y</a><w><![CDATA[ ]]></w></r>")
        #expect(value == ["r": ["a": "x<b>&amp;</b>y", "w": " "]])
    }

    @Test func entitiesAndCharacterReferencesAreDecoded() throws {
        let value = try parser.parse(text: #"<r a="&lt;&amp;&quot;&#x41;">&amp; &lt;&gt; &#233;&#x1F600; &apos;</r>"#)
        #expect(value == ["r": ["a": "<&\"A", "text": "& <> é😀 '"]])
    }

    @Test func internalEntitiesAreExpanded() throws {
        let text = """
            <?xml version="1.0"?>
            <!DOCTYPE r [<!ENTITY who "World"><!ENTITY el "<b>bold &who;</b>">]>
            <r greeting="Hi &who; &amp; co">Hello &who;! &el;</r>
            """
        let value = try parser.parse(text: text)
        #expect(value == ["r": ["greeting": "Hi World & co", "b": "bold World", "text": "Hello World! "]])
    }

    @Test func namespacedNamesKeepTheirPrefix() throws {
        let text = #"<s:Envelope xmlns:s="urn:s" xmlns="urn:d"><s:Body><item xmlns:i="urn:i" i:nil="true"/></s:Body></s:Envelope>"#
        let value = try parser.parse(text: text)
        #expect(value == ["s:Envelope": ["xmlns:s": "urn:s", "xmlns": "urn:d", "s:Body": ["item": ["xmlns:i": "urn:i", "i:nil": "true"]]]])
    }

    @Test func commentsAndProcessingInstructionsAreSkipped() throws {
        let value = try parser.parse(text: "<?xml version=\"1.0\"?><!-- c --><r><?pi x?><a>1<!-- inner -->2</a></r>")
        #expect(value == ["r": ["a": "12"]])
    }

    @Test func attributeAndChildWithTheSameNameBecomeAnArray() throws {
        let value = try parser.parse(text: #"<r id="1"><id>2</id></r>"#)
        #expect(value == ["r": ["id": ["1", "2"]]])
    }

    @Test(arguments: [
        (LibXML2Parser.WhitespacePolicy.dropWhitespaceOnly, ["r": ["a": " x ", "b": ""]] as Representation),
        (.trim, ["r": ["a": "x", "b": ""]] as Representation),
        (.preserve, ["r": ["a": " x ", "b": "  ", "text": "\n\n"]] as Representation),
    ])
    func whitespacePolicies(policy: LibXML2Parser.WhitespacePolicy, expected: Representation) throws {
        let value = try LibXML2Parser(whitespace: policy).parse(text: "<r>\n<a> x </a><b>  </b>\n</r>")
        #expect(value == expected)
    }

    @Test func otherEncodingsAreTranscoded() throws {
        let latin1: [UInt8] = Array(#"<?xml version="1.0" encoding="ISO-8859-1"?><r>caf"#.utf8) + [0xE9] + Array("</r>".utf8)
        #expect(try parser.parse(latin1) == ["r": "café"])
        var utf16: [UInt8] = [0xFF, 0xFE]
        for unit in "<r>\u{E9}t\u{E9}</r>".utf16 { utf16 += [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
        #expect(try parser.parse(utf16) == ["r": "été"])
    }

    @Test func missingKeysAreNilNotNull() throws {
        let document = try LibXML2Parser().parse(text: "<a><b>1</b><b>2</b><c x=\"y\"/></a>")
        #expect(document["a"]?["missing"] == nil)
        #expect(document[keyPath: "a.b.1"] == "2")
        #expect(document[keyPath: "a.b.2"] == nil)
        #expect(document[keyPath: "a.c.x"] == "y")
    }
}
