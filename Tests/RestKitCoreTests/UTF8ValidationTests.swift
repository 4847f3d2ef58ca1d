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
}
