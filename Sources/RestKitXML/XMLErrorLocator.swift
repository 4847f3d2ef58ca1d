internal import CLibXML2
import RestKitCore

/// Turns libxml2's error reports into ``ParseError``s with a ``SourceLocation``, only when a
/// parse has failed.
///
/// libxml2 reports a 1-based line and a 1-based column that counts characters. For input
/// read as UTF-8 the byte offset is found by walking to that line and column; for input
/// libxml2 transcoded (UTF-16, ISO-8859-1, …) the offset is libxml2's count of input bytes
/// consumed, which can lie a little past the error.
struct XMLErrorLocator {
    let input: UnsafeRawBufferPointer
    let context: xmlParserCtxtPtr

    /// A `ParseError` for a captured libxml2 error (or a generic one when libxml2 said nothing).
    func error(for captured: SAXParseState.CapturedError?, parser: String) -> ParseError {
        guard let captured else {
            let position = context.pointee.input.map { (Int($0.pointee.line), Int($0.pointee.col)) } ?? (1, 1)
            return ParseError(.syntax, "document is not well-formed", at: location(line: position.0, column: position.1), parser: parser)
        }
        let location = location(line: captured.line, column: captured.column)
        return ParseError(errorType(of: captured, at: location), captured.message, at: location, parser: parser)
    }

    /// The broad kind of a libxml2 error.
    private func errorType(of error: SAXParseState.CapturedError, at location: SourceLocation) -> ParseError.ErrorType {
        switch error.code {
        case Int32(XML_ERR_DOCUMENT_EMPTY.rawValue), Int32(XML_ERR_TAG_NOT_FINISHED.rawValue):
            return .truncated
        case Int32(XML_ERR_ENTITY_LOOP.rawValue), Int32(XML_ERR_NO_MEMORY.rawValue):
            return .sizeLimitExceeded
        case Int32(XML_ERR_UNSUPPORTED_ENCODING.rawValue):
            return .unsupported
        default:
            break
        }
        if error.message.contains("not proper UTF-8") { return .invalidUTF8 }
        // libxml2 reports an encoded surrogate (ED A0 80) as a character out of range.
        if error.code == Int32(XML_ERR_INVALID_CHAR.rawValue), !isTranscoded,
           String(validating: input, as: UTF8.self) == nil {
            return .invalidUTF8
        }
        if error.message.contains("Excessive depth") { return .depthLimitExceeded }
        if error.message.contains("amplification") || error.message.contains("Huge input") { return .sizeLimitExceeded }
        if location.byteOffset >= input.count { return .truncated }
        return .syntax
    }

    /// `true` when libxml2 converted the input to UTF-8 (so byte positions differ).
    private var isTranscoded: Bool {
        context.pointee.input?.pointee.buf?.pointee.encoder != nil
    }

    /// The location of libxml2's `line`/`column` (clamped to at least 1:1).
    func location(line: Int, column: Int) -> SourceLocation {
        let line = max(1, line)
        let column = max(1, column)
        if isTranscoded {
            let consumed = Int(xmlByteConsumed(context))
            return SourceLocation(line: line, column: column, byteOffset: min(max(0, consumed), input.count))
        }
        return SourceLocation(line: line, column: column, byteOffset: utf8Offset(line: line, column: column))
    }

    /// The byte offset of a 1-based line and character column in UTF-8 input (after a BOM).
    private func utf8Offset(line: Int, column: Int) -> Int {
        let bytes = input
        var offset = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        var currentLine = 1
        while currentLine < line, offset < bytes.count {
            if bytes[offset] == UInt8(ascii: "\n") { currentLine += 1 }
            offset += 1
        }
        var characters = 1
        while characters < column, offset < bytes.count, bytes[offset] != UInt8(ascii: "\n") {
            offset += 1
            while offset < bytes.count, bytes[offset] & 0xC0 == 0x80 { offset += 1 }
            characters += 1
        }
        return offset
    }
}
