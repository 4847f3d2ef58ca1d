/// What one seeding did: the store's result for all the files together, and how many
/// objects each file held.
///
/// ```swift
/// let result = try await store.seed(articles, fromFiles: ["a.json", "b.json"], at: "articles")
/// result.inserted           // new rows
/// result.objectCounts       // [2, 3]: elements found in each file, in order
/// result.filesWithoutObjects  // files with nothing at the root key path
/// ```
public struct SeedResult<Model>: Sendable where Model: Sendable {
    /// The store's result: distinct objects, inserted, updated and unchanged counts.
    public var mapping: StoreMappingResult<Model>
    /// The number of elements found in each document, in the order given.
    public var objectCounts: [Int]
    /// The documents with nothing (or `null`) at the root key path, in the order given.
    public var filesWithoutObjects: [String]

    /// Rows that did not exist before.
    public var inserted: Int { mapping.inserted }
    /// Rows that existed before and were updated.
    public var updated: Int { mapping.updated }
    /// Stored objects skipped as not newer (the entity's modification attribute).
    public var unchanged: Int { mapping.unchanged }
}
