import Foundation

/// Chooses the corpus for a run from the command-line options.
///
/// 1. `--generated`: the embedded generated documents.
/// 2. `--corpus DIR`: that folder; an error if it is missing or has no `json/`/`xml/`.
/// 3. Otherwise `../shared/corpora` relative to the current directory, then relative to
///    the package root; if neither exists, the generated documents.
///
/// ```swift
/// let corpus = try CorpusLocator(explicitPath: nil, forceGenerated: false).load()
/// ```
struct CorpusLocator {
    /// `--corpus`, if given.
    let explicitPath: String?
    /// `--generated`.
    let forceGenerated: Bool

    /// The package root, derived from this source file's path
    /// (`<root>/Benchmarks/rkbench/Corpus/CorpusLocator.swift`).
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // Corpus
        .deletingLastPathComponent()  // rkbench
        .deletingLastPathComponent()  // Benchmarks
        .deletingLastPathComponent()  // package root

    /// Loads the chosen corpus.
    ///
    /// - Throws: ``CorpusError`` for a bad `--corpus`.
    func load() throws -> Corpus {
        if forceGenerated { return Corpus.generated() }
        if let explicitPath {
            return try Corpus(directory: URL(fileURLWithPath: explicitPath))
        }
        let current = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        let candidates = [current, Self.packageRoot].map {
            $0.deletingLastPathComponent().appendingPathComponent("shared/corpora")
        }
        for candidate in candidates {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: candidate.path, isDirectory: &isDirectory), isDirectory.boolValue {
                return try Corpus(directory: candidate)
            }
        }
        let generated = Corpus.generated()
        return Corpus(
            origin: generated.origin + "; no ../shared/corpora beside \(current.path) or \(Self.packageRoot.path)",
            documents: generated.documents)
    }
}
