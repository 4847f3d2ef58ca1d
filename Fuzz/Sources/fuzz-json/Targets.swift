import Foundation
import FuzzSupport
import RestKitCore
import RestKitJSON
import RestKitMapping

/// Every JSON target this executable serves.
let jsonTargets: [FuzzTarget] = [
    FuzzTarget(
        name: "json-swift", summary: "JSONParser (the Swift scanner): parse, read every value, print, every string well-formed; UTF-8 validation in blocks vs byte by byte",
        dictionary: "json", seeds: { jsonSeeds }, check: checkSwiftScanner),
    FuzzTarget(
        name: "json-incremental", summary: "IncrementalJSONParser and YAJLIncrementalParser fed in fuzzer-chosen chunks",
        dictionary: "json", seeds: chunkedSeeds, check: checkIncremental),
    FuzzTarget(
        name: "json-yajl", summary: "YAJLParser on the whole input",
        dictionary: "json", seeds: { jsonSeeds }, check: { bytes in parseAndWalk { try YAJLParser().parse(bytes) } }),
    FuzzTarget(
        name: "json-jansson", summary: "JanssonParser on the whole input",
        dictionary: "json", seeds: { jsonSeeds }, check: { bytes in parseAndWalk { try JanssonParser().parse(bytes) } }),
    FuzzTarget(
        name: "json-element-stream", summary: "JSONElementStreamParser and YAJLElementStreamParser at a fuzzer-chosen key path, in fuzzer-chosen chunks",
        dictionary: "json", seeds: elementStreamSeeds, check: checkElementStream),
    FuzzTarget(
        name: "json-decoder", summary: "RepresentationDecoder decoding a small Codable model from fuzzed JSON",
        dictionary: "json", seeds: { jsonSeeds }, check: checkDecoder),
    FuzzTarget(
        name: "json-diff-parsers", summary: "differential: Swift scanner vs yajl vs jansson (accept/reject, values)",
        dictionary: "json", seeds: { jsonSeeds }, check: checkParsersAgree),
    FuzzTarget(
        name: "json-diff-chunked", summary: "differential: chunked vs whole (incremental and element stream, both engines) vs JSONParser/YAJLParser: values and error offsets",
        dictionary: "json", seeds: { chunkedSeeds() + elementStreamSeeds() }, check: checkChunkedAgrees),
    FuzzTarget(
        name: "json-roundtrip", summary: "parse → write → parse is the identity; writing twice gives the same bytes",
        dictionary: "json", seeds: { jsonSeeds }, check: checkRoundTrip),
    mappingTarget,
]

// MARK: - Crash-only targets

/// Parses with `parse`; on success reads the whole value and prints it.
private func parseAndWalk(_ parse: () throws -> Representation) {
    guard let value = try? parse() else { return }
    FuzzCheck.walk(value)
    _ = value.description
}

/// The Swift scanner: parse, read, print. Also the differential check of the UTF-8 validator
/// the scanner uses on strings (sixteen bytes at a time) against the byte-by-byte one, on the
/// whole input.
private func checkSwiftScanner(_ bytes: [UInt8]) {
    parseAndWalk { try JSONParser().parse(bytes) }
    if let value = try? JSONParser().parse(bytes) { FuzzCheck.expectWellFormedText(value, input: bytes) }
    let (blocks, single) = bytes.withUnsafeBufferPointer {
        (UTF8Validation.firstInvalidOffset(inBlocksOf: $0), UTF8Validation.firstInvalidOffset(in: $0))
    }
    if blocks != single {
        FuzzCheck.mismatch("UTF-8 validation: blocks \(String(describing: blocks)), bytes \(String(describing: single))", input: bytes)
    }
}

/// `bytes` fed to an `IncrementalJSONParser` in `sizes`-sized chunks.
private func incrementalParse(_ bytes: [UInt8], sizes: [Int]) -> Result<Representation, any Error> {
    capture {
        var parser = IncrementalJSONParser()
        for chunk in chunks(of: bytes, sizes: sizes) { try parser.append(chunk) }
        return try parser.finish()
    }
}

/// `bytes` fed to a `YAJLIncrementalParser` in `sizes`-sized chunks.
private func yajlIncrementalParse(_ bytes: [UInt8], sizes: [Int]) -> Result<Representation, any Error> {
    capture {
        var parser = YAJLIncrementalParser()
        for chunk in chunks(of: bytes, sizes: sizes) { try parser.append(chunk) }
        return try parser.finish()
    }
}

/// Chunk sizes from the input's first bytes, the document after them.
private func checkIncremental(_ bytes: [UInt8]) {
    var input = FuzzInput(bytes)
    let sizes = input.chunkSizes()
    if case .success(let value) = incrementalParse(input.rest(), sizes: sizes) {
        FuzzCheck.walk(value)
        FuzzCheck.expectWellFormedText(value, input: bytes)
    }
    if case .success(let value) = yajlIncrementalParse(input.rest(), sizes: sizes) { FuzzCheck.walk(value) }
}

/// The key paths the element-stream targets choose from (the first input byte picks one).
private let elementKeyPaths: [String?] = [nil, "statuses", "data.items", "a", "0", "a.b.c"]

/// What a streaming parse produced: the elements, or the error it ended with.
private struct StreamOutcome: Equatable {
    var elements: [Representation]
    var error: ParseError?
}

/// `bytes` fed to a `JSONElementStreamParser` (or, with `yajl`, a `YAJLElementStreamParser`)
/// at `keyPath` in `sizes`-sized chunks.
private func streamParse(_ bytes: [UInt8], keyPath: String?, sizes: [Int], yajl: Bool = false) -> StreamOutcome {
    var outcome = StreamOutcome(elements: [], error: nil)
    do {
        if yajl {
            var parser = YAJLElementStreamParser(keyPath: keyPath)
            for chunk in chunks(of: bytes, sizes: sizes) { outcome.elements += try parser.append(chunk) }
            outcome.elements += try parser.finish()
        } else {
            var parser = JSONElementStreamParser(keyPath: keyPath)
            for chunk in chunks(of: bytes, sizes: sizes) { outcome.elements += try parser.append(chunk) }
            outcome.elements += try parser.finish()
        }
    } catch {
        outcome.error = error
    }
    return outcome
}

/// Key-path choice byte, chunk sizes, then the document.
private func elementStreamSeeds() -> [[UInt8]] {
    (0..<elementKeyPaths.count).flatMap { choice in
        [[1], [5, 3], [256]].flatMap { sizes in jsonSeeds.map { [UInt8(choice)] + FuzzInput.chunkHeader(sizes) + $0 } }
    }
}

/// The element stream: key path and chunk sizes from the input, every element read.
private func checkElementStream(_ bytes: [UInt8]) {
    var input = FuzzInput(bytes)
    let keyPath = elementKeyPaths[Int(input.byte()) % elementKeyPaths.count]
    let sizes = input.chunkSizes()
    for yajl in [false, true] {
        for element in streamParse(input.rest(), keyPath: keyPath, sizes: sizes, yajl: yajl).elements {
            FuzzCheck.walk(element)
            if !yajl { FuzzCheck.expectWellFormedText(element, input: bytes) }
        }
    }
}

/// A small model with the kinds of property a mapping meets: integers of several widths,
/// optionals, doubles, dates, nested objects, arrays and dictionaries.
private struct Model: Decodable {
    struct Nested: Decodable {
        var id: Int
        var values: [Int8]?
        var label: String?
    }
    var id: Int
    var name: String?
    var score: Double?
    var ratio: Float?
    var tags: [String]?
    var created: Date?
    var flag: Bool?
    var nested: Nested?
    var counts: [String: UInt16]?
    var big: UInt64?
    var small: Int32?
    var link: URL?
    var children: [Nested]?
}

/// Decodes `Model` from the parsed input with a strategy chosen by the input's length.
private func checkDecoder(_ bytes: [UInt8]) {
    guard let value = try? JSONParser().parse(bytes) else { return }
    let strategies: [RepresentationDecoder.DateDecodingStrategy] = [.iso8601, .secondsSince1970, .millisecondsSince1970]
    var decoder = RepresentationDecoder()
    decoder.dateDecodingStrategy = strategies[bytes.count % strategies.count]
    decoder.allowsLooseTypes = bytes.count % 2 == 0
    _ = try? decoder.decode(Model.self, from: value)
    _ = try? decoder.decode([Model].self, from: value)
    _ = try? decoder.decode([String: Double].self, from: value)
}

// MARK: - Differential targets

/// Swift scanner, yajl and jansson on the same bytes. Rules for the documented differences:
/// - the Swift scanner (and jansson) reject a lone surrogate escape (`"\uD800"`) that yajl
///   accepts and replaces (README, "JSON");
/// - jansson rejects as `.unsupported` what it cannot hold (integers outside Int64, doubles
///   that overflow): then only the other two are compared (a `\u0000` in a key, which it cannot
///   hold either, `JanssonParser` reads through yajl after the Swift scanner's check);
/// - jansson has no exact-text numbers: when the Swift value holds a `.number` (a decimal
///   with more digits than a Double carries), jansson's value is not compared.
private func checkParsersAgree(_ bytes: [UInt8]) {
    let swift = capture { try JSONParser().parse(bytes) }
    let yajl = capture { try YAJLParser().parse(bytes) }
    let jansson = capture { try JanssonParser().parse(bytes) }
    func fail(_ what: String) -> Never {
        FuzzCheck.mismatch(
            "\(what)\n swift: \(FuzzCheck.describe(swift))\n yajl: \(FuzzCheck.describe(yajl))\n jansson: \(FuzzCheck.describe(jansson))",
            input: bytes)
    }
    switch (swift, yajl) {
    case (.success(let left), .success(let right)):
        if left != right { fail("swift and yajl give different values") }
    case (.failure(let error), .success):
        if !((error as? ParseError)?.reason.contains("surrogate") ?? false) { fail("yajl accepts what swift rejects") }
    case (.success, .failure):
        fail("swift accepts what yajl rejects")
    case (.failure, .failure):
        break
    }
    if case .failure(let error) = jansson, (error as? ParseError)?.errorType == .unsupported { return }
    switch (swift, jansson) {
    case (.success(let left), .success(let right)):
        if !FuzzCheck.containsTextNumber(left) && left != right { fail("swift and jansson give different values") }
    case (.failure, .success):
        fail("jansson accepts what swift rejects")
    case (.success, .failure):
        fail("swift accepts what jansson rejects")
    case (.failure, .failure):
        break
    }
}

/// Error type and byte offset of a failed parse (what chunking must not change), or nil.
private func errorPosition(_ result: Result<Representation, any Error>) -> String? {
    guard case .failure(let error) = result else { return nil }
    guard let parseError = error as? ParseError else { return "\(type(of: error))" }
    return "\(parseError.errorType) at \(parseError.location.map { "\($0.line):\($0.column) byte \($0.byteOffset)" } ?? "-")"
}

/// Chunked and whole parses agree, for both engines: `IncrementalJSONParser` in
/// fuzzer-chosen chunks, in one chunk, and `JSONParser` give the same value, or fail with the
/// same error type at the same position; so do `YAJLIncrementalParser` and `YAJLParser`; each
/// element stream gives the same elements (or the same error) chunked and whole. The first
/// input byte picks the element streams' key path.
private func checkChunkedAgrees(_ bytes: [UInt8]) {
    var input = FuzzInput(bytes)
    let keyPath = elementKeyPaths[Int(input.byte()) % elementKeyPaths.count]
    let sizes = input.chunkSizes()
    let document = input.rest()

    let engines: [(String, Result<Representation, any Error>, [(String, Result<Representation, any Error>)])] = [
        ("incremental", incrementalParse(document, sizes: sizes),
         [("incremental in one chunk", incrementalParse(document, sizes: [])), ("JSONParser", capture { try JSONParser().parse(document) })]),
        ("yajl incremental", yajlIncrementalParse(document, sizes: sizes),
         [("yajl incremental in one chunk", yajlIncrementalParse(document, sizes: [])), ("YAJLParser", capture { try YAJLParser().parse(document) })]),
    ]
    for (engine, chunked, others) in engines {
        for (name, other) in others {
            let agree: Bool
            switch (chunked, other) {
            case (.success(let left), .success(let right)): agree = left == right
            case (.failure, .failure): agree = errorPosition(chunked) == errorPosition(other)
            default: agree = false
            }
            if !agree {
                FuzzCheck.mismatch(
                    "\(engine) in chunks of \(sizes) vs \(name)\n chunked: \(FuzzCheck.describe(chunked))\n \(name): \(FuzzCheck.describe(other))",
                    input: bytes)
            }
        }
    }

    for yajl in [false, true] {
        let streamedInChunks = streamParse(document, keyPath: keyPath, sizes: sizes, yajl: yajl)
        let streamedWhole = streamParse(document, keyPath: keyPath, sizes: [], yajl: yajl)
        let sameError = streamedInChunks.error.map { ($0.errorType, $0.location) } ?? nil
        let wholeError = streamedWhole.error.map { ($0.errorType, $0.location) } ?? nil
        let agree = switch (sameError, wholeError) {
        case (nil, nil): streamedInChunks.elements == streamedWhole.elements
        case (let left?, let right?): left.0 == right.0 && left.1 == right.1
        default: false
        }
        if !agree {
            FuzzCheck.mismatch(
                "\(yajl ? "yajl " : "")element stream at \(keyPath ?? "top level") in chunks of \(sizes) vs whole\n chunked: \(streamedInChunks)\n whole: \(streamedWhole)",
                input: bytes)
        }
    }
}

/// Parse → write → parse is the identity, for writer options chosen by the input's length;
/// writing the re-parsed value gives the same bytes; yajl reads the written text to the same value.
private func checkRoundTrip(_ bytes: [UInt8]) {
    guard let value = try? JSONParser().parse(bytes) else { return }
    let options = JSONWriter.Options(rawValue: bytes.count % 8)
    let writer = JSONWriter(options: options)
    let written: [UInt8]
    do { written = try writer.write(value) } catch {
        FuzzCheck.mismatch("a parsed value cannot be written (\(options)): \(error)\n value: \(value)", input: bytes)
    }
    let reparsed = capture { try JSONParser().parse(written) }
    guard case .success(let again) = reparsed, again == value else {
        FuzzCheck.mismatch(
            "parse → write → parse changed the value\n first: \(value)\n written: \(FuzzCheck.printable(written))\n again: \(FuzzCheck.describe(reparsed))",
            input: bytes)
    }
    let rewritten = (try? writer.write(again)) ?? []
    if rewritten != written {
        FuzzCheck.mismatch(
            "writing the re-parsed value gave other bytes\n first: \(FuzzCheck.printable(written))\n second: \(FuzzCheck.printable(rewritten))",
            input: bytes)
    }
    let byYAJL = capture { try YAJLParser().parse(written) }
    guard case .success(let yajlValue) = byYAJL, yajlValue == value else {
        FuzzCheck.mismatch(
            "yajl reads the written text differently\n value: \(value)\n written: \(FuzzCheck.printable(written))\n yajl: \(FuzzCheck.describe(byYAJL))",
            input: bytes)
    }
}
