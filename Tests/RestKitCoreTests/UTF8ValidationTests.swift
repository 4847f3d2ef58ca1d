import Testing

@testable import RestKitCore

struct UTF8ValidationTests {
    static func offset(_ bytes: [UInt8]) -> Int? {
        bytes.withUnsafeBufferPointer { UTF8Validation.firstInvalidOffset(in: $0) }
    }

    static func check(_ bytes: [UInt8]) -> UTF8Validation.ChunkOutcome {
        bytes.withUnsafeBufferPointer { UTF8Validation.check($0) }
    }

    @Test(arguments: ["", "plain ASCII longer than eight bytes", "é", "€", "😀", "naïve café – 日本語 😀 done"])
    func acceptsValidText(text: String) {
        #expect(Self.offset(Array(text.utf8)) == nil)
        #expect(Self.check(Array(text.utf8)) == .valid)
    }

    @Test(arguments: [
        ([0x61, 0x80], 1),                          // stray continuation
        ([0xC0, 0xAF], 0), ([0xC1, 0xBF], 0),       // overlong two-byte forms
        ([0xE0, 0x80, 0xAF], 0),                    // overlong three-byte form
        ([0xED, 0xA0, 0x80], 0),                    // UTF-16 surrogate
        ([0xF0, 0x80, 0x80, 0xAF], 0),              // overlong four-byte form
        ([0xF4, 0x90, 0x80, 0x80], 0),              // above U+10FFFF
        ([0xF5, 0x80, 0x80, 0x80], 0), ([0xFF], 0), // never valid
        ([0x61, 0x62, 0x63, 0x64, 0x65, 0x66, 0x67, 0x68, 0x69, 0xC3, 0x28], 9),  // after an ASCII word
        ([0xE2, 0x82, 0x41], 0),                    // bad third byte
    ] as [([UInt8], Int)])
    func rejectsInvalidSequences(bytes: [UInt8], offset: Int) {
        #expect(Self.offset(bytes) == offset)
        #expect(Self.check(bytes) == .invalid(at: offset))
    }

    @Test func aSequenceCutByTheEndMayContinue() {
        #expect(Self.offset([0x61, 0xE2, 0x82]) == 1)
        #expect(Self.check([0x61, 0xE2, 0x82]) == .incomplete(from: 1))
        #expect(Self.check([0xF0, 0x9F]) == .incomplete(from: 0))
        #expect(Self.check([0xF0, 0x80]) == .invalid(at: 0))     // already overlong
        #expect(Self.check([0xED, 0xA0]) == .invalid(at: 0))     // already a surrogate
    }

    /// Random byte strings over the bytes that matter (ASCII, continuation bytes, every lead
    /// range and the edge leads E0, ED, F0, F4), behind ASCII prefixes of 0 to 20 bytes so that
    /// sequences straddle the validator's sixteen-byte blocks: it finds no invalid byte exactly
    /// when the standard library accepts the bytes, and where it finds one, the bytes before it
    /// are valid and no scalar starts there.
    @Test func agreesWithTheStandardLibraryOnRandomBytes() {
        let alphabet: [UInt8] = [0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC2, 0xDF, 0xE0, 0xE1, 0xED, 0xEF, 0xF0, 0xF1, 0xF4, 0xF5, 0xFF]
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        func isOneScalar(_ bytes: ArraySlice<UInt8>) -> Bool {
            String(validating: bytes, as: UTF8.self)?.unicodeScalars.count == 1
        }
        for _ in 0..<20_000 {
            var bytes = [UInt8](repeating: 0x61, count: next(21))
            for _ in 0..<next(12) { bytes.append(alphabet[next(alphabet.count)]) }
            let valid = String(validating: bytes, as: UTF8.self) != nil
            guard let offset = Self.offset(bytes) else {
                #expect(valid, "bytes \(bytes)")
                continue
            }
            #expect(!valid, "bytes \(bytes)")
            #expect(String(validating: bytes[..<offset], as: UTF8.self) != nil, "bytes \(bytes), offset \(offset)")
            let scalarStarts = (1...4).contains { length in offset + length <= bytes.count && isOneScalar(bytes[offset..<(offset + length)]) }
            #expect(!scalarStarts, "bytes \(bytes), offset \(offset)")
        }
    }

    static func blockOffset(_ bytes: [UInt8]) -> Int? {
        bytes.withUnsafeBufferPointer { UTF8Validation.firstInvalidOffset(inBlocksOf: $0) }
    }

    /// Every pair of bytes, and every lead of a three- or four-byte sequence followed by every
    /// second byte and a choice of later ones, placed across the end of the first sixteen-byte
    /// block and of the second, in ASCII and behind multi-byte text: the block validator finds
    /// the same first invalid byte as the byte-by-byte one.
    @Test func blocksAgreeWithBytesOnEverySequenceAcrossBlockEnds() {
        let prefixes: [[UInt8]] = [Array(repeating: 0x61, count: 40), Array(String(repeating: "é日", count: 8).utf8)]
        let later: [UInt8] = [0x41, 0x80, 0x8F, 0x90, 0xBF, 0xC0, 0xF4]
        var compared = 0
        for prefix in prefixes {
            for offset in [14, 15, 16, 30, 31] {
                var bytes = prefix + Array(repeating: 0x62, count: 40)
                for first in 0...255 {
                    for second in 0...255 {
                        bytes[offset] = UInt8(first)
                        bytes[offset + 1] = UInt8(second)
                        let thirds: [UInt8] = first >= 0xE0 ? later : [0x62]
                        for third in thirds {
                            bytes[offset + 2] = third
                            bytes[offset + 3] = first >= 0xF0 ? 0x80 : 0x62
                            let expected = Self.offset(bytes)
                            let found = Self.blockOffset(bytes)
                            if found != expected {
                                Issue.record("bytes \(bytes): blocks \(String(describing: found)), bytes \(String(describing: expected))")
                                return
                            }
                            compared += 1
                        }
                    }
                }
            }
        }
        #expect(compared > 1_000_000)
    }

    /// Valid text of every width of scalar (edge values included), 0 to 100 bytes, then with
    /// one or two bytes replaced, or cut short: both validators agree, and on the valid text
    /// neither finds anything.
    @Test func blocksAgreeWithBytesOnMutatedText() {
        let scalars: [Unicode.Scalar] = ["a", "~", "\u{80}", "é", "\u{7FF}", "\u{800}", "€", "日", "\u{D7FF}", "\u{E000}", "\u{FFFF}", "\u{10000}", "😀", "\u{10FFFF}"]
        let replacements: [UInt8] = [0x00, 0x41, 0x7F, 0x80, 0x9F, 0xA0, 0xBF, 0xC0, 0xC1, 0xC2, 0xDF, 0xE0, 0xED, 0xEF, 0xF0, 0xF4, 0xF5, 0xFF]
        var state: UInt64 = 0x2545_F491_4F6C_DD1D
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        for _ in 0..<20_000 {
            var bytes: [UInt8] = []
            let length = next(101)
            while bytes.count < length { bytes.append(contentsOf: String(scalars[next(scalars.count)]).utf8) }
            #expect(Self.blockOffset(bytes) == nil, "bytes \(bytes)")
            guard !bytes.isEmpty else { continue }
            switch next(3) {
            case 0: bytes[next(bytes.count)] = replacements[next(replacements.count)]
            case 1:
                bytes[next(bytes.count)] = replacements[next(replacements.count)]
                bytes[next(bytes.count)] = replacements[next(replacements.count)]
            default: bytes.removeLast(next(bytes.count) + 1)
            }
            #expect(Self.blockOffset(bytes) == Self.offset(bytes), "bytes \(bytes)")
        }
    }
}
