/// A path pattern with named parameters: `/gists/:gistID`, `communities/:communityId/posts.json`.
///
/// Parameters start with `:` and run over letters, digits and `_`; they match one or more
/// characters inside one path segment (compared as Unicode scalars, as servers compare URL
/// paths; the shortest value that lets the rest match). Leading and trailing slashes do not
/// matter. Matching takes time linear in the path and the pattern.
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
            guard Self.match(tokens, segment, into: &parameters) else { return nil }
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

    /// Matches tokens against one segment, Unicode scalar by scalar; a parameter takes the
    /// shortest non-empty text that lets the rest match.
    ///
    /// Linear in the segment and the pattern, whatever they hold (two fuzzing findings: a
    /// backtracking matcher ran for minutes on 12 parameters against 62 bytes; with each
    /// state tried once it still took 2.3 s on an 865-byte input, every state trying every
    /// end and comparing grapheme clusters). From the right, `limit[k]` is the last position
    /// from which `tokens[k...]` match the rest: for a parameter one before the next token's
    /// limit (it can take everything up to there), for a literal its last occurrence that ends
    /// by the next token's limit (or at the end). From the left, each parameter then ends at
    /// the first place the rest can start. Each literal is searched for with
    /// Knuth–Morris–Pratt over disjoint stretches of the segment in each direction.
    private static func match(_ tokens: [Token], _ segment: Substring, into parameters: inout [String: String]) -> Bool {
        let text = Array(segment.unicodeScalars)
        let count = text.count
        let literals: [ScalarSearch?] = tokens.map { token in
            if case .literal(let literal) = token { ScalarSearch(Array(literal.unicodeScalars)) } else { nil }
        }
        var reversedText: [Unicode.Scalar] = []
        // From the right: the last start of each token's match (-1: none).
        var limit = [Int](repeating: -1, count: tokens.count + 1)
        limit[tokens.count] = count
        for index in tokens.indices.reversed() {
            let next = limit[index + 1]
            guard next >= 0 else { return false }
            guard let literal = literals[index] else {
                guard next >= 1 else { return false }
                limit[index] = next - 1
                continue
            }
            let length = literal.count
            if index + 1 == tokens.count {
                // The last token: the literal must end the segment.
                guard count >= length, literal.occurs(in: text, at: count - length) else { return false }
                limit[index] = count - length
            } else {
                // The last occurrence ending by `next`, found from the right.
                if reversedText.isEmpty { reversedText = text.reversed() }
                guard let start = literal.reversed.first(in: reversedText, from: count - next, before: count) else { return false }
                limit[index] = count - start - length
            }
        }
        if tokens.isEmpty { return count == 0 }
        // The match must start at the segment's start. A parameter first: the loop found room
        // for it. A literal first: its last good occurrence may be later, so check the start.
        if let first = literals[0] {
            let fits = tokens.count == 1 ? first.count == count : first.count <= limit[1]
            guard fits, first.occurs(in: text, at: 0) else { return false }
        }
        // From the left: each parameter ends where the rest first can start.
        var position = 0
        for index in tokens.indices {
            switch tokens[index] {
            case .literal:
                position += literals[index]?.count ?? 0
            case .parameter(let name):
                let end: Int
                if index + 1 == tokens.count {
                    end = count
                } else if let literal = literals[index + 1] {
                    if index + 2 == tokens.count {
                        end = count - literal.count
                    } else {
                        // The first occurrence after `position` that ends by the limit after it.
                        guard let found = literal.first(in: text, from: position + 1, before: limit[index + 2]) else { return false }
                        end = found
                    }
                } else {
                    end = position + 1  // another parameter follows: one scalar is enough
                }
                guard end > position, end <= count else { return false }
                var value = String.UnicodeScalarView()
                value.append(contentsOf: text[position..<end])
                parameters[name] = Self.decodedParameter(Substring(String(value)))
                position = end
            }
        }
        return position == count
    }
}

/// Knuth–Morris–Pratt search for a run of Unicode scalars: linear in the text searched.
struct ScalarSearch {
    let needle: [Unicode.Scalar]
    /// For each prefix length, the length of its longest proper border.
    private let failure: [Int]

    init(_ needle: [Unicode.Scalar]) {
        self.needle = needle
        var failure = [Int](repeating: 0, count: needle.count + 1)
        var border = 0
        if needle.count > 1 {
            for index in 1..<needle.count {
                while border > 0, needle[index] != needle[border] { border = failure[border] }
                if needle[index] == needle[border] { border += 1 }
                failure[index + 1] = border
            }
        }
        self.failure = failure
    }

    var count: Int { needle.count }

    /// The same search for the needle reversed (to search reversed text).
    var reversed: ScalarSearch { ScalarSearch(needle.reversed()) }

    /// Whether the needle occurs at `position` of `text`.
    func occurs(in text: [Unicode.Scalar], at position: Int) -> Bool {
        position >= 0 && position + needle.count <= text.count && text[position..<(position + needle.count)].elementsEqual(needle)
    }

    /// The first start at or after `lower` of an occurrence that ends at or before `upper`.
    func first(in text: [Unicode.Scalar], from lower: Int, before upper: Int) -> Int? {
        let upper = Swift.min(upper, text.count)
        guard !needle.isEmpty else { return lower <= upper ? lower : nil }
        guard lower >= 0, upper - lower >= needle.count else { return nil }
        var matched = 0
        var index = lower
        while index < upper {
            while matched > 0, text[index] != needle[matched] { matched = failure[matched] }
            if text[index] == needle[matched] { matched += 1 }
            index += 1
            if matched == needle.count { return index - matched }
        }
        return nil
    }
}
