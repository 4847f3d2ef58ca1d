import Foundation

/// The sanitizer `make sanitize` runs the tests under (README, "Sanitizers"): the Makefile sets
/// `RESTKIT_SANITIZER` to `address` (AddressSanitizer and UndefinedBehaviorSanitizer) or
/// `thread`; `nil` in ordinary runs. A check that the sanitizer's own overhead breaks (shadow
/// memory and quarantine raise resident memory) is skipped under a sanitizer, and only that
/// check: the rest of its test still runs. Today: the resident-memory bounds of
/// `FormCommandTests` (rk's peak) and `BodyTests` (the test process's growth).
public enum Sanitizer {
    public static let running: String? = {
        guard let name = ProcessInfo.processInfo.environment["RESTKIT_SANITIZER"], !name.isEmpty else { return nil }
        return name
    }()

    /// Whether LeakSanitizer checks this run (`address`). Tests in which a server answers a
    /// large upload with a status of 300 or more before reading it are left out then: after
    /// such an answer AsyncHTTPClient never resumes its request-body task, so the task and
    /// what it holds (the connection's handler, the request, a body chunk) stay until exit,
    /// which LeakSanitizer reports (`AsyncHTTPClientEarlyAnswerTests` shows it with
    /// AsyncHTTPClient alone; `make test` runs those tests).
    public static var checksLeaks: Bool { running == "address" }
}
