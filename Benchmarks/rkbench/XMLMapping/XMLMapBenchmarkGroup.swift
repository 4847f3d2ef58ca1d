/// `xml-map/<document>`: an RSS feed into ``FeedItem`` models, RestKit's XML parser and mapping
/// against XMLCoder and SWXMLHash on the same models. Every path's models are compared with
/// RestKit's before timing; a path that differs is reported as skipped, not compared.
///
/// ```swift
/// let cases = XMLMapBenchmarkGroup().cases(in: corpus)
/// ```
struct XMLMapBenchmarkGroup: BenchmarkGroup {
    let name = "xml-map"

    func cases(in corpus: Corpus) -> [BenchmarkCase] {
        corpus.documents.filter(FeedMapping.reads).map { document in
            let expected = try? FeedMapping().items(in: document.bytes)
            return BenchmarkCase(
                name: "\(name)/\(document.name)", inputBytes: document.bytes.count, objects: expected?.count,
                subjects: [FeedMappingWorkload(document: document)],
                baselines: [XMLCoderFeedWorkload(document: document, expected: expected), SWXMLHashFeedWorkload(document: document, expected: expected)])
        }
    }
}
