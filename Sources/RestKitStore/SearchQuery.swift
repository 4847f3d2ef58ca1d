import Foundation

/// A user's search text, parsed once and translated into a safe query for either store: an
/// FTS5 query (``SQLiteStore``) or a `tsquery` (``PostgreSQLStore``).
///
/// The syntax: words (all must match: an implicit AND), `AND`, `OR`, `NOT` (upper case, as in
/// FTS5; binding tightest to loosest: NOT, AND, OR), `"phrases"`, and a trailing `*` for a
/// prefix (`caf*`, `"new yor"*`). Every word and phrase reaches the database quoted, so nothing
/// else in the text is query syntax: `NEAR(`, `:`, `^`, `(`, `-`, `+`, `&`, `|`, `!`, `<->`
/// are plain characters (the tokenizer drops punctuation). Malformed text is a ``StoreError``
/// `.invalidQuery` naming the problem and its position (in characters, from 1).
///
/// ```swift
/// let query = try SearchQuery("cafe OR \"tea house\" NOT decaf*")
/// query.fts5      // "cafe" OR "tea house" NOT "decaf" *
/// query.tsquery   // 'cafe' | ( 'tea house' & !'decaf':* )
/// ```
struct SearchQuery: Sendable, Equatable {
    /// A word or a phrase, as written (without quotes), and whether it is a prefix.
    struct Term: Sendable, Equatable {
        let text: String
        let isPrefix: Bool

        /// FTS5: the text as one quoted string (a phrase of its tokens; a NUL, which would end
        /// FTS5's string early, is a space), `*` for a prefix.
        var fts5: String {
            "\"" + text.replacingOccurrences(of: "\"", with: "\"\"").replacingOccurrences(of: "\0", with: " ") + "\"" + (isPrefix ? " *" : "")
        }

        /// Whether the text holds a letter or a digit: both tokenizers (FTS5's `unicode61`
        /// and PostgreSQL's parser) make words of those only, so a term of punctuation alone
        /// has no word — and matches nothing (as an empty phrase does in FTS5).
        var hasWords: Bool {
            text.unicodeScalars.contains { $0.properties.isAlphabetic || $0.properties.numericType != nil }
        }

        /// `tsquery` syntax, or `nil` for a term without words: the text quoted (`'` and `\`
        /// doubled; a NUL, which PostgreSQL's text cannot hold, is a space) — `to_tsquery`
        /// makes a phrase (`<->`) of the words in it; for a prefix, the last word quoted on its
        /// own with `:*` (only that word is a prefix, as in FTS5).
        var tsquery: String? {
            guard hasWords else { return nil }
            func quoted(_ text: some StringProtocol) -> String {
                "'" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "''").replacingOccurrences(of: "\0", with: " ") + "'"
            }
            guard isPrefix else { return quoted(text) }
            var words = text.split { $0.isWhitespace || $0 == "\0" }.map { Term(text: String($0), isPrefix: false) }
            while let last = words.last, !last.hasWords { words.removeLast() }
            guard let last = words.popLast() else { return nil }
            let prefix = quoted(last.text) + ":*"
            return words.isEmpty ? prefix : "( \(quoted(words.map(\.text).joined(separator: " "))) <-> \(prefix) )"
        }
    }

    /// How a term joins the expression before it.
    enum Joiner: Sendable, Equatable {
        case and, or, not
    }

    /// The first term, then each further term with the operator joining it (NOT binds
    /// tightest, then AND, then OR).
    let first: Term
    let rest: [Clause]

    struct Clause: Sendable, Equatable {
        let joiner: Joiner
        let term: Term
    }

    /// The FTS5 query text.
    var fts5: String {
        rest.reduce(first.fts5) { query, clause in
            switch clause.joiner {
            case .and: query + " AND " + clause.term.fts5
            case .or: query + " OR " + clause.term.fts5
            case .not: query + " NOT " + clause.term.fts5
            }
        }
    }

    /// The `tsquery` text, for `to_tsquery(configuration, text)`, or `nil` when nothing can
    /// match. The terms are grouped as FTS5 binds them — OR of ANDs, `a NOT b` being
    /// `a & !b` — and a term without words matches nothing, as in FTS5: a group needing one
    /// is left out, a NOT of one is dropped.
    var tsquery: String? {
        var groups: [[String]] = [[]]
        var groupCanMatch = true
        func add(_ term: Term, negated: Bool) {
            if let rendered = term.tsquery {
                groups[groups.count - 1].append(negated ? "!" + rendered : rendered)
            } else if !negated {
                groupCanMatch = false
            }
        }
        add(first, negated: false)
        for clause in rest {
            if clause.joiner == .or {
                if !groupCanMatch { groups[groups.count - 1] = [] }
                groups.append([])
                groupCanMatch = true
            }
            add(clause.term, negated: clause.joiner == .not)
        }
        if !groupCanMatch { groups[groups.count - 1] = [] }
        let matching = groups.filter { !$0.isEmpty }
        guard !matching.isEmpty else { return nil }
        return matching.map { $0.count == 1 ? $0[0] : "( " + $0.joined(separator: " & ") + " )" }.joined(separator: " | ")
    }

    private enum Token {
        case term(Term)
        case and, or, not
        /// A plain word that is a stop word: left out, with the operator that joins it.
        case stop(String)

        var isOperator: Bool {
            switch self {
            case .and, .or, .not: true
            case .term, .stop: false
            }
        }

        var word: String {
            switch self {
            case .term: "a term"
            case .stop(let word): "'\(word)'"
            case .and: "AND"
            case .or: "OR"
            case .not: "NOT"
            }
        }
    }

    /// Folds a word as the index does (case and diacritics), to compare it with stop words.
    static func folded(_ word: some StringProtocol) -> String {
        word.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil).lowercased()
    }

    /// Translates `text`; plain words in `stopWords` (folded with ``folded(_:)``) are left out
    /// with the operator joining them (`cat OR the` is `cat`), not in phrases or prefixes.
    ///
    /// - Throws: ``StoreError`` `.invalidQuery` for an unbalanced quote, an empty phrase, a `*`
    ///   that does not end a word, an operator without a term on each side, no term at all, or
    ///   only stop words.
    init(_ text: String, stopWords: Set<String> = []) throws(StoreError) {
        let characters = Array(text)
        func invalid(_ reason: String, at index: Int) -> StoreError {
            StoreError(.invalidQuery, "\(reason) (at character \(index + 1))", position: index + 1)
        }
        var tokens: [(token: Token, index: Int)] = []
        var index = 0
        while index < characters.count {
            let character = characters[index]
            if character.isWhitespace {
                index += 1
            } else if character == "\"" {
                let open = index
                guard let close = characters[(index + 1)...].firstIndex(of: "\"") else {
                    throw invalid("unbalanced quote: the phrase opened here is not closed", at: index)
                }
                let phrase = String(characters[(index + 1)..<close])
                guard phrase.contains(where: { !$0.isWhitespace }) else { throw invalid("empty phrase", at: index) }
                var isPrefix = false
                index = close + 1
                if index < characters.count, characters[index] == "*" {
                    isPrefix = true
                    index += 1
                    if index < characters.count, characters[index] == "*" {
                        throw invalid("'*' must follow a word or a phrase, once", at: index)
                    }
                }
                tokens.append((.term(Term(text: phrase, isPrefix: isPrefix)), open))
            } else {
                let start = index
                while index < characters.count, !characters[index].isWhitespace, characters[index] != "\"" { index += 1 }
                let word = String(characters[start..<index])
                switch word {
                case "AND": tokens.append((.and, start))
                case "OR": tokens.append((.or, start))
                case "NOT": tokens.append((.not, start))
                default:
                    let isPrefix = word.hasSuffix("*")
                    let stem = isPrefix ? word.dropLast() : word[...]
                    guard !stem.isEmpty, !stem.hasSuffix("*") else {
                        throw invalid("'*' must end a word (a prefix search, such as caf*), once", at: start)
                    }
                    if !isPrefix, !stopWords.isEmpty, stopWords.contains(Self.folded(stem)) {
                        tokens.append((.stop(String(stem)), start))
                    } else {
                        tokens.append((.term(Term(text: String(stem), isPrefix: isPrefix)), start))
                    }
                }
            }
        }
        // Stop words go, with the operator before them (or, first in the query, after them).
        if tokens.contains(where: { if case .stop = $0.token { true } else { false } }) {
            var kept: [(token: Token, index: Int)] = []
            var position = 0
            while position < tokens.count {
                let (token, at) = tokens[position]
                position += 1
                guard case .stop = token else {
                    kept.append((token, at))
                    continue
                }
                if kept.last?.token.isOperator == true {
                    while kept.last?.token.isOperator == true { kept.removeLast() }
                } else if kept.isEmpty, position < tokens.count, tokens[position].token.isOperator {
                    if case .not = tokens[position].token {
                        throw invalid("\(token.word) is a stop word, so 'NOT' has no term before it", at: tokens[position].index)
                    }
                    position += 1
                }
            }
            guard kept.contains(where: { if case .term = $0.token { true } else { false } }) else {
                throw invalid("the query has only stop words", at: 0)
            }
            tokens = kept
        }
        // term ((AND | OR | NOT | AND NOT)? term)*; an implicit operator is AND.
        guard !tokens.isEmpty else { throw invalid("the query has no search terms", at: 0) }
        var first: Term?
        var clauses: [Clause] = []
        var pending: (operator: Token, index: Int)?
        var expectsTerm = true
        for (token, position) in tokens {
            switch token {
            case .term(let term):
                if first == nil {
                    first = term
                } else {
                    switch pending?.operator {
                    case .or?: clauses.append(Clause(joiner: .or, term: term))
                    case .not?: clauses.append(Clause(joiner: .not, term: term))
                    default: clauses.append(Clause(joiner: .and, term: term))
                    }
                }
                pending = nil
                expectsTerm = false
            case .stop:
                continue
            case .and, .or, .not:
                if first == nil {
                    let hint = if case .not = token { ": there is no unary NOT (write 'a NOT b')" } else { "" }
                    throw invalid("'\(token.word)' needs a term before it\(hint)", at: position)
                }
                if let previous = pending {
                    // `AND NOT` is NOT; any other two operators in a row lack a term between them.
                    guard case .and = previous.operator, case .not = token else {
                        throw invalid("'\(token.word)' follows '\(previous.operator.word)' without a term between them", at: position)
                    }
                }
                pending = (token, position)
                expectsTerm = true
            }
        }
        if expectsTerm, let pending {
            throw invalid("'\(pending.operator.word)' needs a term after it", at: pending.index)
        }
        guard let first else { throw invalid("the query has no search terms", at: 0) }
        self.first = first
        rest = clauses
    }
}

extension SearchQuery {
    /// Translates `text` for a search of `entity` (its stop words left out), after checking
    /// that `entity` has searchable columns and that `limit` is at least 1; errors name the
    /// entity.
    init<Model>(_ text: String, searching entity: EntityMapping<Model>, limit: Int) throws(StoreError) {
        guard !entity.searchableColumns.isEmpty else {
            throw StoreError(.invalidEntity, "no searchable columns declared (EntityMapping(…, searchable: […]))", entity: entity.table)
        }
        guard limit >= 1 else { throw StoreError(.invalidQuery, "the limit must be at least 1, not \(limit)", entity: entity.table) }
        do {
            try self.init(text, stopWords: entity.stopWords)
        } catch {
            var located = error
            located.entity = entity.table
            throw located
        }
    }
}
