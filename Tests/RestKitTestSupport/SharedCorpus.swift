import Foundation

/// Finds the shared corpora (`../shared` beside the package) for tests that use them.
///
/// Tests that need a corpus call ``directory(_:)`` and, when it returns `nil`, record a
/// skip with ``missingMessage(_:)`` so `make test` passes on a machine without `../shared`.
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

    /// The skip message for a missing folder.
    public static func missingMessage(_ relativePath: String) -> String {
        "skipped: \(root.appendingPathComponent(relativePath).path) is absent (the shared corpora are not beside the package)"
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
