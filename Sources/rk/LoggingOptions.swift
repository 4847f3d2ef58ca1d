import ArgumentParser
import Logging

/// `-v` / `--verbose`, shared by the commands that talk to a server or a store: RestKit's log
/// entries on stderr (swift-log's `StreamLogHandler`). Never header values, query strings or
/// bodies: only methods, paths, statuses, sizes, durations and counts.
///
/// ```
/// rk get -v http://127.0.0.1:8080/articles
/// 2026-11-27T12:00:00+0000 debug rk: http.request.method=GET rk.request.id=1 url.path=/articles [rk] request started
/// ```
struct LoggingOptions: ParsableArguments {
    @Flag(
        name: .shortAndLong,
        help: ArgumentHelp(
            "Log to stderr: requests (method, path, status, bytes, duration), redirects, store writes (counts, duration). -vv adds trace entries."
        ))
    var verbose: Int

    /// A logger writing to stderr at `debug` (`-v`) or `trace` (`-vv`); silent without `-v`.
    var logger: Logger {
        guard verbose > 0 else { return Logger(label: "rk") { _ in SwiftLogNoOpLogHandler() } }
        var logger = Logger(label: "rk") { label in StreamLogHandler.standardError(label: label) }
        logger.logLevel = verbose > 1 ? .trace : .debug
        return logger
    }
}
