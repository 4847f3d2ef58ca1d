import Foundation
import FuzzSupport
import RestKitCore
import RestKitDefaults
import RestKitMapping

/// Every core target this executable serves.
let coreTargets: [FuzzTarget] = [
    FuzzTarget(
        name: "mediatype", summary: "MediaType parsing (and its printed form read back), patterns, Registry.default lookups",
        dictionary: "mediatype", seeds: { mediaTypeSeeds }, check: checkMediaType),
    FuzzTarget(
        name: "dates", summary: "every DateFormat reads the text (and number); a date read is written and read back",
        dictionary: "dates", seeds: { dateSeeds }, check: checkDates),
]

/// Content types with suffixes, parameters, quoting, wildcards, and broken ones.
let mediaTypeSeeds: [[UInt8]] = [
    "application/vnd.api+json; charset=utf-8", "text/*", "*/*", "multipart/form-data; boundary=\"a b;c\"",
    "application/xml;q=0.9;level=1", "TEXT/HTML ; Charset=\"UTF-8\"", "a/b+c+json", "application/", "/json", "x/y; k=\"\\\"\"",
].map { Array($0.utf8) }

/// One line of each supported date format, plus edge cases.
let dateSeeds: [[UInt8]] = [
    "2012-03-01T12:30:00Z", "2012-03-01T12:30:00.250+01:00", "2012-03-01", "1330601400", "-1.5e3", "11/27/1982",
    "2011-02-02 07:53:08", "Sun, 06 Nov 1994 08:49:37 GMT", "Sunday, 06-Nov-94 08:49:37 GMT", "Sun Nov  6 08:49:37 1994",
    "/Date(1330601400000)/", "/Date(1330601400000+0100)/", "9999-12-31T23:59:60Z", "0000-01-01T00:00:00-23:59", "1e308",
].map { Array($0.utf8) }

/// The media type parses or throws; a parsed one prints as text that parses to the same
/// value; patterns built from the text match or not without crashing; the default registry
/// finds a parser and serializer or says why not.
private func checkMediaType(_ bytes: [UInt8]) {
    let text = String(decoding: bytes, as: UTF8.self)
    let pattern = MediaTypePattern(stringLiteral: text)
    _ = Registry.default.mediaType(forPath: text)
    guard let mediaType = try? MediaType(text) else { return }
    let printed = mediaType.description
    let reread: MediaType
    do { reread = try MediaType(printed) } catch {
        FuzzCheck.mismatch("a parsed media type prints as text that does not parse: \(printed.debugDescription): \(error)", input: bytes)
    }
    if reread != mediaType {
        FuzzCheck.mismatch("a parsed media type reads back different: \(mediaType) → \(printed.debugDescription) → \(reread)", input: bytes)
    }
    _ = pattern.matches(mediaType)
    _ = mediaType.matches(.json, followingSuffix: true)
    _ = MediaType.json.matches(mediaType, followingSuffix: true)
    _ = try? Registry.default.parser(for: mediaType)
    _ = try? Registry.default.serializer(for: mediaType)
}

/// The format a date written by `format` is read back with: RFC 850 and asctime write RFC 1123.
private func reader(for format: DateFormat) -> DateFormat {
    switch format.description {
    case DateFormat.rfc850.description, DateFormat.asctime.description: .rfc1123
    default: format
    }
}

/// A loose shape check for text an ISO 8601 reader accepted: only digits, letters, `-`, `:`,
/// `.`, `+`, `,` and at most one `T` separating the date and the time (trailing garbage after a
/// valid prefix fails it).
private func looksLikeISO8601(_ text: String) -> Bool {
    let allowed = Set("0123456789-:.+,TZtzW")
    return text.allSatisfy { allowed.contains($0) } && text.filter { $0 == "T" || $0 == "t" }.count <= 1
}

/// Every format reads the text (and its number, for epoch seconds); a date one reads is
/// written by that format and read back to the same instant (to the millisecond, or to a
/// Double's precision for far-off dates).
private func checkDates(_ bytes: [UInt8]) {
    let text = String(decoding: bytes, as: UTF8.self)
    var values: [Representation] = [.string(text)]
    if let number = Double(text), number.isFinite { values.append(.double(number)) }
    for format in DateFormat.defaults {
        for value in values {
            guard let date = format.date(from: value) else { continue }
            // Rule: every format can write what it reads (other formats' dates may be past
            // what it holds, which mappings refuse with an error: `canWrite`).
            guard format.canWrite(date) else {
                FuzzCheck.mismatch("\(format) read \(value) as \(date.timeIntervalSince1970), which it cannot write", input: bytes)
            }
            let written = format.representation(of: date)
            guard let again = reader(for: format).date(from: written) else {
                FuzzCheck.mismatch("\(format) read \(value) as \(date.timeIntervalSince1970) but cannot read back what it wrote: \(written)", input: bytes)
            }
            if format.description == DateFormat.iso8601.description, let text = value.stringValue, !looksLikeISO8601(text) {
                FuzzCheck.mismatch("ISO 8601 read \(text.debugDescription), which is not ISO 8601 text, as \(date.timeIntervalSince1970)", input: bytes)
            }
            // Writers keep milliseconds and may truncate (0.2 s is written `.199`): 1.1 ms slack.
            let seconds = date.timeIntervalSince1970
            if abs(again.timeIntervalSince1970 - seconds) > max(0.0011, abs(seconds) * 1e-15) {
                FuzzCheck.mismatch(
                    "\(format) read \(value) as \(seconds), wrote \(written), read back \(again.timeIntervalSince1970)", input: bytes)
            }
        }
    }
}
