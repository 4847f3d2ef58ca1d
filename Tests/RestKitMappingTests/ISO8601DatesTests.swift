import Foundation
import Testing

@testable import RestKitMapping

struct ISO8601DatesTests {
    /// The hand-written writer for whole seconds must agree with Foundation's ISO 8601 style
    /// everywhere it is used (1583–9999), and hand over to Foundation outside that range.
    @Test func wholeSecondsMatchFoundation() throws {
        let style = Date.ISO8601FormatStyle()
        var seconds: [Double] = [
            0, -1, 1, 86_399, 86_400, -86_400, -86_401, 951_782_400, 951_868_799, 1_330_605_000,
            -2_208_988_800, -2_203_891_200, -12_212_553_600, 253_402_300_799, 4_107_542_399, 1_709_164_800,
        ]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<20_000 {
            seconds.append(Double(Int64.random(in: -12_212_553_600...253_402_300_799, using: &generator)))
        }
        for value in seconds {
            let date = Date(timeIntervalSince1970: value)
            let fast = try #require(ISO8601Dates.wholeSecondsUTC(value), "no fast path for \(value)")
            #expect(fast == style.format(date), "\(value)")
            #expect(ISO8601Dates.string(from: date) == style.format(date))
            #expect(ISO8601Dates.date(from: fast) == date)
        }
        for outside in [-12_212_553_601.0, 253_402_300_800, 1e15, -1e15, .infinity, -.infinity, .nan] {
            #expect(ISO8601Dates.wholeSecondsUTC(outside) == nil, "\(outside)")
        }
        #expect(ISO8601Dates.string(from: Date(timeIntervalSince1970: 0.25)) == "1970-01-01T00:00:00.250Z")
        #expect(ISO8601Dates.string(from: Date(timeIntervalSince1970: -12_212_553_601)) == style.format(Date(timeIntervalSince1970: -12_212_553_601)))
    }
}
