internal import CByteScanFallbacks
import Testing

/// `CByteScan` takes one of three paths by architecture: SSE2 on x86-64, eight bytes in a word
/// on other little-endian targets (arm64), byte loops elsewhere. Only the first runs on this
/// machine in the rest of the suite, so the other two are compiled into this test
/// (`CByteScanFallbacks`) and must give the same answer as the native one on random inputs
/// made of the bytes that matter: whitespace, quotes, backslashes, control characters, digits
/// and their neighbours, `0x7F`/`0x80`, UTF-8 lead and continuation bytes. Runs of one byte
/// kind make the long runs the wide paths skip.
struct ByteScanFallbackTests {
    private static let interesting: [UInt8] = [
        0x20, 0x0A, 0x0D, 0x09, 0x61, 0x22, 0x5C, 0x01, 0x1F, 0x2F, 0x30, 0x35, 0x39, 0x3A,
        0x7F, 0x80, 0xBF, 0xC2, 0xE0, 0xE6, 0xED, 0xF0, 0xF4, 0xFF,
    ]
    private static let fillers: [UInt8] = [0x20, 0x61, 0x37, 0xE6]

    /// One answer of one path for `bytes` from `start`: the six functions' results, and
    /// whether the string scan saw a non-ASCII byte.
    private struct Answers: Equatable {
        var whitespaceEnd, stringStop, digitsEnd, asciiEnd, firstInvalidUTF8, continuationBytes: Int
        var sawNonASCII, invalidUTF8IsCutByEnd: Bool
    }

    private typealias Functions = (
        whitespace: @Sendable (UnsafePointer<UInt8>?, Int, Int) -> Int,
        string: @Sendable (UnsafePointer<UInt8>?, Int, Int, UnsafeMutablePointer<UInt32>?) -> Int,
        digits: @Sendable (UnsafePointer<UInt8>?, Int, Int) -> Int,
        ascii: @Sendable (UnsafePointer<UInt8>?, Int, Int) -> Int,
        utf8: @Sendable (UnsafePointer<UInt8>?, Int, UnsafeMutablePointer<Int32>?) -> Int,
        continuations: @Sendable (UnsafePointer<UInt8>?, Int, Int) -> Int
    )

    private static let native: Functions = (
        restkit_native_skip_json_whitespace, restkit_native_json_string_stop, restkit_native_skip_digits,
        restkit_native_skip_ascii, restkit_native_utf8_first_invalid, restkit_native_utf8_continuation_count
    )
    private static let words: Functions = (
        restkit_words_skip_json_whitespace, restkit_words_json_string_stop, restkit_words_skip_digits,
        restkit_words_skip_ascii, restkit_words_utf8_first_invalid, restkit_words_utf8_continuation_count
    )
    private static let bytes: Functions = (
        restkit_bytes_skip_json_whitespace, restkit_bytes_json_string_stop, restkit_bytes_skip_digits,
        restkit_bytes_skip_ascii, restkit_bytes_utf8_first_invalid, restkit_bytes_utf8_continuation_count
    )

    private func answers(_ functions: Functions, _ input: [UInt8], from start: Int) -> Answers {
        input.withUnsafeBufferPointer { buffer in
            let base = buffer.baseAddress
            var nonASCII: UInt32 = 0
            let stop = functions.string(base, start, buffer.count, &nonASCII)
            var cutByEnd: Int32 = 0
            let invalid = functions.utf8(base.map { $0 + start }, buffer.count - start, &cutByEnd)
            return Answers(
                whitespaceEnd: functions.whitespace(base, start, buffer.count), stringStop: stop,
                digitsEnd: functions.digits(base, start, buffer.count), asciiEnd: functions.ascii(base, start, buffer.count),
                firstInvalidUTF8: invalid, continuationBytes: functions.continuations(base, start, buffer.count),
                sawNonASCII: nonASCII != 0, invalidUTF8IsCutByEnd: cutByEnd != 0
            )
        }
    }

    @Test func everyPathGivesTheNativeAnswers() {
        var state: UInt64 = 0x2545_F491_4F6C_DD1D
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        var checked = 0
        for _ in 0..<100_000 {
            let filler = Self.fillers[next(Self.fillers.count)]
            let input = (0..<next(70)).map { _ in next(10) < 7 ? filler : Self.interesting[next(Self.interesting.count)] }
            // Keep a non-empty buffer so its base address is never nil.
            guard !input.isEmpty else { continue }
            let start = next(input.count + 1)
            let expected = answers(Self.native, input, from: start)
            #expect(answers(Self.words, input, from: start) == expected, "words path: \(input) from \(start)")
            #expect(answers(Self.bytes, input, from: start) == expected, "byte path: \(input) from \(start)")
            checked += 1
        }
        #expect(checked > 95_000)
    }

    /// Digit runs of every length up to 19 (all zeros, all nines, random), whole and behind
    /// other bytes: each path gives the value the standard library reads.
    @Test func digitValuesAgreeOnEveryPath() {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        let paths: [(String, @Sendable (UnsafePointer<UInt8>?, Int) -> UInt64)] = [
            ("native", restkit_native_digits_value), ("words", restkit_words_digits_value), ("bytes", restkit_bytes_digits_value),
        ]
        for length in 1...19 {
            var runs = [String(repeating: "0", count: length), String(repeating: "9", count: length)]
            for _ in 0..<200 { runs.append(String((0..<length).map { _ in Character(String(next(10))) })) }
            for run in runs {
                let padding = next(9)
                let bytes = Array(repeating: UInt8(ascii: "x"), count: padding) + Array(run.utf8) + [UInt8(ascii: "x")]
                let expected = UInt64(run)
                for (name, value) in paths {
                    let found = bytes.withUnsafeBufferPointer { value($0.baseAddress.map { $0 + padding }, length) }
                    #expect(found == expected, "\(name) path: \(run)")
                }
            }
        }
    }
}
