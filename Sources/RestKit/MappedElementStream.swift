import RestKitCore
import RestKitJSON
import RestKitMapping

/// The models mapped from the elements of a JSON array as its bytes arrive: what
/// ``RestKitMapping/ObjectMapping/stream(from:at:options:maximumDepth:)`` returns.
///
/// Iterating it pulls chunks from `Chunks` only as fast as models are consumed, feeds them
/// to a ``JSONElementStreamParser`` and maps each finished element with the mapping, so a
/// document of any size is mapped in flat memory: at most one chunk, the elements that
/// chunk completed, and the element being built are alive at a time.
///
/// ```swift
/// for try await tweet in tweetMapping.stream(from: body, at: "statuses") {
///     print(tweet.text)
/// }
/// ```
///
/// Errors end the sequence: a ``ParseError`` from the parser, an error thrown by `Chunks`,
/// or a ``MappingError`` for the first element that cannot be mapped — whose
/// ``MappingError/keyPath`` is prefixed with the array's key path and the element's index
/// (`"statuses.12.created_at"`, or `"12.created_at"` for a top-level array), so the failing
/// element can be found in the document. Models already handed out stay valid.
public struct MappedElementStream<Chunks: AsyncSequence, Model>: AsyncSequence where Chunks.Element: Sequence<UInt8> {
    public typealias Element = Model
    public typealias Failure = any Error

    let chunks: Chunks
    let mapping: ObjectMapping<Model>
    let keyPath: String?
    let options: MappingOptions
    let maximumDepth: Int

    /// Starts reading `chunks`.
    public func makeAsyncIterator() -> Iterator {
        Iterator(
            chunks: chunks.makeAsyncIterator(), mapping: mapping, options: options,
            parser: ParserBox(keyPath: keyPath, maximumDepth: maximumDepth))
    }

    /// Pulls chunks, parses, maps; see ``MappedElementStream``.
    public struct Iterator: AsyncIteratorProtocol {
        var chunks: Chunks.AsyncIterator
        let mapping: ObjectMapping<Model>
        let options: MappingOptions
        let parser: ParserBox
        /// Elements parsed but not yet mapped, and the next one to map.
        var pending: [Representation] = []
        var next = 0
        /// Index in the array of the next element to map.
        var elementIndex = 0
        var done = false

        /// The next model, `nil` at the end of the array's document.
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

    /// Owns the non-copyable parser for the (copyable) iterator.
    final class ParserBox {
        private var parser: JSONElementStreamParser
        let keyPath: String

        init(keyPath: String?, maximumDepth: Int) {
            parser = JSONElementStreamParser(keyPath: keyPath, maximumDepth: maximumDepth)
            self.keyPath = keyPath ?? ""
        }

        func append(_ chunk: some Sequence<UInt8>) throws(ParseError) -> [Representation] {
            try parser.append(chunk)
        }

        func finish() throws(ParseError) -> [Representation] {
            try parser.finish()
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
