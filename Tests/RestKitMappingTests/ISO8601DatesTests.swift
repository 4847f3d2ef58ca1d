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

    /// The hand-written reader must give Foundation's date for every text it accepts, and
    /// leave everything else to Foundation.
    @Test func readingWholeSecondsMatchesFoundation() throws {
        let style = Date.ISO8601FormatStyle()
        var generator = SystemRandomNumberGenerator()
        var texts = [
            "2012-03-01T12:30:00Z", "1970-01-01T00:00:00Z", "2000-02-29T23:59:59Z", "1583-01-01T00:00:00Z", "9999-12-31T23:59:59Z",
            "2012-03-01T12:30:00+01:00", "2012-03-01T00:30:00-09:30", "2012-03-01T12:30:00+18:00", "2012-03-01T12:30:00-18:00",
        ]
        for _ in 0..<20_000 {
            let seconds = Double(Int64.random(in: -12_212_553_600...253_402_300_799, using: &generator))
            let utc = style.format(Date(timeIntervalSince1970: seconds))
            texts.append(utc)
            let minutes = Int.random(in: -(18 * 60)...(18 * 60), using: &generator)
            let sign = minutes < 0 ? "-" : "+"
            let offset = String(format: "%@%02d:%02d", sign, abs(minutes) / 60, abs(minutes) % 60)
            texts.append(String(utc.dropLast()) + offset)
        }
        for text in texts {
            let fast = try #require(ISO8601Dates.wholeSeconds(text), "no fast path for \(text)")
            #expect(Date(timeIntervalSince1970: fast) == (try? style.parse(text)), "\(text)")
        }
        // Shapes and values the fast path leaves to Foundation (whatever Foundation decides).
        for text in [
            "2012-02-30T00:00:00Z", "2013-02-29T00:00:00Z", "2012-13-01T00:00:00Z", "2012-00-01T00:00:00Z", "2012-01-00T00:00:00Z",
            "2012-01-01T24:00:00Z", "2012-01-01T00:60:00Z", "2012-01-01T00:00:60Z", "1582-12-31T00:00:00Z",
            "2012-01-01T00:00:00.250Z", "2012-01-01t00:00:00Z", "2012-01-01T00:00:00z", "2012-01-01T00:00:00+0100",
            "2012-01-01T00:00:00+24:00", "2012-01-01T00:00:00+18:01", "2012-01-01T00:00:00-23:59", "2012-01-01T00:00:00+01:60", "2012-01-01 00:00:00Z", "2012-01-01", "+2012-01-01T00:00:00Z",
            "2012-01-01T00:00:0AZ", "", "2012-01-01T00:00:00Z ",
        ] {
            #expect(ISO8601Dates.wholeSeconds(text) == nil, "\(text)")
            #expect(ISO8601Dates.date(from: text) == ISO8601Dates.foundationDate(from: text), "\(text)")
        }
    }

    /// A fuzzing finding: `9999-12-31T23:59:60Z` (a leap second) was read as
    /// 10000-01-01T00:00:00Z and written back as `10000-01-01T00:00:00Z`, which no reader here
    /// accepts. Instants beyond four-digit years are refused; the edges still read and round trip.
    @Test func instantsOutsideFourDigitYearsAreRefused() throws {
        for text in ["9999-12-31T23:59:60Z", "9999-12-31T23:59:59-01:00", "9999-12-31T23:30:00-00:30", "0000-01-01T00:00:00+01:00"] {
            #expect(ISO8601Dates.date(from: text) == nil, "\(text)")
            #expect(DateFormat.iso8601.date(from: .string(text)) == nil, "\(text)")
        }
        for text in ["9999-12-31T23:59:59Z", "9999-12-31T23:59:59.999Z", "9999-12-31T23:59:59+01:00", "0000-01-01T00:00:00Z", "0001-01-01T00:00:00+01:00"] {
            let date = try #require(ISO8601Dates.date(from: text), "\(text)")
            let written = ISO8601Dates.string(from: date)
            let again = try #require(ISO8601Dates.date(from: written), "\(text) → \(written)")
            #expect(abs(again.timeIntervalSince1970 - date.timeIntervalSince1970) < 0.0011, "\(text) → \(written)")
        }
    }

    /// A fuzzing finding: Foundation reads the valid prefix of any text, so trailing text made
    /// a date (`…Zjunk` was 12:30:00Z). Failed before the shape check.
    @Test func trailingTextIsNotADate() {
        for text in [
            "2012-03-01T12:30:00Zjunk", "2012-03-01T12:30:00.250Zjunk", "2012-03-01T12:30:00+01:00x", "2012-03-01T12:30:00 ",
            "0000-01-01T00:00:00-13\u{FF}\u{FF}:59", "2012-03-01x", "2012-03-01T12:30:00.Z", "2012-03-01T12:30:00+1",
        ] {
            #expect(ISO8601Dates.date(from: text) == nil, "\(text)")
            #expect(DateFormat.iso8601.date(from: .string(text)) == nil, "\(text)")
        }
        for text in ["2012-03-01", "2012-03-01T12:30:00Z", "2012-03-01T12:30:00.250Z", "2012-03-01T12:30:00.5+01:00", "2012-03-01T12:30:00+0100"] {
            #expect(ISO8601Dates.hasISO8601Shape(text), "\(text)")
            #expect(ISO8601Dates.date(from: text) != nil, "\(text)")
        }
    }
}
