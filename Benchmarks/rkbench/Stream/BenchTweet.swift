import Foundation
import RestKit

/// The small tweet model `stream-map` maps each element into.
///
/// ```swift
/// let tweet = try BenchTweet.mapping.map(element)
/// ```
struct BenchTweet {
    var id: Int64 = 0
    var text = ""
    var createdAt = Date.distantPast
    var retweetCount = 0
    var favorited = false
    var userID: Int64 = 0
    var screenName = ""

    static let mapping = ObjectMapping(BenchTweet.init) { tweet in
        tweet.map("id", to: \.id)
        tweet.map("text", to: \.text)
        tweet.map("created_at", to: \.createdAt, transform: .dates([twitterDate]))
        tweet.map("retweet_count", to: \.retweetCount)
        tweet.map("favorited", to: \.favorited)
        tweet.map("user.id", to: \.userID)
        tweet.map("user.screen_name", to: \.screenName)
    }

    /// Twitter's `Sun Aug 31 00:29:15 +0000 2014`, parsed by position (UTC offsets only).
    static let twitterDate = DateFormat(
        name: "twitter",
        parse: { value in value.stringValue.flatMap(parseTwitterDate) },
        format: { _ in .null })

    private static let monthNames: [UInt8] = Array("JanFebMarAprMayJunJulAugSepOctNovDec".utf8)

    private static func parseTwitterDate(_ text: String) -> Date? {
        let bytes = Array(text.utf8)
        guard bytes.count == 30, bytes[20] == UInt8(ascii: "+") || bytes[20] == UInt8(ascii: "-") else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for byte in bytes[range] {
                guard byte >= 0x30, byte <= 0x39 else { return nil }
                value = value * 10 + Int(byte - 0x30)
            }
            return value
        }
        // The month's three letters compared as bytes (a `String.range(of:)` here went through
        // Foundation's CFStringFind and took 7% of the whole stream-map run).
        guard let monthIndex = (0..<12).first(where: { monthNames[$0 * 3] == bytes[4] && monthNames[$0 * 3 + 1] == bytes[5] && monthNames[$0 * 3 + 2] == bytes[6] }),
              let day = number(8..<10), let hour = number(11..<13), let minute = number(14..<16),
              let second = number(17..<19), let offset = number(21..<25), let year = number(26..<30)
        else { return nil }
        let month = monthIndex + 1
        // Days from civil (Howard Hinnant's algorithm).
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        let days = era * 146_097 + dayOfEra - 719_468
        let sign = bytes[20] == UInt8(ascii: "-") ? -1 : 1
        let offsetSeconds = sign * ((offset / 100) * 3600 + (offset % 100) * 60)
        let seconds = days * 86_400 + hour * 3600 + minute * 60 + second - offsetSeconds
        return Date(timeIntervalSince1970: TimeInterval(seconds))
    }
}
