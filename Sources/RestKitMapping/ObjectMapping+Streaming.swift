public import RestKitCore

extension ObjectMapping {
    /// Maps the elements of an array as its document's bytes arrive, handing out one model per
    /// element, in flat memory whatever the document's size. `parser` makes the
    /// `ElementStreamParser` that finds the elements (one per iteration of the result); for
    /// JSON, `stream(from:at:)` (RestKitDefaults, `import RestKit`) picks yajl's for you.
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
    /// for try await tweet in tweets.stream(from: body, parser: { JSONElementStreamParser(keyPath: "statuses") }) {
    ///     print(tweet.id)
    /// }
    /// ```
    ///
    /// The first failure ends the sequence with its error (see ``MappedElementStream``); a
    /// mapping error's key path names the element (`"statuses.12.created_at"`). Elements are
    /// not skipped silently: to go on past bad elements, map the representations from the
    /// parser yourself and decide per element.
    ///
    /// - Parameters:
    ///   - chunks: the document's bytes, in chunks.
    ///   - parser: makes a fresh parser for each iteration.
    ///   - options: the mapping options for each element.
    public func stream<Chunks: AsyncSequence, Parser: ElementStreamParser & ~Copyable>(
        from chunks: Chunks, parser: @escaping @Sendable () -> Parser, options: MappingOptions = MappingOptions()
    ) -> MappedElementStream<Chunks, Model> where Chunks.Element: Sequence<UInt8> {
        MappedElementStream(chunks: chunks, mapping: self, options: options, makeParser: { .init(parser()) })
    }

    /// The callback form of ``stream(from:parser:options:)``: calls `body` with each model as
    /// its element arrives and returns how many there were.
    ///
    /// ```swift
    /// let count = try await tweets.stream(from: body, parser: { JSONElementStreamParser(keyPath: "statuses") }) { tweet in
    ///     try await store.insert(tweet)
    /// }
    /// ```
    ///
    /// - Throws: the first `ParseError`, ``MappingError`` (key path naming the element), error
    ///   of `chunks` or error of `body`; models already passed to `body` stay passed.
    @discardableResult
    public func stream<Chunks: AsyncSequence, Parser: ElementStreamParser & ~Copyable>(
        from chunks: Chunks, parser: @escaping @Sendable () -> Parser, options: MappingOptions = MappingOptions(),
        each body: (Model) async throws -> Void
    ) async throws -> Int where Chunks.Element: Sequence<UInt8> {
        var count = 0
        for try await model in stream(from: chunks, parser: parser, options: options) {
            try await body(model)
            count += 1
        }
        return count
    }
}
