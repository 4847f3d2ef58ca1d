/// Which media types a registration answers for.
///
/// Lookups prefer, in order: an exact type, a structured suffix (`+json`), then wildcards,
/// predicates and regular expressions; among registrations of the same kind the latest wins.
/// Parameters such as `charset` never stop a match.
///
/// ```swift
/// registry.register(parser, for: "text/csv")               // exact
/// registry.register(parser, for: "text/*")                 // wildcard
/// registry.register(parser, for: .suffix("json"))          // application/vnd.api+json, …
/// registry.register(parser, for: try .regex(#"application/vnd\.acme\..*"#))
/// registry.register(parser, for: .predicate("text with a csv flavour") { $0.subtype.hasSuffix("csv") })
/// ```
public struct MediaTypePattern: Sendable, CustomStringConvertible, ExpressibleByStringLiteral {
    enum Rule: Sendable {
        case exact(MediaType)
        case suffix(String)
        case wildcard(MediaType)
        case predicate(String, @Sendable (MediaType) -> Bool)
        case regex(String, @Sendable (String) -> Bool)
    }

    let rule: Rule

    /// Lookup preference: larger wins.
    var specificity: Int {
        switch rule {
        case .exact: 3
        case .suffix: 2
        case .wildcard(let type): type.type == "*" ? 0 : 1
        case .predicate, .regex: 1
        }
    }

    /// One media type, or a wildcard (`text/*`, `*/*`) when it contains `*`.
    public static func type(_ mediaType: MediaType) -> MediaTypePattern {
        MediaTypePattern(rule: mediaType.isWildcard ? .wildcard(mediaType.withoutParameters) : .exact(mediaType.withoutParameters))
    }

    /// Every type whose subtype ends in `+suffix`, such as `application/vnd.api+json` for `"json"`.
    public static func suffix(_ suffix: String) -> MediaTypePattern {
        let trimmed = suffix.hasPrefix("+") ? String(suffix.dropFirst()) : suffix
        return MediaTypePattern(rule: .suffix(trimmed.lowercased()))
    }

    /// Every type for which `matches` returns `true`; `description` names it in listings.
    public static func predicate(_ description: String, _ matches: @escaping @Sendable (MediaType) -> Bool) -> MediaTypePattern {
        MediaTypePattern(rule: .predicate(description, matches))
    }

    /// Every type whose lowercased `type/subtype` wholly matches the regular expression.
    ///
    /// - Throws: when `pattern` is not a valid regular expression.
    public static func regex(_ pattern: String) throws -> MediaTypePattern {
        let regex = try Regex(pattern)
        nonisolated(unsafe) let shared = regex  // Regex is immutable once compiled.
        return MediaTypePattern(rule: .regex(pattern, { essence in (try? shared.wholeMatch(in: essence)) != nil }))
    }

    /// A string literal is parsed as a media type: `"text/csv"`, `"text/*"`, or `"+json"`
    /// for a suffix. An unparsable literal matches nothing and is listed as invalid.
    public init(stringLiteral value: String) {
        if value.hasPrefix("+") {
            self = .suffix(value)
        } else if let type = try? MediaType(value) {
            self = .type(type)
        } else {
            self = .predicate("invalid pattern '\(value)'") { _ in false }
        }
    }

    private init(rule: Rule) { self.rule = rule }

    /// The media type of an exact or wildcard pattern (`application/json`, `text/*`); `nil`
    /// for suffix, predicate and regular-expression patterns. Useful to build `Accept` headers.
    ///
    /// ```swift
    /// Registry.default.parsers.compactMap(\.pattern.mediaType)   // application/json, text/json, …
    /// ```
    public var mediaType: MediaType? {
        switch rule {
        case .exact(let type), .wildcard(let type): type
        case .suffix, .predicate, .regex: nil
        }
    }

    /// Whether `mediaType` is covered.
    public func matches(_ mediaType: MediaType) -> Bool {
        switch rule {
        case .exact(let type): type.type == mediaType.type && type.subtype == mediaType.subtype
        case .suffix(let suffix): mediaType.suffix == suffix
        case .wildcard(let pattern): mediaType.matches(pattern)
        case .predicate(_, let matches): matches(mediaType)
        case .regex(_, let matches): matches(mediaType.essence)
        }
    }

    /// `application/json`, `*/*+json`, `text/*`, `/regex/` or the predicate's description.
    public var description: String {
        switch rule {
        case .exact(let type), .wildcard(let type): type.essence
        case .suffix(let suffix): "*/*+\(suffix)"
        case .predicate(let description, _): description
        case .regex(let pattern, _): "/\(pattern)/"
        }
    }
}
