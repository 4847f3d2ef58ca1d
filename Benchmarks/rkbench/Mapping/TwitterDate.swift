import Foundation

/// Twitter's `created_at` format, `Sun Aug 31 00:29:15 +0000 2014` (C's
/// `"%a %b %d %H:%M:%S %z %Y"`), read and written by hand from its fixed-width fields.
///
/// The map benchmarks use this one function for every subject and baseline (a custom
/// ``DateFormat`` for the mapping, `.custom` strategies for `JSONDecoder` and the Codable
/// bridge), so all of them pay the same for dates and the comparison measures the rest.
/// The benchmark setup checks it once against a `DateFormatter`.
///
/// ```swift
/// TwitterDate.date(from: "Sun Aug 31 00:29:15 +0000 2014")?.timeIntervalSince1970  // 1409444955
/// TwitterDate.string(from: Date(timeIntervalSince1970: 1409444955))  // "Sun Aug 31 00:29:15 +0000 2014"
/// ```
enum TwitterDate {
    private static let months: [[UInt8]] = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        .map { Array($0.utf8) }
    private static let weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]

    /// The date in `text`, or `nil` when it is not exactly in Twitter's format.
    static func date(from text: String) -> Date? {
        var text = text
        return text.withUTF8(date(from:))
    }

    /// The date in UTF-8 `bytes`, or `nil` when they are not exactly in Twitter's format.
    static func date(from bytes: UnsafeBufferPointer<UInt8>) -> Date? {
        guard bytes.count == 30, bytes[3] == 0x20, bytes[7] == 0x20, bytes[10] == 0x20, bytes[13] == 0x3A,
              bytes[16] == 0x3A, bytes[19] == 0x20, bytes[25] == 0x20,
              let monthIndex = months.firstIndex(where: { $0[0] == bytes[4] && $0[1] == bytes[5] && $0[2] == bytes[6] }),
              let day = number(bytes, 8, 2), let hour = number(bytes, 11, 2), let minute = number(bytes, 14, 2),
              let second = number(bytes, 17, 2), let offset = number(bytes, 21, 4), let year = number(bytes, 26, 4),
              (1...31).contains(day), hour < 24, minute < 60, second < 61, offset % 100 < 60
        else { return nil }
        let sign: Int
        switch bytes[20] {
        case 0x2B: sign = 1
        case 0x2D: sign = -1
        default: return nil
        }
        let days = daysFromCivil(year: year, month: monthIndex + 1, day: day)
        let offsetSeconds = sign * ((offset / 100) * 3_600 + (offset % 100) * 60)
        let seconds = days * 86_400 + hour * 3_600 + minute * 60 + second - offsetSeconds
        return Date(timeIntervalSince1970: TimeInterval(seconds))
    }

    /// `date` in Twitter's format, in UTC (`+0000`), whole seconds.
    static func string(from date: Date) -> String {
        let total = Int(date.timeIntervalSince1970.rounded(.down))
        let days = total >= 0 ? total / 86_400 : (total - 86_399) / 86_400
        let secondOfDay = total - days * 86_400
        let (year, month, day) = civil(fromDays: days)
        let weekday = ((days % 7) + 11) % 7  // 1970-01-01 was a Thursday
        let monthName = String(decoding: months[month - 1], as: UTF8.self)
        return "\(weekdays[weekday]) \(monthName) \(two(day)) \(two(secondOfDay / 3_600)):\(two(secondOfDay / 60 % 60)):"
            + "\(two(secondOfDay % 60)) +0000 \(year)"
    }

    private static func two(_ value: Int) -> String {
        value < 10 ? "0\(value)" : String(value)
    }

    /// The decimal number in `count` digits at `start`, or `nil` if one is not a digit.
    private static func number(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ count: Int) -> Int? {
        var value = 0
        for offset in start..<(start + count) {
            let digit = Int(bytes[offset]) - 0x30
            guard (0...9).contains(digit) else { return nil }
            value = value * 10 + digit
        }
        return value
    }

    /// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's `days_from_civil`).
    private static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The inverse of ``daysFromCivil(year:month:day:)``.
    private static func civil(fromDays days: Int) -> (year: Int, month: Int, day: Int) {
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}
