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
        return seconds == seconds.rounded() ? withoutFraction.format(date) : withFraction.format(date)
    }
}
