import FuzzSupport
import RestKitCore
import RestKitXML

/// Every XML target this executable serves.
let xmlTargets: [FuzzTarget] = [
    FuzzTarget(
        name: "xml-libxml2",
        summary: "LibXML2Parser (SAX2, safe defaults) under each whitespace policy, from one buffer and read in pieces (same value or same error); the result written back as XML",
        dictionary: "xml", seeds: { xmlSeeds }, check: checkLibXML2),
    FuzzTarget(
        name: "xml-roundtrip", summary: "LibXML2Parser → XMLSerializer → LibXML2Parser is the identity, under each whitespace policy",
        dictionary: "xml", seeds: { xmlSeeds }, check: checkXMLRoundTrip),
]

/// Small documents: attributes, repeated siblings, mixed content, CDATA, namespaces,
/// entities (internal, external, nested for expansion) and a few malformed ones.
let xmlSeeds: [[UInt8]] = [
    #"<user id="7"><name>Ada</name><tag>a</tag><tag>b</tag><bio/></user>"#,
    #"<?xml version="1.0" encoding="UTF-8"?><soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body><x a="1">t<![CDATA[<c>]]>u</x></soap:Body></soap:Envelope>"#,
    #"<!DOCTYPE a [<!ENTITY e "xx"><!ENTITY f "&e;&e;&e;">]><a>&f;&amp;&#233;&#x1F600;</a>"#,
    #"<!DOCTYPE a [<!ENTITY x SYSTEM "file:///etc/passwd">]><a>&x;</a>"#,
    #"<a><b>  </b><c> text </c><!-- c --><?pi x?></a>"#,
    "<a><b></a>", "<a x='1' x='2'/>", "<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><a>\u{E9}</a>", "<a>\u{0}</a>",
].map { Array($0.utf8) }

/// Parses under one of the three whitespace policies (the input's length picks it) twice:
/// from one buffer and read through libxml2's callback in pieces
/// (`incrementalReadThreshold`), which must give the same value or the same error (type,
/// reason and location: line, column and byte offset); a value that parsed is read fully and
/// written back as XML. A document that fails in pieces is parsed again from one buffer for its
/// error (`LibXML2Parser.parse(_:)`), so what this compares for a failing document is that it
/// fails both ways; for one that parses, that the values are equal.
private func checkLibXML2(_ bytes: [UInt8]) {
    let policies: [LibXML2Parser.WhitespacePolicy] = [.dropWhitespaceOnly, .trim, .preserve]
    let policy = policies[bytes.count % policies.count]
    let whole = Result { try LibXML2Parser(whitespace: policy, incrementalReadThreshold: .max).parse(bytes) }
    let pieces = Result { try LibXML2Parser(whitespace: policy, incrementalReadThreshold: 0).parse(bytes) }
    switch (whole, pieces) {
    case (.success(let left), .success(let right)) where left == right:
        FuzzCheck.walk(left)
        _ = try? XMLSerializer().write(left)
    case (.failure(let left as ParseError), .failure(let right as ParseError))
        where left.errorType == right.errorType && left.reason == right.reason && left.location == right.location:
        return
    default:
        FuzzCheck.mismatch(
            "read in pieces, the document gives another result\n one buffer: \(whole) \(offset(whole))\n in pieces: \(pieces) \(offset(pieces))",
            input: bytes)
    }
}

/// The byte offset of a parse error, for mismatch reports.
private func offset(_ result: Result<Representation, any Error>) -> String {
    guard case .failure(let error as ParseError) = result, let location = error.location else { return "" }
    return "(\(error.errorType), byte \(location.byteOffset))"
}

/// Parse → write → parse gives an equal representation (``XMLSerializer``'s promise), the
/// first parse under the policy the input's length picks, compact or pretty-printed (not
/// under `.preserve`, which keeps indentation as text); a value that parsed must be
/// writable. Rules (documented): an attribute named `text` reads back after the child
/// elements, so a value with a `"text"` key may come back with its keys in another order;
/// `.trim` trims the text it reads but not attribute values, which the serializer writes as
/// elements, so a value read under `.trim` is read back under `.dropWhitespaceOnly` (and
/// must still parse under `.trim`).
private func checkXMLRoundTrip(_ bytes: [UInt8]) {
    let policies: [LibXML2Parser.WhitespacePolicy] = [.dropWhitespaceOnly, .trim, .preserve]
    let policy = policies[bytes.count % policies.count]
    guard let value = try? LibXML2Parser(whitespace: policy).parse(bytes) else { return }
    let parser = LibXML2Parser(whitespace: policy == .trim ? .dropWhitespaceOnly : policy)
    // Rule: indentation is whitespace-only text, which `.preserve` keeps (documented), so
    // pretty-printed output is compared under the other policies only.
    let pretty = bytes.count % 2 == 0 && policy != .preserve
    let written: [UInt8]
    do { written = try XMLSerializer(prettyPrinted: pretty).write(value) } catch {
        FuzzCheck.mismatch("a parsed document cannot be written: \(error)\n value: \(value)", input: bytes)
    }
    let again = Result { try parser.parse(written) }
    guard case .success(let reparsed) = again else {
        FuzzCheck.mismatch("what XMLSerializer wrote does not parse: \(again)\n value: \(value)\n written: \(FuzzCheck.printable(written))", input: bytes)
    }
    if policy == .trim, case .failure(let error) = Result(catching: { try LibXML2Parser(whitespace: .trim).parse(written) }) {
        FuzzCheck.mismatch("what XMLSerializer wrote does not parse under .trim: \(error)\n written: \(FuzzCheck.printable(written))", input: bytes)
    }
    if reparsed == value { return }
    if hasTextKey(value), sortedKeys(reparsed) == sortedKeys(value) { return }
    FuzzCheck.mismatch(
        "parse → write → parse changed the document\n first: \(value)\n written: \(FuzzCheck.printable(written))\n again: \(reparsed)",
        input: bytes)
}

/// Whether any object in `value` has a `"text"` key.
private func hasTextKey(_ value: Representation) -> Bool {
    switch value.content {
    case .object(let members): members.keys.contains("text") || members.values.contains(where: hasTextKey)
    case .array(let items): items.contains(where: hasTextKey)
    default: false
    }
}

/// `value` with every object's keys in sorted order.
private func sortedKeys(_ value: Representation) -> Representation {
    switch value.content {
    case .object(let members):
        Representation(.object(OrderedDictionary(uniqueKeysWithValues: members.sorted { $0.key < $1.key }.map { ($0.key, sortedKeys($0.value)) })))
    case .array(let items): Representation(.array(items.map(sortedKeys)))
    default: value
    }
}
