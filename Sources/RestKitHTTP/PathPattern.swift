/// A path pattern with named parameters: `/gists/:gistID`, `communities/:communityId/posts.json`.
///
/// Parameters start with `:` and run over letters, digits and `_`; they match one or more
/// characters inside one path segment. Leading and trailing slashes do not matter.
///
/// A pattern may have a query string with parameters too
/// (`/articles?page=:currentPage&per_page=:perPage`): `path(with:)` fills them,
/// ``match(_:)`` ignores the query of both the pattern and the path.
///
/// ```swift
/// let pattern = PathPattern("/gists/:gistID")
/// pattern.match("/gists/a1b2")              // ["gistID": "a1b2"]
/// pattern.match("/gists/a1b2/comments")     // nil
/// try pattern.path(with: ["gistID": "a b"]) // "/gists/a%20b"
/// try PathPattern("/articles?page=:page").path(with: ["page": "2"])   // "/articles?page=2"
/// ```
public struct PathPattern: Sendable, Hashable, CustomStringConvertible, ExpressibleByStringLiteral {
    enum Token: Sendable, Hashable {
        case literal(String)
        case parameter(String)
    }

    /// The pattern as written.
    public let pattern: String
    let segments: [[Token]]
    /// The tokens of the query string, `nil` when the pattern has no `?`.
    let query: [Token]?

    /// Parses a pattern.
    public init(_ pattern: String) {
        self.pattern = pattern
        segments = Self.split(pattern).map(Self.tokens)
        query = pattern.firstIndex(of: "?").map { Self.tokens(pattern[pattern.index(after: $0)...]) }
    }

    /// A pattern from a literal: `let pattern: PathPattern = "/gists/:gistID"`.
    public init(stringLiteral value: String) {
        self.init(value)
    }

    /// The parameter names, in order (those of the path, then those of the query).
    public var parameterNames: [String] {
        pathParameterNames + (query ?? []).compactMap { if case .parameter(let name) = $0 { name } else { nil } }
    }

    /// The parameter names of the path (without the query), in order.
    var pathParameterNames: [String] {
        segments.flatMap { $0.compactMap { if case .parameter(let name) = $0 { name } else { nil } } }
    }

    /// The parameters when `path` (without query string) matches, else `nil`. Values are
    /// percent-decoded leniently (`PercentEncoding/MalformedEscapes/keepLiteral`), since the
    /// path is one the application built: a malformed escape (`%G1`, a final `%4`) stays as
    /// written, and a value whose decoded bytes are not UTF-8 is kept exactly as written
    /// (`%FF` stays `"%FF"`), never replaced with U+FFFD.
    ///
    /// ```swift
    /// PathPattern("communities/:communityId/posts.json").match("/communities/42/posts.json")  // ["communityId": "42"]
    /// ```
    public func match(_ path: String) -> [String: String]? {
        let pathSegments = Self.split(path)
        guard pathSegments.count == segments.count else { return nil }
        var parameters: [String: String] = [:]
        for (tokens, segment) in zip(segments, pathSegments) {
            var failed: Set<MatchState> = []
            guard Self.match(tokens[...], Substring(segment), failed: &failed, into: &parameters) else { return nil }
        }
        return parameters
    }

    /// The path (and query) with every parameter replaced by its value, percent-escaped.
    ///
    /// ```swift
    /// try PathPattern("/users/:login/gists").path(with: ["login": "octo cat"])   // "/users/octo%20cat/gists"
    /// try PathPattern("/articles?page=:currentPage&per_page=:perPage")
    ///     .path(with: ["currentPage": "2", "perPage": "25"])                     // "/articles?page=2&per_page=25"
    /// ```
    ///
    /// - Throws: ``ObjectManagerError`` (`.routing`) naming a parameter without a value.
    public func path(with parameters: [String: String]) throws(ObjectManagerError) -> String {
        var output = pattern.hasPrefix("/") ? "/" : ""
        for (index, tokens) in segments.enumerated() {
            if index > 0 { output += "/" }
            try fill(tokens, with: parameters, into: &output)
        }
        let path = pattern.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        if path.hasSuffix("/"), !segments.isEmpty { output += "/" }
        if let query {
            output += "?"
            try fill(query, with: parameters, into: &output)
        }
        return output
    }

    private func fill(_ tokens: [Token], with parameters: [String: String], into output: inout String) throws(ObjectManagerError) {
        for token in tokens {
            switch token {
            case .literal(let text): output += text
            case .parameter(let name):
                guard let value = parameters[name] else {
                    let known = parameters.keys.sorted().joined(separator: ", ")
                    throw ObjectManagerError(
                        .routing, "no value for :\(name) in '\(pattern)' (values given: \(known.isEmpty ? "none" : known))")
                }
                output += PercentEncoding.encode(value, allowing: .pathParameter)
            }
        }
    }

    /// The path with every parameter replaced by the value at that key in `representation`
    /// (what an object's mapping writes), percent-escaped.
    ///
    /// ```swift
    /// let community = Community(id: 42)
    /// try PathPattern("communities/:id/posts.json")
    ///     .path(with: communityMapping.representation(of: community))   // "communities/42/posts.json"
    /// ```
    ///
    /// - Throws: ``ObjectManagerError`` (`.routing`) naming a missing, null or structured value.
    public func path(with representation: Representation) throws(ObjectManagerError) -> String {
        var values: [String: String] = [:]
        for name in parameterNames {
            guard let value = representation[name] else { continue }
            switch value.kind {
            case .string: values[name] = value.stringValue
            case .object, .array, .null:
                throw ObjectManagerError(.routing, "the value of :\(name) in '\(pattern)' is \(value.kind), not a scalar")
            default: values[name] = value.description
            }
        }
        return try path(with: values)
    }

    /// The pattern as written.
    public var description: String { pattern }

    // MARK: Parsing and matching

    /// A matched parameter, percent-decoded leniently (see ``match(_:)``).
    static func decodedParameter(_ text: Substring) -> String {
        (try? PercentEncoding.decodeText(text, malformed: .keepLiteral)) ?? String(text)
    }

    static func split(_ path: String) -> [Substring] {
        let withoutQuery = path.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        return withoutQuery.split(separator: "/", omittingEmptySubsequences: true)
    }

    private static func isNameCharacter(_ character: Character) -> Bool {
        character == "_" || (character.isASCII && (character.isLetter || character.isNumber))
    }

    private static func tokens(_ segment: Substring) -> [Token] {
        var tokens: [Token] = []
        var index = segment.startIndex
        var literal = ""
        while index < segment.endIndex {
            let next = segment.index(after: index)
            if segment[index] == ":", next < segment.endIndex, isNameCharacter(segment[next]) {
                if !literal.isEmpty { tokens.append(.literal(literal)) }
                literal = ""
                var end = next
                while end < segment.endIndex, isNameCharacter(segment[end]) { end = segment.index(after: end) }
                tokens.append(.parameter(String(segment[next..<end])))
                index = end
            } else {
                literal.append(segment[index])
                index = next
            }
        }
        if !literal.isEmpty { tokens.append(.literal(literal)) }
        return tokens
    }

    /// Where in the tokens and in the segment a match was tried.
    private struct MatchState: Hashable {
        let token: Int
        let position: String.Index
    }

    /// Matches tokens against one segment; a parameter takes the shortest non-empty text
    /// that lets the rest match. `failed` remembers the states that cannot match, so each is
    /// tried once: without it, many parameters in one segment (`:a.:b.:c…`) backtrack
    /// exponentially (a fuzzing finding: 12 parameters against 62 bytes ran for minutes).
    private static func match(
        _ tokens: ArraySlice<Token>, _ text: Substring, failed: inout Set<MatchState>, into parameters: inout [String: String]
    ) -> Bool {
        guard let first = tokens.first else { return text.isEmpty }
        let state = MatchState(token: tokens.startIndex, position: text.startIndex)
        guard !failed.contains(state) else { return false }
        switch first {
        case .literal(let literal):
            if text.hasPrefix(literal), match(tokens.dropFirst(), text.dropFirst(literal.count), failed: &failed, into: &parameters) {
                return true
            }
        case .parameter(let name):
            var end = text.startIndex
            while end < text.endIndex {
                end = text.index(after: end)
                var attempt = parameters
                if match(tokens.dropFirst(), text[end...], failed: &failed, into: &attempt) {
                    attempt[name] = Self.decodedParameter(text[..<end])
                    parameters = attempt
                    return true
                }
            }
        }
        failed.insert(state)
        return false
    }
}
