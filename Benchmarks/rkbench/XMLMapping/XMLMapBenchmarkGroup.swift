/// `xml-map/<document>`: an RSS feed into ``FeedItem`` models, RestKit's XML parser and mapping
/// against XMLCoder and SWXMLHash on the same models. Every path's models are compared with
/// RestKit's before timing; a path that differs is reported as skipped, not compared.
///
/// ```swift
/// let cases = XMLMapBenchmarkGroup().cases(in: corpus)
/// ```
struct XMLMapBenchmarkGroup: BenchmarkGroup {
    let name = "xml-map"

    /// The generated feed (from the corpus when it is there, else generated now: the shared
    /// corpus has no feed of this shape).
    func cases(in corpus: Corpus) -> [BenchmarkCase] {
        let feeds = corpus.documents.filter(FeedMapping.reads)
        let documents = feeds.isEmpty ? GeneratedDocuments.document(named: "generated-feed.xml").map { [$0] } ?? [] : feeds
        return documents.map { document in
            let expected = FeedExpectation(document: document)
            return BenchmarkCase(
                name: "\(name)/\(document.name)", inputBytes: document.bytes.count, lateObjects: { expected.items?.count },
                subjects: [FeedMappingWorkload(document: document)],
                baselines: [FeedPeerWorkload.xmlCoder(document: document, expected: expected), FeedPeerWorkload.swXMLHash(document: document, expected: expected)])
        }
    }
}
