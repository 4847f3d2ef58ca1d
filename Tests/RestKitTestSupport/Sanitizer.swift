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
}
