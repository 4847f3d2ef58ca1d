public import RestKitCore
import RestKitForms
import RestKitJSON
import RestKitXML

extension Registry {
    /// Every built-in plugin:
    ///
    /// | media types | parser | serializer |
    /// |---|---|---|
    /// | `application/json`, `text/json`, any `+json` | `swift` (also `yajl` and `jansson`, by name) | `json` |
    /// | `application/xml`, `text/xml`, any `+xml` | `libxml2` | `xml` |
    /// | `application/x-www-form-urlencoded` | `urlencoded` | `urlencoded` |
    /// | `multipart/form-data` | — | `multipart` |
    ///
    /// File extensions `.json` and `.xml` map to `application/json` and `application/xml`.
    /// Copy it and register more:
    ///
    /// ```swift
    /// var registry = Registry.default
    /// registry.register(CSVParser(), for: "text/csv", fileExtensions: ["csv"])
    /// ```
    public static let `default`: Registry = {
        var registry = Registry()
        registry.registerBuiltInJSON()
        registry.registerBuiltInXML()
        registry.registerBuiltInForms()
        return registry
    }()

    private mutating func registerBuiltInJSON() {
        // The last registration is the default for JSON types: the Swift scanner, the fastest
        // from a whole document in memory. jansson and yajl stay reachable by name (yajl also
        // reads documents in chunks: IncrementalJSONParser, JSONElementStreamParser).
        for parser in [JanssonParser() as any RepresentationParser, YAJLParser(), JSONParser()] {
            register(parser, for: .type(.json), fileExtensions: ["json"])
            register(parser, for: "text/json")
            register(parser, for: .suffix("json"))
        }
        register(JSONSerializer(), for: .type(.json))
        register(JSONSerializer(), for: "text/json")
        register(JSONSerializer(), for: .suffix("json"))
    }

    private mutating func registerBuiltInXML() {
        register(LibXML2Parser(), for: .type(.xml), fileExtensions: ["xml"])
        register(LibXML2Parser(), for: .type(.textXML))
        register(LibXML2Parser(), for: .suffix("xml"))
        register(XMLSerializer(), for: .type(.xml))
        register(XMLSerializer(), for: .type(.textXML))
        register(XMLSerializer(), for: .suffix("xml"))
    }

    private mutating func registerBuiltInForms() {
        // URL-encoded: no file extension.
        register(URLEncodedParser(), for: .type(.formURLEncoded))
        register(URLEncodedSerializer(), for: .type(.formURLEncoded))
        // Multipart
        register(MultipartSerializer(), for: .type(.multipartFormData))
    }
}
