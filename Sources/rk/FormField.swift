import RestKit

/// One `-F` argument, parsed the way curl parses `-F`/`--form`:
///
/// - `name=value` — a text field; `name=<PATH` — a text field whose value is the file's content;
///   `name=@PATH` — a file part, streamed from disk;
/// - then `;type=MIME` and `;filename=NAME` parameters (`filename=` not after `<PATH`);
/// - a value or parameter containing `;` or `,` is written in double quotes, with `\"` and `\\`
///   escapes: `-F 'doc=@"a;b.txt";filename="x, y.txt"'`. Unquoted values lose trailing spaces.
///
/// Unlike curl, which warns and goes on, anything rk does not support (`headers=`,
/// `encoder=`, several files in one `-F`, `@-`) or does not understand is a usage error.
///
/// ```swift
/// let field = try FormField("avatar=@me.png;type=image/png;filename=avatar.png")
/// field.name          // "avatar"
/// field.content       // .file(path: "me.png")
/// ```
struct FormField {
    /// Where a field's value comes from.
    enum Content: Equatable {
        /// The text after `=`.
        case text(String)
        /// `<PATH`: the file's content, read into memory, as a text value.
        case textFromFile(path: String)
        /// `@PATH`: a file part streamed from disk.
        case file(path: String)
    }

    /// The part name (everything before the first `=`).
    let name: String
    /// The value.
    let content: Content
    /// `;type=`, when given.
    let contentType: MediaType?
    /// `;filename=`, when given.
    let filename: String?

    /// Parses one `-F` argument.
    ///
    /// - Throws: ``CommandFailure`` (usage, exit 2) naming the argument and what is wrong.
    init(_ argument: String) throws(CommandFailure) {
        func failure(_ reason: String) -> CommandFailure {
            CommandFailure.usage("-F \(argument): \(reason)")
        }
        guard let equals = argument.firstIndex(of: "=") else {
            throw failure("expected name=value, name=@PATH or name=<PATH")
        }
        name = String(argument[..<equals])
        var scanner = Scanner(Array(argument[argument.index(after: equals)...]))
        let kind = scanner.peek
        if kind == "@" || kind == "<" { scanner.advance() }
        // Only a file list is separated by commas; anywhere else a comma is ordinary text.
        let stop: Character? = kind == "@" ? "," : nil
        let value = try scanner.word(stop: stop, onError: failure)
        var contentType: MediaType?
        var filename: String?
        while scanner.peek == ";" {
            scanner.advance()
            scanner.skipSpaces()
            if scanner.consume("type=") {
                let text = try scanner.word(stop: stop, onError: failure)
                do {
                    contentType = try MediaType(text)
                } catch {
                    throw failure("type=\(text): \(error.reason)")
                }
            } else if scanner.consume("filename=") {
                guard kind != "<" else { throw failure("filename= is not allowed with <PATH (it is a text field)") }
                filename = try scanner.word(stop: stop, onError: failure)
            } else {
                let parameter = try scanner.word(stop: stop, onError: failure)
                if parameter.hasPrefix("headers=") || parameter.hasPrefix("encoder=") {
                    throw failure("'\(parameter.prefix { $0 != "=" })=' is not supported by rk")
                }
                throw failure("unknown parameter '\(parameter)' (expected type= or filename=)")
            }
        }
        if scanner.peek == "," {
            throw failure("several files in one -F are not supported; give each file its own -F (quote a path containing ',')")
        }
        switch kind {
        case "@":
            guard !value.isEmpty else { throw failure("no path after @") }
            guard value != "-" else { throw failure("@- (a file part from standard input) is not supported") }
            content = .file(path: value)
        case "<":
            guard !value.isEmpty else { throw failure("no path after <") }
            content = .textFromFile(path: value)
        default:
            content = .text(value)
        }
        self.contentType = contentType
        self.filename = filename
    }

    /// Reads words and parameters the way curl's `get_param_word` does.
    private struct Scanner {
        let characters: [Character]
        var index = 0

        init(_ characters: [Character]) {
            self.characters = characters
        }

        var peek: Character? { index < characters.count ? characters[index] : nil }

        mutating func advance() { index += 1 }

        mutating func skipSpaces() {
            while let character = peek, character.isWhitespace { advance() }
        }

        /// Consumes `prefix` if the input continues with it.
        mutating func consume(_ prefix: String) -> Bool {
            let expected = Array(prefix)
            guard characters.count - index >= expected.count,
                  Array(characters[index..<index + expected.count]) == expected else { return false }
            index += expected.count
            return true
        }

        /// A quoted word (`"…"`, with `\"` and `\\`), or the text up to `;`, `stop` or the end
        /// with trailing spaces removed. A quote that is never closed is ordinary text.
        mutating func word(stop: Character?, onError: (String) -> CommandFailure) throws(CommandFailure) -> String {
            skipSpaces()
            if peek == "\"", let (unquoted, end) = quoted(from: index + 1) {
                index = end
                while let character = peek, character != ";", character != stop {
                    guard character.isWhitespace else { throw onError("unexpected text after a quoted value") }
                    advance()
                }
                return unquoted
            }
            let start = index
            while let character = peek, character != ";", character != stop { advance() }
            var word = characters[start..<index]
            while let last = word.last, last.isWhitespace { word.removeLast() }
            return String(word)
        }

        /// The unescaped text of a quoted word starting at `start` and the index after its
        /// closing quote, or `nil` when the quote is not closed.
        private func quoted(from start: Int) -> (String, Int)? {
            var result = ""
            var position = start
            while position < characters.count {
                let character = characters[position]
                if character == "\\", position + 1 < characters.count,
                   characters[position + 1] == "\\" || characters[position + 1] == "\"" {
                    result.append(characters[position + 1])
                    position += 2
                    continue
                }
                if character == "\"" { return (result, position + 1) }
                result.append(character)
                position += 1
            }
            return nil
        }
    }
}
