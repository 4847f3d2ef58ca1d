import Foundation

/// Parsing of the HTTP date formats (RFC 9110 §5.6.7) and .NET JSON dates, in UTC.
enum HTTPDates {
    static let utc: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        return calendar
    }()

    private static let months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]
    private static let weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]

    /// A validated date from UTC components (`nil` for 31 February and the like).
    static func date(from components: DateComponents) -> Date? {
        guard let date = utc.date(from: components) else { return nil }
        let back = utc.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        guard back.year == components.year, back.month == components.month, back.day == components.day,
              back.hour == (components.hour ?? 0), back.minute == (components.minute ?? 0), back.second == (components.second ?? 0)
        else { return nil }
        return date
    }

    private static func month(_ text: Substring) -> Int? {
        months.firstIndex(of: text.lowercased()).map { $0 + 1 }
    }

    /// `HH:mm:ss` into components.
    private static func time(_ text: Substring, into components: inout DateComponents) -> Bool {
        let parts = text.split(separator: ":")
        guard parts.count == 3, let hour = Int(parts[0]), let minute = Int(parts[1]), let second = Int(parts[2]) else { return false }
        components.hour = hour
        components.minute = minute
        components.second = second
        return true
    }

    /// `Sun, 06 Nov 1994 08:49:37 GMT`.
    static func rfc1123(_ text: String) -> Date? {
        let parts = text.split(separator: " ")
        guard parts.count == 6, parts[0].hasSuffix(","), parts[5] == "GMT" || parts[5] == "UTC",
              let day = Int(parts[1]), let month = month(parts[2]), let year = Int(parts[3])
        else { return nil }
        var components = DateComponents(year: year, month: month, day: day)
        guard time(parts[4], into: &components) else { return nil }
        return date(from: components)
    }

    /// `Sunday, 06-Nov-94 08:49:37 GMT` (two-digit years: 70–99 are 19xx, else 20xx).
    static func rfc850(_ text: String) -> Date? {
        let parts = text.split(separator: " ")
        guard parts.count == 4, parts[0].hasSuffix(","), parts[3] == "GMT" else { return nil }
        let dayMonthYear = parts[1].split(separator: "-")
        guard dayMonthYear.count == 3, let day = Int(dayMonthYear[0]), let month = month(dayMonthYear[1]),
              let shortYear = Int(dayMonthYear[2])
        else { return nil }
        let year = dayMonthYear[2].count == 2 ? (shortYear >= 70 ? 1900 + shortYear : 2000 + shortYear) : shortYear
        var components = DateComponents(year: year, month: month, day: day)
        guard time(parts[2], into: &components) else { return nil }
        return date(from: components)
    }

    /// `Sun Nov  6 08:49:37 1994`.
    static func asctime(_ text: String) -> Date? {
        let parts = text.split(separator: " ")
        guard parts.count == 5, weekdays.contains(String(parts[0])), let month = month(parts[1]),
              let day = Int(parts[2]), let year = Int(parts[4])
        else { return nil }
        var components = DateComponents(year: year, month: month, day: day)
        guard time(parts[3], into: &components) else { return nil }
        return date(from: components)
    }

    /// `/Date(1330601400000)/` or `/Date(1330601400000+0100)/` (the offset only says which
    /// zone the writer was in; the milliseconds are already UTC).
    static func dotNet(_ text: String) -> Date? {
        guard text.hasPrefix("/Date("), text.hasSuffix(")/") else { return nil }
        var body = text.dropFirst(6).dropLast(2)
        if let sign = body.dropFirst().lastIndex(where: { $0 == "+" || $0 == "-" }) {
            let offset = body[body.index(after: sign)...]
            guard offset.count == 4, offset.allSatisfy(\.isNumber) else { return nil }
            body = body[..<sign]
        }
        guard let milliseconds = Int64(body), milliseconds.magnitude <= dotNetMillisecondLimit else { return nil }
        return Date(timeIntervalSince1970: Double(milliseconds) / 1000)
    }

    /// The largest magnitude of a .NET date's milliseconds, 2^53: past it a `Double`
    /// no longer holds every whole number (so a date could not be written back as it was read).
    static let dotNetMillisecondLimit: UInt64 = 1 << 53

    /// `Sun, 06 Nov 1994 08:49:37 GMT`.
    static func rfc1123String(_ date: Date) -> String {
        let components = utc.dateComponents([.year, .month, .day, .hour, .minute, .second, .weekday], from: date)
        func two(_ number: Int?) -> String {
            let text = String(number ?? 0)
            return text.count < 2 ? "0" + text : text
        }
        let weekday = weekdays[((components.weekday ?? 1) - 1 + 7) % 7]
        let month = months[((components.month ?? 1) - 1 + 12) % 12].capitalized
        return "\(weekday), \(two(components.day)) \(month) \(components.year ?? 1970) \(two(components.hour)):\(two(components.minute)):\(two(components.second)) GMT"
    }
}
