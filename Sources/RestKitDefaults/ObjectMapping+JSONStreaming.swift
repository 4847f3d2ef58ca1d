import RestKitCore
import RestKitJSON
public import RestKitMapping

extension ObjectMapping {
    /// Maps the elements of a JSON array as its bytes arrive — the top-level array, or the
    /// array at a dotted key path such as `"statuses"` or `"data.items"` — handing out one
    /// model per element, in flat memory whatever the document's size. Parsing is done by
    /// RestKit's own scanner, in chunks (`JSONElementStreamParser`); this is
    /// `stream(from:parser:options:)` with that parser.
    ///
    /// `chunks` is any async sequence of byte collections: `URL.resourceBytes` chunked,
    /// a file read in blocks, or an AsyncHTTPClient body (`response.body.map(\.readableBytesView)`).
    /// Chunks may have any size.
    ///
    /// ```swift
    /// let tweets = ObjectMapping(Tweet.init) { tweet in
    ///     tweet.map("id", to: \.id)
    ///     tweet.map("text", to: \.text)
    /// }
    /// for try await tweet in tweets.stream(from: body, at: "statuses") {
    ///     print(tweet.id)
    /// }
    /// ```
    ///
    /// The first failure ends the sequence with its error (see `MappedElementStream`); a
    /// mapping error's key path names the element (`"statuses.12.created_at"`). Elements are
    /// not skipped silently: to go on past bad elements, map the representations from
    /// `JSONElementStreamParser` yourself and decide per element.
    ///
    /// - Parameters:
    ///   - chunks: the document's bytes, in chunks.
    ///   - keyPath: dot-separated object keys leading to the array; `nil` for a top-level array.
    ///   - options: the mapping options for each element.
    ///   - maximumDepth: the deepest nesting accepted, counted from the document root.
    public func stream<Chunks: AsyncSequence>(
        from chunks: Chunks, at keyPath: String? = nil, options: MappingOptions = MappingOptions(), maximumDepth: Int = 512
    ) -> MappedElementStream<Chunks, Model> where Chunks.Element: Sequence<UInt8> {
        stream(from: chunks, parser: { JSONElementStreamParser(keyPath: keyPath, maximumDepth: maximumDepth) }, options: options)
    }

    /// The callback form of ``stream(from:at:options:maximumDepth:)``: calls `body` with each
    /// model as its element arrives and returns how many there were.
    ///
    /// ```swift
    /// let count = try await tweets.stream(from: body, at: "statuses") { tweet in
    ///     try await store.insert(tweet)
    /// }
    /// ```
    ///
    /// - Throws: the first `ParseError`, `MappingError` (key path naming the element), error
    ///   of `chunks` or error of `body`; models already passed to `body` stay passed.
    @discardableResult
    public func stream<Chunks: AsyncSequence>(
        from chunks: Chunks, at keyPath: String? = nil, options: MappingOptions = MappingOptions(), maximumDepth: Int = 512,
        each body: (Model) async throws -> Void
    ) async throws -> Int where Chunks.Element: Sequence<UInt8> {
        try await stream(
            from: chunks, parser: { JSONElementStreamParser(keyPath: keyPath, maximumDepth: maximumDepth) },
            options: options, each: body)
    }
}
