import Foundation

/// Finds the shared corpora (`../shared` beside the package) for tests that use them.
///
/// Tests that need a corpus are gated with `.enabled(if:)` on ``directory(_:)`` and carry
/// ``missingMessage(_:)`` as the trait's comment, so that on a machine without `../shared`
/// `make test` passes and lists each of them as skipped, saying which corpus is missing and
/// where it was looked for. Inside a gated test, get the folder with `try #require`: never
/// return early, which would pass without testing anything.
///
/// ```swift
/// @Test(.enabled(if: SharedCorpus.directory("corpora/json") != nil, Comment(rawValue: SharedCorpus.missingMessage("corpora/json"))))
/// func parsesCorpus() throws { … }
/// ```
public enum SharedCorpus {
    /// The package root, derived from this file's path.
    public static let packageRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // RestKitTestSupport
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()  // package root

    /// `../shared`, or `$RESTKIT_SHARED` when set.
    public static let root: URL = {
        if let override = ProcessInfo.processInfo.environment["RESTKIT_SHARED"], !override.isEmpty {
            return URL(fileURLWithPath: override)
        }
        return packageRoot.deletingLastPathComponent().appendingPathComponent("shared")
    }()

    /// The folder `relativePath` under the shared root when it exists.
    public static func directory(_ relativePath: String) -> URL? {
        let url = root.appendingPathComponent(relativePath)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            return nil
        }
        return url
    }

    /// The skip comment for a missing folder: `corpus not found at PATH (…)` (Swift Testing
    /// prints it after "skipped:").
    ///
    /// ```swift
    /// SharedCorpus.missingMessage("corpora/json")
    /// // corpus not found at /work/shared/corpora/json (put the shared corpora beside the package, or set RESTKIT_SHARED)
    /// ```
    public static func missingMessage(_ relativePath: String) -> String {
        "corpus not found at \(root.appendingPathComponent(relativePath).path)"
            + " (put the shared corpora beside the package, or set RESTKIT_SHARED)"
    }

    /// Files in `relativePath` whose names satisfy `include`, sorted by name; empty when absent.
    public static func files(in relativePath: String, where include: (String) -> Bool = { _ in true }) -> [URL] {
        guard let directory = directory(relativePath),
              let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path)
        else { return [] }
        return names.filter(include).sorted().map { directory.appendingPathComponent($0) }
    }

    /// The bytes of a file.
    public static func bytes(of url: URL) throws -> [UInt8] {
        Array(try Data(contentsOf: url))
    }
}
