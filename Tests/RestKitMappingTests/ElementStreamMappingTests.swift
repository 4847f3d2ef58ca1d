import RestKitCore
import Testing

@testable import RestKitMapping

/// ``MappedElementStream`` over any ``ElementStreamParser``: a stub parser whose every input
/// byte is one element `{"id": byte}`, except 0xFE (an element that cannot be mapped) and
/// 0xFF (a parse error), so the mapping side is tested without JSON.
struct ElementStreamMappingTests {
    struct ByteElements: ElementStreamParser, ~Copyable {
        let keyPath: String
        private(set) var offset = 0

        init(keyPath: String) {
            self.keyPath = keyPath
        }

        mutating func append(_ chunk: UnsafeRawBufferPointer) throws(ParseError) -> [Representation] {
            var elements: [Representation] = []
            for byte in chunk {
                defer { offset += 1 }
                switch byte {
                case 0xFF:
                    throw ParseError(.syntax, "byte 0xFF", at: SourceLocation(line: 1, column: offset + 1, byteOffset: offset), parser: "bytes")
                case 0xFE:
                    elements.append(["id": ["not": "a number"]])
                default:
                    elements.append(["id": .int(Int64(byte))])
                }
            }
            return elements
        }

        mutating func finish() throws(ParseError) -> [Representation] {
            offset == 0 ? [] : [["id": .int(-1)]]   // one element that only the end completes
        }
    }

    struct Item: Equatable {
        var id = 0
        static let mapping = ObjectMapping(Item.init) { $0.map("id", to: \.id) }
    }

    struct Chunks: AsyncSequence, Sendable {
        let chunks: [[UInt8]]
        func makeAsyncIterator() -> Iterator { Iterator(chunks: chunks) }
        struct Iterator: AsyncIteratorProtocol {
            var chunks: [[UInt8]]
            mutating func next() async -> [UInt8]? { chunks.isEmpty ? nil : chunks.removeFirst() }
        }
    }

    static func stream(_ chunks: [[UInt8]], keyPath: String = "items") -> MappedElementStream<Chunks, Item> {
        Item.mapping.stream(from: Chunks(chunks: chunks), parser: { ByteElements(keyPath: keyPath) })
    }

    @Test func mapsEveryElementInOrderAcrossChunksThenWhatFinishCompletes() async throws {
        var ids: [Int] = []
        for try await item in Self.stream([[1, 2], [], [3], [4, 5, 6]]) { ids.append(item.id) }
        #expect(ids == [1, 2, 3, 4, 5, 6, -1])
    }

    @Test func eachIterationStartsAFreshParser() async throws {
        let stream = Self.stream([[7, 8]])
        var first: [Int] = []
        for try await item in stream { first.append(item.id) }
        var second: [Int] = []
        for try await item in stream { second.append(item.id) }
        #expect(first == [7, 8, -1])
        #expect(second == first)
    }

    @Test(arguments: [("items", "items.2.id"), ("", "2.id"), ("data.items", "data.items.2.id")])
    func aMappingErrorNamesTheElement(keyPath: String, expected: String) async throws {
        var ids: [Int] = []
        let error = await #expect(throws: MappingError.self) {
            for try await item in Self.stream([[1, 2], [0xFE, 3]], keyPath: keyPath) { ids.append(item.id) }
        }
        #expect(error?.keyPath == expected)
        #expect(ids == [1, 2])   // models before the bad element were handed out; none after
    }

    @Test func aParseErrorEndsTheSequence() async throws {
        var iterator = Self.stream([[1], [0xFF], [2]]).makeAsyncIterator()
        #expect(try await iterator.next() == Item(id: 1))
        let error = await #expect(throws: ParseError.self) { _ = try await iterator.next() }
        #expect(error?.location?.byteOffset == 1)
        #expect(try await iterator.next() == nil)
    }

    @Test func theCallbackFormCountsModels() async throws {
        var seen: [Int] = []
        let count = try await Item.mapping.stream(from: Chunks(chunks: [[4, 5]]), parser: { ByteElements(keyPath: "") }) { item in
            seen.append(item.id)
        }
        #expect(count == 3)
        #expect(seen == [4, 5, -1])
    }
}
