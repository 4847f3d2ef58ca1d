import RestKit

/// `urlencode/nested`: the registry's `application/x-www-form-urlencoded` serializer
/// (`urlencoded`) against a straightforward Foundation encoder (`Foundation`), both encoding
/// ``OrderParameters`` (a user and 50 nested line items, about 20 KB). The corpus is not used.
///
/// Setup encodes once with both and compares the bytes; when they differ the subject is
/// reported as skipped with the first differing offset, so a speed-up can never come from
/// writing something else.
///
/// ```swift
/// let cases = FormsBenchmarkGroup(registry: .default).cases(in: corpus)
/// ```
struct FormsBenchmarkGroup: BenchmarkGroup {
    let name = "urlencode"
    /// Where the serializer is looked up.
    let registry: Registry

    func cases(in corpus: Corpus) -> [BenchmarkCase] {
        let parameters = OrderParameters.make()
        let baseline = FoundationURLEncodeWorkload(parameters: parameters)
        let caseName = "\(name)/nested"
        let expected: [UInt8]
        do {
            expected = Array(try FoundationURLEncodeWorkload.encode(parameters).utf8)
        } catch {
            return [BenchmarkCase(name: caseName, inputBytes: 0, subjects: [], baselines: [baseline],
                                  skipped: [("urlencoded", "skipped (baseline failed: \(error))")])]
        }
        let serializer: any RepresentationSerializer
        do {
            serializer = try registry.serializer(for: .formURLEncoded)
        } catch {
            return [BenchmarkCase(name: caseName, inputBytes: expected.count, subjects: [], baselines: [baseline],
                                  skipped: [("urlencoded", "skipped (not registered)")])]
        }
        var subject = SerializeWorkload(serializer: serializer, value: parameters)
        subject.skipReason = Self.mismatch(try? serializer.serialize(parameters), expected)
        return [BenchmarkCase(name: caseName, inputBytes: expected.count, subjects: [subject], baselines: [baseline])]
    }

    /// `nil` when `output` equals `expected`, else where they first differ.
    static func mismatch(_ output: [UInt8]?, _ expected: [UInt8]) -> String? {
        guard let output else { return "serializer failed" }
        guard output != expected else { return nil }
        let offset = zip(output, expected).enumerated().first { $0.element.0 != $0.element.1 }?.offset
            ?? min(output.count, expected.count)
        return "output differs from Foundation at byte \(offset) (\(output.count) vs \(expected.count) bytes)"
    }
}
