import RestKitCore

/// The models mapped from the elements of an array as its document's bytes arrive: what
/// ``ObjectMapping/stream(from:parser:options:)`` returns (and, for JSON,
/// `ObjectMapping.stream(from:at:)` from RestKitDefaults).
///
/// Iterating it pulls chunks from `Chunks` only as fast as models are consumed, feeds them
/// to an `ElementStreamParser` (a new one per iteration) and maps each finished element
/// with the mapping, so a document of any size is mapped in flat memory: at most one chunk,
/// the elements that chunk completed, and the element being built are alive at a time.
///
/// ```swift
/// for try await tweet in tweetMapping.stream(from: body, parser: { JSONElementStreamParser(keyPath: "statuses") }) {
///     print(tweet.text)
/// }
/// ```
///
/// Errors end the sequence: a `ParseError` from the parser, an error thrown by `Chunks`,
/// or a ``MappingError`` for the first element that cannot be mapped — whose
/// ``MappingError/keyPath`` is prefixed with the array's key path and the element's index
/// (`"statuses.12.created_at"`, or `"12.created_at"` for a top-level array), so the failing
/// element can be found in the document. Models already handed out stay valid.
public struct MappedElementStream<Chunks: AsyncSequence, Model>: AsyncSequence where Chunks.Element: Sequence<UInt8> {
    public typealias Element = Model
    public typealias Failure = any Error

    let chunks: Chunks
    let mapping: ObjectMapping<Model>
    let options: MappingOptions
    let makeParser: @Sendable () -> ElementParserBox

    /// Starts reading `chunks`, with a new parser.
    ///
    /// ```swift
    /// var models = stream.makeAsyncIterator()
    /// let first = try await models.next()
    /// ```
    public func makeAsyncIterator() -> Iterator {
        Iterator(chunks: chunks.makeAsyncIterator(), mapping: mapping, options: options, parser: makeParser())
    }

    /// Pulls chunks, parses, maps; see ``MappedElementStream``.
    public struct Iterator: AsyncIteratorProtocol {
        var chunks: Chunks.AsyncIterator
        let mapping: ObjectMapping<Model>
        let options: MappingOptions
        let parser: ElementParserBox
        /// Elements parsed but not yet mapped, and the next one to map.
        var pending: [Representation] = []
        var next = 0
        /// Index in the array of the next element to map.
        var elementIndex = 0
        var done = false

        /// The next model, `nil` at the end of the array's document.
        ///
        /// ```swift
        /// while let tweet = try await iterator.next() { print(tweet.id) }
        /// ```
        public mutating func next() async throws -> Model? {
            while true {
                if next < pending.count {
                    let element = pending[next]
                    next += 1
                    return try map(element)
                }
                pending.removeAll(keepingCapacity: true)
                next = 0
                if done { return nil }
                do {
                    if let chunk = try await chunks.next() {
                        pending = try parser.append(chunk)
                    } else {
                        done = true
                        pending = try parser.finish()
                    }
                } catch {
                    done = true
                    throw error
                }
            }
        }

        private mutating func map(_ element: Representation) throws(MappingError) -> Model {
            let index = elementIndex
            elementIndex += 1
            do {
                return try mapping.map(element, options: options)
            } catch {
                done = true
                pending.removeAll()
                throw error.inElement(index, of: parser.keyPath)
            }
        }
    }
}

extension MappedElementStream: Sendable where Chunks: Sendable {}

extension MappingError {
    /// This error, with its key path moved under element `index` of the array at `arrayKeyPath`.
    func inElement(_ index: Int, of arrayKeyPath: String) -> MappingError {
        var prefix = arrayKeyPath.isEmpty ? "\(index)" : "\(arrayKeyPath).\(index)"
        if !keyPath.isEmpty { prefix += "." + keyPath }
        return MappingError(errorType, reason, keyPath: prefix, value: value)
    }
}
