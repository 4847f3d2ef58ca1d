import FuzzSupport
import RestKitCore
import RestKitXML

/// Every XML target this executable serves.
let xmlTargets: [FuzzTarget] = [
    FuzzTarget(
        name: "xml-libxml2", summary: "LibXML2Parser (SAX2, safe defaults) under each whitespace policy; the result written back as XML",
        dictionary: "xml", seeds: { xmlSeeds }, check: checkLibXML2),
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

/// Parses under the three whitespace policies (the input's length picks the order of
/// work, not the result); a value that parsed is read fully and written back as XML.
private func checkLibXML2(_ bytes: [UInt8]) {
    let policies: [LibXML2Parser.WhitespacePolicy] = [.dropWhitespaceOnly, .trim, .preserve]
    let policy = policies[bytes.count % policies.count]
    guard let value = try? LibXML2Parser(whitespace: policy).parse(bytes) else { return }
    FuzzCheck.walk(value)
    _ = try? XMLSerializer().write(value)
}
