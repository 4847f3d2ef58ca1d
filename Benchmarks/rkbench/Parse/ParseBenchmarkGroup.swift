import RestKit

/// `parse/<document>`: every built-in parser of the document's format against the
/// baselines of that format.
///
/// | format | subjects (registry names) | baselines |
/// |---|---|---|
/// | JSON | `swift`, `jansson`, `yajl` | `JSONSerialization`, `json_loadb`, `yajl-noop`, `simdjson` |
/// | XML | `libxml2` | `XMLParser`, `xmlReadMemory` |
///
/// Subjects come only from `registry.parser(named:)`; a name that is not registered is
/// reported as skipped. With `includesMaterialized`, each subject also runs as
/// `<name>+materialized` (parse, then `materialized()`): the built-in parsers return a lazy,
/// tape-backed representation, while the Foundation baselines build every value.
///
/// ```swift
/// let cases = ParseBenchmarkGroup(registry: .default).cases(in: corpus)
/// ```
struct ParseBenchmarkGroup: BenchmarkGroup {
    let name = "parse"
    /// Where the subjects are looked up.
    let registry: Registry
    /// Also measure every subject followed by `materialized()`.
    var includesMaterialized = false

    /// Registry names of the parsers measured for `format`.
    static func subjectNames(for format: Document.Format) -> [String] {
        switch format {
        case .json: ["swift", "jansson", "yajl"]
        case .xml: ["libxml2"]
        }
    }

    /// The baselines every subject of `document`'s format is compared with.
    static func baselines(for document: Document) -> [any Workload] {
        switch document.format {
        case .json:
            [FoundationJSONWorkload(document: document), JanssonLoadWorkload(document: document),
             YAJLNoopWorkload(document: document), SimdjsonDOMWorkload(document: document)]
        case .xml:
            [FoundationXMLWorkload(document: document), LibXML2ReadMemoryWorkload(document: document)]
        }
    }

    func cases(in corpus: Corpus) -> [BenchmarkCase] {
        corpus.documents.map { document in
            var subjects: [any Workload] = []
            var skipped: [(name: String, reason: String)] = []
            for subjectName in Self.subjectNames(for: document.format) {
                do {
                    let parser = try registry.parser(named: subjectName)
                    subjects.append(PluginParseWorkload(parser: parser, document: document))
                    if includesMaterialized {
                        subjects.append(PluginParseWorkload(parser: parser, document: document, materializes: true))
                    }
                } catch {
                    skipped.append((subjectName, "skipped (not registered)"))
                }
            }
            if document.format == .json { subjects.append(IncrementalParseWorkload(document: document)) }
            return BenchmarkCase(
                name: "\(name)/\(document.name)", inputBytes: document.bytes.count,
                subjects: subjects, baselines: Self.baselines(for: document), skipped: skipped)
        }
    }
}
