import Foundation

/// ISO 8601 reading (with or without fractional seconds, `Z` or an offset, or a plain date)
/// and writing (fractional seconds only when present), in UTC unless the text says otherwise.
enum ISO8601Dates {
    private static let withFraction = Date.ISO8601FormatStyle(includingFractionalSeconds: true)
    private static let withoutFraction = Date.ISO8601FormatStyle()
    private static let dateOnly = Date.ISO8601FormatStyle().year().month().day()

    /// The date in `text`, or `nil`.
    static func date(from text: String) -> Date? {
        if let date = try? withoutFraction.parse(text) { return date }
        if let date = try? withFraction.parse(text) { return date }
        // A plain date only when that is all there is (the style would accept a prefix).
        return text.utf8.count == 10 ? try? dateOnly.parse(text) : nil
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
}
