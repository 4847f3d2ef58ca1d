import Foundation

/// A user's search text translated into a safe FTS5 query.
///
/// The syntax: words (all must match: an implicit AND), `AND`, `OR`, `NOT` (upper case, as in
/// FTS5; binding tightest to loosest: NOT, AND, OR), `"phrases"`, and a trailing `*` for a
/// prefix (`caf*`, `"new yor"*`). Every word and phrase is passed to FTS5 as a quoted string,
/// so nothing else in the text is FTS5 syntax: `NEAR(`, `:`, `^`, `(`, `-`, `+` are plain
/// characters (the tokenizer drops punctuation). Malformed text is a ``StoreError``
/// `.invalidQuery` naming the problem and its position (in characters, from 1).
///
/// ```swift
/// try SearchQuery("cafe OR \"tea house\" NOT decaf*").fts5   // "cafe" OR "tea house" NOT "decaf"*
/// ```
struct SearchQuery: Sendable, Equatable {
    /// The FTS5 query text.
    let fts5: String

    private enum Token {
        case term(String)
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
        func quoted(_ term: some StringProtocol) -> String {
            "\"" + term.replacingOccurrences(of: "\"", with: "\"\"") + "\""
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
                var term = quoted(phrase)
                index = close + 1
                if index < characters.count, characters[index] == "*" {
                    term += " *"
                    index += 1
                    if index < characters.count, characters[index] == "*" {
                        throw invalid("'*' must follow a word or a phrase, once", at: index)
                    }
                }
                tokens.append((.term(term), open))
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
                        tokens.append((.term(quoted(stem) + (isPrefix ? " *" : "")), start))
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
        var query = ""
        var pending: (operator: Token, index: Int)?
        var expectsTerm = true
        for (token, position) in tokens {
            switch token {
            case .term(let term):
                if !query.isEmpty {
                    switch pending?.operator {
                    case .or?: query += " OR "
                    case .not?: query += " NOT "
                    default: query += " AND "
                    }
                }
                query += term
                pending = nil
                expectsTerm = false
            case .stop:
                continue
            case .and, .or, .not:
                if query.isEmpty {
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
        fts5 = query
    }
}
