public import RestKitCore

/// Reads an `application/x-www-form-urlencoded` body (or a URL query) into a
/// `Representation`: always an object whose values are strings, arrays and objects.
///
/// ```swift
/// let params = try URLEncodedParser().parse(text: "user[name]=Blake+Watters&tags[]=a&tags[]=b&page=2")
/// // {"user":{"name":"Blake Watters"},"tags":["a","b"],"page":"2"}
/// params[keyPath: "user.name"]  // .string("Blake Watters")
///
/// let flat = try URLEncodedParser(keyMode: .flat).parse(text: "a[b]=1&a[b]=2")
/// // {"a[b]":["1","2"]}
///
/// let query = try URLEncodedParser().parse(queryOf: "/views/thing/?keyA=valA&keyB=valB#top")
/// // {"keyA":"valA","keyB":"valB"}
/// ```
///
/// Rules (Rack 3's `parse_nested_query`, the parser behind Rails' `params`, is the reference):
/// - Pairs are separated by `&` only; `;` is ordinary text (`a=1;b=2` → `{"a":"1;b=2"}`), as
///   in Rack 3 (Rack 2 also split on `;`). Empty pairs are skipped. The first `=` splits key
///   and value; a bare key (`flag`, no `=`) has the value `""`, like `flag=`.
/// - A pair whose key is empty (`=v`, `=`) is dropped, as Rack does.
/// - `+` and `%20` are both a space; `%XX` takes either case of hex digit. A `%` without two
///   hex digits, or decoded bytes that are not UTF-8, fail with a `ParseError` located at
///   the offending byte (never a replacement character or a silently dropped pair).
/// - Values are strings: `page=2` gives `.string("2")`, `admin=true` `.string("true")`.
///   Mapping converts them to the destination type.
/// - A repeated key collects its values in an array, in order (`a=1&a=2` → `["1","2"]`).
/// - In `.nested` mode (the default) bracket keys build nested values as Rails and Rack do;
///   see ``KeyMode/nested`` for the rules. A key used as two kinds of value (`a=1&a[]=2`,
///   `a[]=1&a[b]=2`, `a=1&a[b]=2`, in either order) fails with `.syntax`, naming the key,
///   at the byte offset of the pair that conflicts. In `.flat` mode keys are kept as written.
public struct URLEncodedParser: RepresentationParser {
    /// How keys are read.
    public enum KeyMode: Sendable, Hashable {
        /// Brackets nest (Rails/Rack): `a[b][c]=1` → `{"a":{"b":{"c":"1"}}}`,
        /// `a[]=1&a[]=2` → `{"a":["1","2"]}`, `a[0]=x&a[1]=y` → `{"a":["x","y"]}`,
        /// `root[][a]=x&root[][b]=y&root[][a]=1` → `{"root":[{"a":"x","b":"y"},{"a":"1"}]}`
        /// (a pair joins the last object of an array unless that object already has its
        /// key), `k[][][]=v` → `{"k":[[["v"]]]}`. A key used as two kinds of value fails
        /// with `.syntax`: a string and an array (`a=1&a[]=2`, also `a=1&a=2&a[]=3` and
        /// `a[]=1&a=2`), a string and an object (`a=1&a[b]=2`), an array and an object
        /// (`a[]=1&a[b]=2`).
        case nested
        /// Keys are taken literally: `a[b]=1` → `{"a[b]":"1"}`.
        case flat
    }

    /// `"urlencoded"`.
    public let name = "urlencoded"
    /// Default `.nested`.
    public var keyMode: KeyMode
    /// The most bracket levels one key may have in `.nested` mode (`a[b][c]` has 2); deeper
    /// keys fail with `.depthLimitExceeded`. Default 32, Rack's limit.
    public var maximumDepth: Int
    /// The most pairs one body or query may hold (empty pairs, `&&`, are not counted); one more
    /// fails with `.sizeLimitExceeded` at that pair. Default 4,096, Rack's `params_limit`
    /// (Rack 3.1.14, CVE-2025-46727); `Int.max` for none.
    public var maximumPairs: Int
    /// The most bytes one body or query may have; a longer one fails with
    /// `.sizeLimitExceeded` before anything is read. Default 4 MiB (4,194,304), Rack's
    /// `bytesize_limit`; `Int.max` for none.
    public var maximumBytes: Int
    /// In `.nested` mode, whether an object whose keys are exactly `0`, `1`, … `n-1` becomes
    /// an array in index order (`a[1]=y&a[0]=x` → `["x","y"]`). Gaps (`a[0]=x&a[2]=y`) or
    /// leading zeros keep an object. Default `true`.
    public var indicesFormArrays: Bool

    /// Creates a parser.
    ///
    /// ```swift
    /// let parser = URLEncodedParser(keyMode: .flat)
    /// let bulk = URLEncodedParser(maximumPairs: 100_000, maximumBytes: 64 << 20)
    /// ```
    public init(
        keyMode: KeyMode = .nested, maximumDepth: Int = 32, indicesFormArrays: Bool = true,
        maximumPairs: Int = 4096, maximumBytes: Int = 4 << 20
    ) {
        self.keyMode = keyMode
        self.maximumDepth = maximumDepth
        self.indicesFormArrays = indicesFormArrays
        self.maximumPairs = maximumPairs
        self.maximumBytes = maximumBytes
    }

    /// Parses a whole body.
    ///
    /// ```swift
    /// let value = try URLEncodedParser().parse(Array("a=1&b=2".utf8))
    /// ```
    ///
    /// - Throws: `ParseError` with the byte offset, line and column of the problem.
    public func parse(_ input: UnsafeRawBufferPointer) throws -> Representation {
        try read(input)
    }

    /// Typed-throws form of ``parse(_:)``.
    ///
    /// ```swift
    /// let value = try Array("a=%ZZ".utf8).withUnsafeBytes { try URLEncodedParser().read($0) }  // throws
    /// ```
    public func read(_ input: UnsafeRawBufferPointer) throws(ParseError) -> Representation {
        try read(input, range: 0..<input.count)
    }

    /// Parses the query of a URL or path (see ``query(of:)``); an empty object when there is
    /// no `?`. Error locations point into the whole string.
    ///
    /// ```swift
    /// try URLEncodedParser().parse(queryOf: "https://example.com/search?q=rest+kit&page=2")
    /// // {"q":"rest kit","page":"2"}
    /// ```
    public func parse(queryOf urlOrPath: String) throws(ParseError) -> Representation {
        var text = urlOrPath
        let result = text.withUTF8 { bytes in
            Result { () throws(ParseError) -> Representation in
                let input = UnsafeRawBufferPointer(bytes)
                guard let range = Self.queryRange(in: input) else { return .object([:]) }
                return try read(input, range: range)
            }
        }
        return try result.get()
    }

    /// The query of a URL or path: the text after the first `?`, up to a `#` fragment; `nil`
    /// when there is no `?` before the fragment.
    ///
    /// ```swift
    /// URLEncodedParser.query(of: "/views/thing/?keyA=valA&keyB=valB#top")  // "keyA=valA&keyB=valB"
    /// URLEncodedParser.query(of: "/views/thing")                           // nil
    /// ```
    public static func query(of urlOrPath: String) -> Substring? {
        let utf8 = urlOrPath.utf8
        let end = utf8.firstIndex(of: UInt8(ascii: "#")) ?? utf8.endIndex
        guard let mark = utf8[..<end].firstIndex(of: UInt8(ascii: "?")) else { return nil }
        return urlOrPath[utf8.index(after: mark)..<end]
    }

    private static func queryRange(in input: UnsafeRawBufferPointer) -> Range<Int>? {
        let end = input.firstIndex(of: UInt8(ascii: "#")) ?? input.count
        guard let mark = input[..<end].firstIndex(of: UInt8(ascii: "?")) else { return nil }
        return (mark + 1)..<end
    }

    private func read(_ input: UnsafeRawBufferPointer, range: Range<Int>) throws(ParseError) -> Representation {
        var scanner = URLEncodedScanner(input: input, range: range)
        guard range.count <= maximumBytes else {
            throw ParseError(
                .sizeLimitExceeded, "\(range.count) bytes, more than the limit of \(maximumBytes) (maximumBytes)",
                at: scanner.location(of: range.lowerBound), parser: name)
        }
        let builder = URLEncodedTreeBuilder(maximumDepth: maximumDepth)
        var pairs = 0
        while let pair = try scanner.next() {
            pairs += 1
            guard pairs <= maximumPairs else {
                throw ParseError(
                    .sizeLimitExceeded, "more than \(maximumPairs) pairs (maximumPairs)", at: scanner.location(of: pair.offset),
                    parser: name)
            }
            if pair.key.isEmpty { continue }  // `=v`: dropped, as Rack does
            do {
                switch keyMode {
                case .nested: try builder.insert(key: pair.key, value: pair.value)
                case .flat: try builder.insertFlat(key: pair.key, value: pair.value)
                }
            } catch {
                throw ParseError(
                    error.errorType, "\(error.reason) (key '\(pair.key)')", at: scanner.location(of: pair.offset),
                    parser: name)
            }
        }
        return builder.representation(indicesFormArrays: keyMode == .nested && indicesFormArrays)
    }
}
