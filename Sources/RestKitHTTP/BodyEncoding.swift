/// How ``ObjectManager/upload(_:method:path:parameters:files:encoding:progress:)`` writes a
/// request body: `multipart/form-data` (parameters as Rails-style fields, plus files), JSON
/// or `application/x-www-form-urlencoded` (parameters only).
///
/// ```swift
/// try await manager.upload(article, files: [.file(name: "article[cover]", path: coverPath)])   // multipart
/// try await manager.upload(article, encoding: .json)                                        // {"article": {…}}
/// try await manager.upload(article, encoding: .formURLEncoded)                              // article[title]=…
/// ```
public struct BodyEncoding: Sendable, Hashable, CustomStringConvertible {
    private enum Base: Sendable, Hashable {
        case multipart, json, formURLEncoded
    }
    private let base: Base
    private init(_ base: Base) { self.base = base }

    /// `multipart/form-data`: every parameter a text field named Rails-style
    /// (`article[title]`, `article[tags][]`), then the files, streamed from disk.
    public static let multipart = BodyEncoding(.multipart)
    /// `application/json`: the parameters as one JSON document; no files.
    public static let json = BodyEncoding(.json)
    /// `application/x-www-form-urlencoded`: the parameters with Rails-style nesting; no files.
    public static let formURLEncoded = BodyEncoding(.formURLEncoded)

    /// The media type of a body in this encoding (without a multipart boundary).
    public var mediaType: MediaType {
        switch base {
        case .multipart: .multipartFormData
        case .json: .json
        case .formURLEncoded: .formURLEncoded
        }
    }

    /// Whether the encoding carries files.
    public var carriesFiles: Bool { base == .multipart }

    /// `multipart`, `json` or `formURLEncoded`.
    public var description: String { "\(base)" }
}
