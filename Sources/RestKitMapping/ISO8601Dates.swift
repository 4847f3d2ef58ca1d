import Foundation

/// ISO 8601 reading (with or without fractional seconds, `Z` or an offset, or a plain date)
/// and writing (fractional seconds only when present), in UTC unless the text says otherwise.
enum ISO8601Dates {
    private static let withFraction = Date.ISO8601FormatStyle(includingFractionalSeconds: true)
    private static let withoutFraction = Date.ISO8601FormatStyle()
    private static let dateOnly = Date.ISO8601FormatStyle().year().month().day()

    /// The date in `text`, or `nil`: also for an instant outside ``writableSeconds``.
    static func date(from text: String) -> Date? {
        guard let date = wholeSeconds(text).map(Date.init(timeIntervalSince1970:)) ?? foundationDate(from: text),
            writableSeconds.contains(date.timeIntervalSince1970)
        else { return nil }
        return date
    }

    /// The instants whose UTC text has a four-digit year, from 0000-01-01T00:00:00Z (in
    /// Foundation's calendar, Julian before 1582) up to 10000-01-01T00:00:00Z. Text with an
    /// offset can name an instant outside (`9999-12-31T23:59:59-01:00` is in the year 10000 in
    /// UTC), which would be written back as text no ISO 8601 reader here accepts: such text is
    /// refused when read (a fuzzing finding: `9999-12-31T23:59:60Z` was read, then written as
    /// `10000-01-01T00:00:00Z`).
    static let writableSeconds: Range<Double> = -62_167_392_000 ..< 253_402_300_800

    /// The date in `text` by Foundation's ISO 8601 styles, for text of an ISO 8601 shape only:
    /// Foundation reads the valid prefix of anything (`2012-03-01T12:30:00Zjunk` would be
    /// 12:30:00Z, a fuzzing finding), so trailing text is refused here first.
    static func foundationDate(from text: String) -> Date? {
        guard hasISO8601Shape(text) else { return nil }
        if let date = try? withoutFraction.parse(text) { return date }
        if let date = try? withFraction.parse(text) { return date }
        // A plain date only when that is all there is (the style would accept a prefix).
        return text.utf8.count == 10 ? try? dateOnly.parse(text) : nil
    }

    /// Whether `text` is, as a whole, `yyyy-MM-dd` or `yyyy-MM-ddTHH:mm:ss`, then optionally `.`
    /// and digits, then optionally `Z` or `±HH:MM` / `±HHMM` (`T` and `Z` in either case).
    static func hasISO8601Shape(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        func isDigit(_ index: Int) -> Bool { index < bytes.count && bytes[index] >= 0x30 && bytes[index] <= 0x39 }
        func digits(_ range: Range<Int>) -> Bool { range.allSatisfy(isDigit) }
        func byte(_ index: Int, _ expected: UInt8...) -> Bool { index < bytes.count && expected.contains(bytes[index]) }
        guard bytes.count >= 10, digits(0..<4), byte(4, 0x2D), digits(5..<7), byte(7, 0x2D), digits(8..<10) else { return false }
        if bytes.count == 10 { return true }
        guard bytes.count >= 19, byte(10, 0x54, 0x74), digits(11..<13), byte(13, 0x3A), digits(14..<16), byte(16, 0x3A), digits(17..<19)
        else { return false }
        var index = 19
        if byte(index, 0x2E) {
            index += 1
            let start = index
            while isDigit(index) { index += 1 }
            guard index > start else { return false }
        }
        if index == bytes.count { return true }
        if byte(index, 0x5A, 0x7A) { return index + 1 == bytes.count }
        guard byte(index, 0x2B, 0x2D), digits((index + 1)..<(index + 3)) else { return false }
        index += 3
        if byte(index, 0x3A) { index += 1 }
        return digits(index..<(index + 2)) && index + 2 == bytes.count
    }

    /// `2012-03-01T12:30:00Z`, or `2012-03-01T12:30:00.250Z` when there are fractional seconds.
    static func string(from date: Date) -> String {
        let seconds = date.timeIntervalSince1970
        guard seconds == seconds.rounded() else { return withFraction.format(date) }
        return wholeSecondsUTC(seconds) ?? withoutFraction.format(date)
    }

    /// The first and last second written without Foundation: 1583-01-01T00:00:00Z (the first
    /// whole year of the Gregorian calendar, which Foundation uses before it too) through
    /// 9999-12-31T23:59:59Z.
    private static let fastRange: ClosedRange<Double> = -12_212_553_600 ... 253_402_300_799

    /// `yyyy-MM-ddTHH:mm:ssZ` for whole seconds in ``fastRange`` (the days-to-civil algorithm
    /// of Howard Hinnant's `chrono` date library), else `nil`. About twenty times cheaper than
    /// `Date.ISO8601FormatStyle`; the output is the same.
    static func wholeSecondsUTC(_ seconds: Double) -> String? {
        guard fastRange.contains(seconds) else { return nil }
        let total = Int(seconds)
        let days = total >= 0 ? total / 86_400 : (total - 86_399) / 86_400
        let secondOfDay = total - days * 86_400
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        return String(unsafeUninitializedCapacity: 20) { buffer in
            func put(_ value: Int, digits: Int, at offset: Int) {
                var value = value
                for position in stride(from: offset + digits - 1, through: offset, by: -1) {
                    buffer[position] = UInt8(ascii: "0") + UInt8(value % 10)
                    value /= 10
                }
            }
            put(year, digits: 4, at: 0)
            buffer[4] = UInt8(ascii: "-")
            put(month, digits: 2, at: 5)
            buffer[7] = UInt8(ascii: "-")
            put(day, digits: 2, at: 8)
            buffer[10] = UInt8(ascii: "T")
            put(secondOfDay / 3600, digits: 2, at: 11)
            buffer[13] = UInt8(ascii: ":")
            put(secondOfDay / 60 % 60, digits: 2, at: 14)
            buffer[16] = UInt8(ascii: ":")
            put(secondOfDay % 60, digits: 2, at: 17)
            buffer[19] = UInt8(ascii: "Z")
            return 20
        }
    }

    /// The seconds since 1970 of `yyyy-MM-ddTHH:mm:ss` followed by `Z` or `±HH:MM`, read
    /// without Foundation (days from the civil date by Howard Hinnant's algorithm), for valid
    /// dates in ``fastRange``'s years (1583 through 9999) with hours 0–23, minutes and seconds
    /// 0–59 and offsets up to ±18:00 (Foundation's time zone limit); `nil` for anything else (fractional seconds, other
    /// shapes, out-of-range fields), which Foundation then reads as before. Foundation gives
    /// the same result for every text this accepts (checked by a differential test).
    static func wholeSeconds(_ text: String) -> Double? {
        var text = text
        return text.withUTF8 { bytes -> Double? in
            guard bytes.count == 20 || bytes.count == 25 else { return nil }
            func digits(_ offset: Int, _ count: Int) -> Int? {
                var value = 0
                for index in offset..<(offset + count) {
                    let digit = Int(bytes[index]) - 48
                    guard digit >= 0, digit <= 9 else { return nil }
                    value = value * 10 + digit
                }
                return value
            }
            guard bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"), bytes[10] == UInt8(ascii: "T"),
                bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":"),
                let year = digits(0, 4), let month = digits(5, 2), let day = digits(8, 2),
                let hour = digits(11, 2), let minute = digits(14, 2), let second = digits(17, 2),
                year >= 1583, (1...12).contains(month), hour <= 23, minute <= 59, second <= 59
            else { return nil }
            let isLeap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
            let monthDays = [31, isLeap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
            guard day >= 1, day <= monthDays[month - 1] else { return nil }
            var offset = 0
            if bytes.count == 20 {
                guard bytes[19] == UInt8(ascii: "Z") else { return nil }
            } else {
                let sign = bytes[19]
                guard sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-"), bytes[22] == UInt8(ascii: ":"),
                    let offsetHours = digits(20, 2), let offsetMinutes = digits(23, 2), offsetMinutes <= 59, offsetHours * 60 + offsetMinutes <= 18 * 60
                else { return nil }
                offset = (offsetHours * 3600 + offsetMinutes * 60) * (sign == UInt8(ascii: "+") ? 1 : -1)
            }
            // Days from 1970-01-01 (Hinnant's days_from_civil).
            let shiftedYear = month <= 2 ? year - 1 : year
            let era = shiftedYear / 400
            let yearOfEra = shiftedYear - era * 400
            let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
            let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
            let days = era * 146_097 + dayOfEra - 719_468
            return Double(days * 86_400 + hour * 3600 + minute * 60 + second - offset)
        }
    }
}
