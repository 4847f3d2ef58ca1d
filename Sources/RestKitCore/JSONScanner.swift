/// A pure-Swift JSON scanner that lays a whole document out as a ``Tape`` in one pass: the
/// input becomes the tape's byte buffer (an array as it is, other input copied once) and is
/// scanned in place by a ``JSONCursor``
/// (see there for the design and the grammar). ``ChunkedJSONScanner`` and
/// ``JSONElementScanner`` run the same cursor over input that arrives in chunks.
///
/// ```swift
/// let value = try JSONScanner(maximumDepth: 512, parserName: "swift").scan(input)
/// ```
package struct JSONScanner {
    /// The deepest nesting of arrays and objects accepted.
    package let maximumDepth: Int
    /// The name errors carry (``ParseError/parser``).
    package let parserName: String

    package init(maximumDepth: Int, parserName: String) {
        self.maximumDepth = maximumDepth
        self.parserName = parserName
    }

    /// Scans one complete JSON document.
    ///
    /// - Throws: ``ParseError`` at the first malformed byte, with line, column and offset.
    package func scan(_ input: UnsafeRawBufferPointer) throws(ParseError) -> Representation {
        try scan([UInt8](input))
    }

    /// Scans one complete JSON document held in an array, which becomes the tape's bytes as it
    /// is (shared, not copied).
    ///
    /// - Throws: ``ParseError`` at the first malformed byte, with line, column and offset.
    package func scan(_ bytes: [UInt8]) throws(ParseError) -> Representation {
        let result: Result<Tape, ScanFailure> = bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress, buffer.count > 0 else { return .failure(.noValue) }
            var cursor = JSONCursor<WholeDocumentScan>(base: base, count: buffer.count, isFinal: true, maximumDepth: maximumDepth)
            cursor.entries.reserveCapacity(buffer.count / 8 + 16)
            cursor.stack.reserveCapacity(32)
            do throws(ScanFailure) {
                _ = try cursor.scan()
            } catch {
                return .failure(error)
            }
            return .success(Tape(entries: cursor.entries, bytes: bytes, decoded: cursor.decoded, stringsAreCheckedUTF8: true))
        }
        switch result {
        case .success(let tape):
            return Representation(tape: tape, index: 0)
        case .failure(let failure):
            throw ParseError(failure.type, failure.reason, at: SourceLocation(offset: failure.offset, in: bytes), parser: parserName)
        }
    }
}

extension ScanFailure {
    /// An input with no bytes at all.
    static var noValue: ScanFailure { ScanFailure(type: .truncated, reason: "no JSON value in the input", offset: 0) }
}
