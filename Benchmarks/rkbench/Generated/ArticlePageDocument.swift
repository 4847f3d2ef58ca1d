import Foundation

/// An API payload of `count` articles, the input of the `store` group: one JSON array of
/// objects shaped like a REST response page.
///
/// ```json
/// [{"id": 1, "title": "swift release …", "score": 12.5, "views": 3051, "published": true,
///   "published_at": "2026-03-14T09:26:53Z", "author": {"id": 17, "name": "Ada Lovelace"}}, …]
/// ```
///
/// Ids run 1…`count` in order; dates are whole seconds in UTC, written the way the store
/// writes ISO 8601 (so the hand-written baseline can bind the text as is); `author.id` is
/// there but not mapped (payloads carry more than a mapping reads). About 180 bytes an object.
///
/// ```swift
/// var random = SplitMix64(seed: GeneratedDocuments.seed)
/// let bytes = ArticlePageDocument.generate(count: 100_000, &random)
/// ```
enum ArticlePageDocument {
    /// Generates the document.
    static func generate(count: Int, _ random: inout SplitMix64) -> [UInt8] {
        var json = JSONTextWriter(indent: nil, capacity: count * 200 + 16)
        var published = 1_767_225_600  // 2026-01-01T00:00:00Z
        json.beginArray()
        for id in stride(from: 1, through: count, by: 1) {
            published += random.int(in: 1...600)
            json.beginObject()
            json.key("id"); json.int(id)
            json.key("title"); json.string(random.words(random.int(in: 3...9), from: Vocabulary.english))
            json.key("score"); json.raw(String(format: "%.2f", random.double(in: 0...100)))
            json.key("views"); json.int(random.int(in: 0...1_000_000))
            json.key("published"); json.bool(random.chance(0.8))
            json.key("published_at"); json.string(iso8601(published))
            json.key("author")
            json.beginObject()
            json.key("id"); json.int(random.int(in: 1...500))
            json.key("name"); json.string(Vocabulary.fullName(&random))
            json.endObject()
            json.endObject()
        }
        json.endArray()
        return json.bytes
    }

    /// `2026-01-01T00:00:00Z` for whole seconds since 1970, UTC.
    private static func iso8601(_ seconds: Int) -> String {
        var time = time_t(seconds)
        var parts = tm()
        gmtime_r(&time, &parts)
        return String(
            format: "%04d-%02d-%02dT%02d:%02d:%02dZ", Int(parts.tm_year) + 1900, Int(parts.tm_mon) + 1, Int(parts.tm_mday),
            Int(parts.tm_hour), Int(parts.tm_min), Int(parts.tm_sec))
    }
}
