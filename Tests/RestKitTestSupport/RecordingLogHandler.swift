import Logging
import RestKitCore

/// A swift-log handler that keeps every entry, for tests that assert what a component logs
/// (and what it never logs).
///
/// ```swift
/// let log = LogRecording()
/// manager.configure { $0.logger = log.logger(level: .trace) }
/// _ = try await manager.getObjects(at: "/articles")
/// #expect(log.entries.map(\.message) == ["request started", "request finished"])
/// ```
public final class LogRecording: Sendable {
    /// One logged entry: level, message and metadata (the logger's merged with the call's).
    public struct Entry: Sendable, CustomStringConvertible {
        public var level: Logger.Level
        public var message: String
        public var metadata: [String: String]

        /// The entry as one line: `debug request finished http.response.status_code=200 …`.
        public var description: String {
            ([level.rawValue, message] + metadata.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" })
                .joined(separator: " ")
        }
    }

    private let recorded = LockedValue<[Entry]>([])

    public init() {}

    /// Every entry so far, in order.
    public var entries: [Entry] { recorded.withLock { $0 } }

    /// The entries whose message is `message`.
    public func entries(_ message: String) -> [Entry] { entries.filter { $0.message == message } }

    /// Every entry as text (message and metadata), for asserting what never appears.
    public var text: String { entries.map(\.description).joined(separator: "\n") }

    /// A logger writing into this recording at `level` and above.
    public func logger(label: String = "test", level: Logger.Level = .trace) -> Logger {
        var logger = Logger(label: label) { _ in Handler(recording: self) }
        logger.logLevel = level
        return logger
    }

    fileprivate func append(_ entry: Entry) {
        recorded.withLock { $0.append(entry) }
    }

    private struct Handler: LogHandler {
        let recording: LogRecording
        var metadata: Logger.Metadata = [:]
        var logLevel: Logger.Level = .trace

        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }

        func log(event: LogEvent) {
            var merged = metadata
            for (key, value) in event.metadata ?? [:] { merged[key] = value }
            recording.append(
                Entry(
                    level: event.level, message: "\(event.message)",
                    metadata: merged.mapValues { "\($0)" }))
        }
    }
}
