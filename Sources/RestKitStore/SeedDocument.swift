import Foundation
public import RestKitCore
public import RestKitDefaults

/// A fixture file, parsed: what ``SQLiteStore/seed(_:from:at:options:)`` imports. Any media
/// type the registry has a parser for: JSON, XML, URL-encoded forms, or your own.
///
/// ```swift
/// let humans = try SeedDocument(contentsOf: "humans.json")     // by extension: JSON
/// let cats = try SeedDocument(contentsOf: "cats.xml")            // XML
/// var registry = Registry.default
/// registry.register(CSVParser(), for: "text/csv", fileExtensions: ["csv"])
/// let rows = try SeedDocument(contentsOf: "people.csv", registry: registry)
/// ```
public struct SeedDocument: Sendable {
    /// How the document is named in errors (the path as given).
    public let name: String
    /// The parsed document.
    public let value: Representation
    /// The size of the file, in bytes (0 for a document made from a value).
    public let byteCount: Int

    /// A document made from a value already parsed.
    ///
    /// ```swift
    /// let document = SeedDocument(name: "inline", value: ["articles": [["id": 1, "title": "Hello"]]])
    /// ```
    public init(name: String, value: Representation) {
        self.name = name
        self.value = value
        byteCount = 0
    }

    /// Reads and parses the file at `path` with the registry's parser for `mediaType`, else for
    /// the media type its extension is registered as (`.json`, `.xml`, or one you registered).
    ///
    /// ```swift
    /// let form = try SeedDocument(contentsOf: "signup.txt", as: .formURLEncoded)
    /// ```
    ///
    /// - Throws: ``SeedError`` `.unreadable`, `.unknownType` (no type for the extension, or no
    ///   parser for the type), `.parse` (with the parser's line and column).
    public init(contentsOf path: String, as mediaType: MediaType? = nil, registry: Registry = .default) throws(SeedError) {
        guard let type = mediaType ?? registry.mediaType(forPath: path) else {
            let known = registry.fileExtensions.keys.sorted().map { "." + $0 }.joined(separator: ", ")
            let pathExtension = URL(fileURLWithPath: path).pathExtension
            let what = pathExtension.isEmpty ? "no file extension" : "no media type registered for '.\(pathExtension)'"
            throw SeedError(.unknownType, "\(what) (registered: \(known)); say which media type the file is", file: path)
        }
        let parser: any RepresentationParser
        do {
            parser = try registry.parser(for: type)
        } catch {
            throw SeedError(.unknownType, error.reason, file: path)
        }
        let bytes: Data
        do {
            bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            let reason = (error as NSError).localizedFailureReason ?? "cannot read the file"
            throw SeedError(.unreadable, reason, file: path)
        }
        do {
            value = try parser.parse(bytes)
        } catch let error as ParseError {
            throw SeedError(.parse, error.reason, file: path, parseError: error)
        } catch {
            throw SeedError(.parse, "\(error)", file: path)
        }
        name = path
        byteCount = bytes.count
    }
}

extension SeedDocument {
    /// How many objects seeding would find at `rootKeyPath` (see
    /// ``SQLiteStore/seed(_:from:at:options:)``): to check, before writing anything, that a
    /// file holds objects for some entity.
    ///
    /// ```swift
    /// try document.objectCount(at: "articles")   // 2
    /// ```
    ///
    /// - Throws: ``SeedError`` `.noObjects` for a value that is not an object or an array.
    public func objectCount(at rootKeyPath: String?) throws(SeedError) -> Int {
        var batch = SeedBatch(rootKeyPath: rootKeyPath)
        try batch.add(self)
        return batch.elements.count
    }
}
