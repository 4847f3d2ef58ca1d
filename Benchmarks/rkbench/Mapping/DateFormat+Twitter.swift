import Foundation
import RestKit

extension DateFormat {
    /// Twitter's `created_at` format (`Sun Aug 31 00:29:15 +0000 2014`), read with
    /// ``TwitterDate``; writes UTC.
    ///
    /// ```swift
    /// DateFormat.twitter.date(from: .string("Sun Aug 31 00:29:15 +0000 2014"))
    /// ```
    static let twitter = DateFormat(
        name: "Twitter",
        parse: { $0.stringValue.flatMap(TwitterDate.date(from:)) },
        format: { .string(TwitterDate.string(from: $0)) }
    )
}

extension Transform where Value == Date {
    /// Reads Twitter's `created_at` format, writes ISO 8601 (what the serialize benchmark
    /// asks of both the inverse mapping and `JSONEncoder`).
    ///
    /// ```swift
    /// status.map("created_at", to: \.createdAt, transform: .twitterInISO8601Out)
    /// ```
    static let twitterInISO8601Out = Transform<Date>(
        read: { value, context throws(MappingError) in
            guard let date = DateFormat.twitter.date(from: value) else {
                throw MappingError.cannotConvert(value, to: Date.self, context: context)
            }
            return date
        },
        write: { date, _ in DateFormat.iso8601.representation(of: date) }
    )
}
