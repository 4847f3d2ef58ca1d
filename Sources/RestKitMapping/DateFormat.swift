public import Foundation
public import RestKitCore

/// A way of writing dates in API payloads, for reading and writing `Date` attributes.
///
/// Reading tries a list of formats in order (``MappingOptions/dateFormats``); the default list
/// covers ISO 8601 (with or without fractional seconds and offsets, or a plain date), epoch
/// seconds (number or numeric text), `MM/dd/yyyy`, `yyyy-MM-dd HH:mm:ss`, RFC 1123, RFC 850,
/// asctime and .NET's `/Date(1330601400000+0100)/`. Times are UTC unless the text says otherwise.
///
/// ```swift
/// DateFormat.rfc1123.date(from: .string("Sun, 06 Nov 1994 08:49:37 GMT"))
/// DateFormat.monthDayYear.string(from: date)   // "11/27/1982"
/// ```
public struct DateFormat: Sendable, CustomStringConvertible {
    private let name: String
    private let parse: @Sendable (Representation) -> Date?
    private let format: @Sendable (Date) -> Representation
    /// The instants (seconds since 1970) this format can write, when it cannot write every
    /// finite one; mappings refuse others with an error rather than write them.
    private var writableSeconds: ClosedRange<Double>?

    /// A format of your own.
    ///
    /// ```swift
    /// let compact = DateFormat(name: "yyyyMMdd", parse: { … }, format: { … })
    /// ```
    public init(
        name: String, parse: @escaping @Sendable (Representation) -> Date?, format: @escaping @Sendable (Date) -> Representation
    ) {
        self.name = name
        self.parse = parse
        self.format = format
    }

    /// The date in `value`, or `nil` when it is not in this format.
    public func date(from value: Representation) -> Date? { parse(value) }

    /// `date` written in this format. An instant the format cannot hold (see ``dotNet``) is
    /// written as `null`; mappings refuse it instead (``representation(of:keyPath:)``).
    public func representation(of date: Date) -> Representation {
        canWrite(date) ? format(date) : .null
    }

    /// `date` written in this format, or a `.typeMismatch` error at `keyPath` when the format
    /// cannot hold that instant (a .NET date past ±2^53 milliseconds, a non-finite instant).
    ///
    /// ```swift
    /// try DateFormat.dotNet.representation(of: Date(timeIntervalSince1970: 1e300), keyPath: "user.born")   // throws
    /// ```
    public func representation(of date: Date, keyPath: String) throws(MappingError) -> Representation {
        guard canWrite(date) else {
            let seconds = date.timeIntervalSince1970
            throw MappingError(
                .typeMismatch, "the \(name) format cannot hold the instant \(seconds) seconds since 1970", keyPath: keyPath,
                value: seconds.isFinite ? .double(seconds) : nil)
        }
        return format(date)
    }

    /// Whether this format can write `date`.
    public func canWrite(_ date: Date) -> Bool {
        let seconds = date.timeIntervalSince1970
        guard seconds.isFinite else { return false }
        return writableSeconds?.contains(seconds) ?? true
    }

    public var description: String { name }

    /// ISO 8601 (`2012-03-01T12:30:00Z`, `…00.250+01:00`, `2012-03-01`); writes fractional
    /// seconds only when there are some.
    public static let iso8601 = DateFormat(
        name: "ISO 8601",
        parse: { $0.stringValue.flatMap(ISO8601Dates.date(from:)) },
        format: { .string(ISO8601Dates.string(from: $0)) }
    )

    /// Seconds since 1970 as a finite number or numeric text (not `nan` or `inf`); writes a number.
    public static let epochSeconds = DateFormat(
        name: "epoch seconds",
        parse: { value in
            guard let seconds = value.doubleValue ?? value.stringValue.flatMap({ Double($0) }), seconds.isFinite else { return nil }
            return Date(timeIntervalSince1970: seconds)
        },
        format: { date in
            let seconds = date.timeIntervalSince1970
            return Int64(exactly: seconds).map(Representation.int) ?? .double(seconds)
        }
    )

    /// `MM/dd/yyyy` (`11/27/1982`), midnight UTC.
    public static let monthDayYear = pattern("MM/dd/yyyy", fields: [.month, .day, .year], separators: ["/", "/"])
    /// `yyyy-MM-dd HH:mm:ss` (`2011-02-02 07:53:08`), UTC.
    public static let dateTime = pattern(
        "yyyy-MM-dd HH:mm:ss", fields: [.year, .month, .day, .hour, .minute, .second], separators: ["-", "-", " ", ":", ":"])
    /// RFC 1123 (`Sun, 06 Nov 1994 08:49:37 GMT`), the HTTP date.
    public static let rfc1123 = DateFormat(
        name: "RFC 1123",
        parse: { $0.stringValue.flatMap(HTTPDates.rfc1123) },
        format: { .string(HTTPDates.rfc1123String($0)) }
    )
    /// RFC 850 (`Sunday, 06-Nov-94 08:49:37 GMT`).
    public static let rfc850 = DateFormat(
        name: "RFC 850", parse: { $0.stringValue.flatMap(HTTPDates.rfc850) }, format: { .string(HTTPDates.rfc1123String($0)) })
    /// C's asctime (`Sun Nov  6 08:49:37 1994`), UTC.
    public static let asctime = DateFormat(
        name: "asctime", parse: { $0.stringValue.flatMap(HTTPDates.asctime) }, format: { .string(HTTPDates.rfc1123String($0)) })
    /// .NET JSON dates (`/Date(1330601400000)/`, `/Date(1330601400000+0100)/`): milliseconds
    /// since 1970 within ±2^53 (about ±285,000 years, where a `Date` still holds every whole
    /// millisecond). Text past that range is not read as this format, and an instant past it
    /// cannot be written (``canWrite(_:)``).
    public static let dotNet: DateFormat = {
        var format = DateFormat(
            name: ".NET /Date()/",
            parse: { $0.stringValue.flatMap(HTTPDates.dotNet) },
            format: { date in
                // Within `writableSeconds` the milliseconds fit in an Int64.
                let milliseconds = (date.timeIntervalSince1970 * 1000).rounded()
                return .string("/Date(\(Int64(exactly: milliseconds) ?? 0))/")
            }
        )
        let limit = Double(HTTPDates.dotNetMillisecondLimit) / 1000
        format.writableSeconds = -limit ... limit
        return format
    }()

    /// The formats tried by default, in order.
    public static let defaults: [DateFormat] = [iso8601, epochSeconds, monthDayYear, dateTime, rfc1123, rfc850, asctime, dotNet]

    private enum Field { case year, month, day, hour, minute, second }

    /// Fixed-width numeric fields with single-character separators, UTC.
    private static func pattern(_ name: String, fields: [Field], separators: [Character]) -> DateFormat {
        DateFormat(
            name: name,
            parse: { value in
                guard let text = value.stringValue else { return nil }
                let parts = text.split(omittingEmptySubsequences: false) { separators.contains($0) }
                guard parts.count == fields.count else { return nil }
                var components = DateComponents()
                for (field, part) in zip(fields, parts) {
                    guard !part.isEmpty, part.count <= 4, let number = Int(part) else { return nil }
                    switch field {
                    case .year: components.year = number
                    case .month: components.month = number
                    case .day: components.day = number
                    case .hour: components.hour = number
                    case .minute: components.minute = number
                    case .second: components.second = number
                    }
                }
                return HTTPDates.date(from: components)
            },
            format: { date in
                let components = HTTPDates.utc.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
                var text = ""
                for (index, field) in fields.enumerated() {
                    if index > 0 { text.append(separators[index - 1]) }
                    let number: Int
                    switch field {
                    case .year: number = components.year ?? 0
                    case .month: number = components.month ?? 0
                    case .day: number = components.day ?? 0
                    case .hour: number = components.hour ?? 0
                    case .minute: number = components.minute ?? 0
                    case .second: number = components.second ?? 0
                    }
                    let digits = String(number)
                    let width = field == .year ? 4 : 2
                    text += String(repeating: "0", count: max(0, width - digits.count)) + digits
                }
                return .string(text)
            }
        )
    }
}
