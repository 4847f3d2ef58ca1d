/// Picks the parser or serializer plugin for a media type.
///
/// A registry is a plain value: copy it, add to the copy, hand it around. `Registry.default`
/// (from the `RestKit` module) holds every built-in plugin; an empty `Registry()` holds none.
///
/// ```swift
/// var registry = Registry.default
/// registry.register(CSVParser(), for: "text/csv", fileExtensions: ["csv"])
///
/// let json = try registry.parse(bytes, as: MediaType("application/vnd.api+json; charset=utf-8"))
/// let parser = try registry.parser(for: MediaType("text/csv"))
/// let xml = try registry.serialize(json, as: .xml)
/// ```
public struct Registry: Sendable {
    /// One registered plugin and the pattern it answers for.
    public struct Registration<Plugin: Sendable>: Sendable, CustomStringConvertible {
        /// Which media types it serves.
        public let pattern: MediaTypePattern
        /// The plugin.
        public let plugin: Plugin
        /// The plugin's name.
        public let name: String

        /// `pattern (name)`.
        public var description: String { "\(pattern) (\(name))" }
    }

    /// Parsers in registration order.
    public private(set) var parsers: [Registration<any RepresentationParser>] = []
    /// Serializers in registration order.
    public private(set) var serializers: [Registration<any RepresentationSerializer>] = []
    /// File extensions (lowercased, without dot) and the media type they stand for.
    public private(set) var fileExtensions: [String: MediaType] = [:]

    /// An empty registry.
    public init() {}

    /// Adds a parser for `pattern`; it wins over earlier registrations of the same kind.
    ///
    /// ```swift
    /// registry.register(CSVParser(), for: "text/csv", fileExtensions: ["csv"])
    /// ```
    public mutating func register(
        _ parser: some RepresentationParser, for pattern: MediaTypePattern, fileExtensions: [String] = []
    ) {
        parsers.append(Registration(pattern: pattern, plugin: parser, name: parser.name))
        registerExtensions(fileExtensions, for: pattern)
    }

    /// Adds a serializer for `pattern`; it wins over earlier registrations of the same kind.
    ///
    /// ```swift
    /// registry.register(PlainTextSerializer(), for: "text/plain")
    /// ```
    public mutating func register(
        _ serializer: some RepresentationSerializer, for pattern: MediaTypePattern, fileExtensions: [String] = []
    ) {
        serializers.append(Registration(pattern: pattern, plugin: serializer, name: serializer.name))
        registerExtensions(fileExtensions, for: pattern)
    }

    /// Maps a file extension (`"csv"` or `".csv"`) to a media type, for tools that
    /// guess the type from a path.
    public mutating func register(fileExtension: String, as mediaType: MediaType) {
        let trimmed = fileExtension.hasPrefix(".") ? String(fileExtension.dropFirst()) : fileExtension
        fileExtensions[trimmed.lowercased()] = mediaType.withoutParameters
    }

    /// The media type registered for the extension of `path`, or `nil`.
    ///
    /// ```swift
    /// registry.mediaType(forPath: "users.json")  // application/json
    /// ```
    public func mediaType(forPath path: String) -> MediaType? {
        guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return nil }
        return fileExtensions[path[path.index(after: dot)...].lowercased()]
    }

    /// The parser for `mediaType`.
    ///
    /// - Throws: ``RegistryError`` naming the type and listing what is registered.
    public func parser(for mediaType: MediaType) throws(RegistryError) -> any RepresentationParser {
        guard let registration = Self.bestMatch(for: mediaType, in: parsers) else {
            throw RegistryError(.noParser, mediaType: mediaType, registered: parsers.map(\.description))
        }
        return registration.plugin
    }

    /// The serializer for `mediaType`.
    ///
    /// - Throws: ``RegistryError`` naming the type and listing what is registered.
    public func serializer(for mediaType: MediaType) throws(RegistryError) -> any RepresentationSerializer {
        guard let registration = Self.bestMatch(for: mediaType, in: serializers) else {
            throw RegistryError(.noSerializer, mediaType: mediaType, registered: serializers.map(\.description))
        }
        return registration.plugin
    }

    /// The most recently registered parser called `name` (`"yajl"`, `"jansson"`, …).
    ///
    /// - Throws: ``RegistryError`` listing the registered names.
    public func parser(named name: String) throws(RegistryError) -> any RepresentationParser {
        guard let registration = parsers.last(where: { $0.name == name }) else {
            var names: [String] = []
            for registration in parsers where !names.contains(registration.name) { names.append(registration.name) }
            throw RegistryError(.noParserNamed(name), mediaType: nil, registered: names)
        }
        return registration.plugin
    }

    /// Parses `bytes` with the parser for `mediaType`.
    ///
    /// ```swift
    /// let value = try registry.parse(Array(#"{"a":1}"#.utf8), as: .json)
    /// ```
    public func parse<Bytes: Sequence<UInt8>>(_ bytes: Bytes, as mediaType: MediaType) throws -> Representation {
        try parser(for: mediaType).parse(bytes)
    }

    /// Serializes `value` with the serializer for `mediaType`.
    ///
    /// ```swift
    /// let bytes = try registry.serialize(["a": 1], as: .xml)
    /// ```
    public func serialize(_ value: Representation, as mediaType: MediaType) throws -> [UInt8] {
        try serializer(for: mediaType).serialize(value)
    }

    private mutating func registerExtensions(_ extensions: [String], for pattern: MediaTypePattern) {
        guard case .exact(let type) = pattern.rule else { return }
        for fileExtension in extensions { register(fileExtension: fileExtension, as: type) }
    }

    /// Highest specificity first; the latest registration within one specificity.
    private static func bestMatch<Plugin>(
        for mediaType: MediaType, in registrations: [Registration<Plugin>]
    ) -> Registration<Plugin>? {
        var best: Registration<Plugin>?
        for registration in registrations.reversed() where registration.pattern.matches(mediaType) {
            if best.map({ registration.pattern.specificity > $0.pattern.specificity }) ?? true {
                best = registration
            }
        }
        return best
    }
}
