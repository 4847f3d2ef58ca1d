internal import CJansson
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
public import RestKitCore

/// Parses JSON with jansson's `json_loadb` (a DOM parser), then converts the jansson tree
/// into a `Representation`.
///
/// Accepts any JSON value at the top level (RFC 8259) and `\u0000` inside strings. jansson
/// cannot store `\u0000` inside an object key; such (valid, rare) documents are read with
/// the yajl event parser instead, which produces the same representation.
/// jansson cannot hold integers outside `Int64` or doubles that overflow; such documents
/// are rejected with `ParseError/ErrorType-swift.struct/unsupported` (use ``YAJLParser``,
/// which keeps them as exact text).
///
/// ```swift
/// let value = try JanssonParser().parse(text: #"{"id": 1, "tags": ["a"]}"#)
/// value["tags"]?[0]  // .string("a")
/// ```
public struct JanssonParser: RepresentationParser {
    /// `"jansson"`.
    public let name = "jansson"
    /// The deepest nesting of arrays and objects accepted (jansson itself stops at 2048).
    public var maximumDepth: Int

    /// Creates a parser.
    public init(maximumDepth: Int = 512) {
        self.maximumDepth = maximumDepth
    }

    /// Parses one complete JSON document.
    ///
    /// - Throws: `ParseError` with the position of the first error.
    public func parse(_ input: UnsafeRawBufferPointer) throws -> Representation {
        try parseDocument(input)
    }

    /// The typed-throws core of ``parse(_:)``.
    func parseDocument(_ input: UnsafeRawBufferPointer) throws(ParseError) -> Representation {
        // A raw NUL byte is never valid JSON (outside strings it is not a token, inside it is
        // an unescaped control character), but jansson stops reading at it as if at the end.
        if let base = input.baseAddress, let nul = memchr(base, 0, input.count) {
            let offset = UnsafeRawPointer(nul) - base
            throw ParseError(.syntax, "invalid NUL byte", at: SourceLocation(offset: offset, in: input), parser: "jansson")
        }
        var error = json_error_t()
        let flags = JSON_DECODE_ANY | JSON_ALLOW_NUL
        let empty: UInt8 = 0
        let root: UnsafeMutablePointer<json_t>? = withUnsafePointer(to: empty) { fallback in
            let start = input.baseAddress?.assumingMemoryBound(to: CChar.self)
                ?? UnsafeRawPointer(fallback).assumingMemoryBound(to: CChar.self)
            return json_loadb(start, input.count, Int(flags), &error)
        }
        guard let root else {
            if json_error_code(&error) == json_error_null_byte_in_key {
                // JSON that jansson cannot hold (`{"a\u0000b": 1}`): read it with the event
                // parser instead, which gives the same representation, once the strict Swift
                // scanner has checked all of it: yajl accepts lone surrogate escapes
                // (`"\uD800"`) that jansson rejects, and jansson stopped at the key.
                _ = try JSONScanner(maximumDepth: maximumDepth, parserName: name).scan(input)
                return try YAJLParser(maximumDepth: maximumDepth).parseDocument(input)
            }
            throw Self.error(from: &error, in: input)
        }
        defer { restkit_json_decref(root) }
        var builder = TapeBuilder(maximumDepth: maximumDepth, expectedDecodedBytes: input.count / 2, expectedEntries: input.count / 8)
        let appended = Self.append(root, to: &builder)
        if builder.overflowed {
            throw ParseError(.sizeLimitExceeded, "a string longer than 4 GiB", at: nil, parser: "jansson")
        }
        guard appended, let value = builder.finish() else {
            let offset = JSONDepthScanner.offset(exceeding: maximumDepth, in: input) ?? 0
            throw ParseError(.depthLimitExceeded, "nesting deeper than \(maximumDepth) levels",
                             at: SourceLocation(offset: offset, in: input), parser: "jansson")
        }
        return value
    }

    private static func error(from error: inout json_error_t, in input: UnsafeRawBufferPointer) -> ParseError {
        let code = json_error_code(&error)
        var reason = withUnsafeBytes(of: error.text) { raw -> String in
            let bytes = raw.prefix { $0 != 0 }
            return String(decoding: bytes, as: UTF8.self)
        }
        let type: ParseError.ErrorType
        switch code {
        case json_error_premature_end_of_input: type = .truncated
        case json_error_invalid_utf8: type = .invalidUTF8
        case json_error_stack_overflow: type = .depthLimitExceeded
        case json_error_numeric_overflow: type = .unsupported
        default: type = .syntax
        }
        if reason.isEmpty { reason = "invalid JSON" }
        let offset = max(0, min(Int(error.position), input.count))
        return ParseError(type, reason, at: SourceLocation(offset: offset, in: input), parser: "jansson")
    }
}

extension JanssonParser {
    /// Copies a jansson tree onto a tape; `false` when nesting exceeds the builder's limit.
    private static func append(_ value: UnsafeMutablePointer<json_t>, to builder: inout TapeBuilder) -> Bool {
        switch restkit_json_typeof(value) {
        case JSON_OBJECT:
            guard builder.beginObject() else { return false }
            var iterator = json_object_iter(value)
            while let current = iterator {
                guard let key = json_object_iter_key(current), let member = json_object_iter_value(current) else { return false }
                key.withMemoryRebound(to: UInt8.self, capacity: 1) { start in
                    builder.key(bytes: UnsafeBufferPointer(start: start, count: json_object_iter_key_len(current)))
                }
                guard append(member, to: &builder) else { return false }
                iterator = json_object_iter_next(value, current)
            }
            builder.end()
        case JSON_ARRAY:
            guard builder.beginArray() else { return false }
            for index in 0..<json_array_size(value) {
                guard let element = json_array_get(value, index), append(element, to: &builder) else { return false }
            }
            builder.end()
        case JSON_STRING:
            guard let text = json_string_value(value) else { return false }
            text.withMemoryRebound(to: UInt8.self, capacity: 1) { start in
                builder.string(bytes: UnsafeBufferPointer(start: start, count: json_string_length(value)))
            }
        case JSON_INTEGER:
            builder.int(Int64(json_integer_value(value)))
        case JSON_REAL:
            builder.double(json_real_value(value))
        case JSON_TRUE:
            builder.bool(true)
        case JSON_FALSE:
            builder.bool(false)
        default:
            builder.null()
        }
        return true
    }
}
