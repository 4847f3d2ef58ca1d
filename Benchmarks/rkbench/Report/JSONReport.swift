import Foundation
import RestKit

/// Writes the comparisons as JSON, one row per subject and baseline pair:
///
/// ```json
/// {"results":[{"benchmark":"parse/twitter.json","subject":"yajl","baseline":"JSONSerialization",
///              "median_seconds":0.0041,"throughput_mb_s":154.0,"ratio":1.9}]}
/// ```
///
/// Rows of one-shot workloads (`stream-map/…`) also carry `peak_rss_bytes`, the subject's
/// peak resident memory.
///
/// Rows of benchmarks that count objects (`store/…`) also carry `baseline_median_seconds`,
/// `objects` (per run), `objects_per_s` and `baseline_objects_per_s`.
///
/// `median_seconds` and `throughput_mb_s` are the subject's; `ratio` is
/// baseline seconds / subject seconds. A subject's own metrics (`peak_rss_bytes`) follow.
///
/// ```swift
/// try JSONReport.write(results, to: "bench.json")
/// ```
enum JSONReport {
    /// The report as a ``Representation`` (keys in the documented order).
    static func representation(of results: [CaseResult]) -> Representation {
        let rows: [Representation] = results.flatMap(\.comparisons).map { row in
            var members: OrderedDictionary<String, Representation> = [
                "benchmark": .string(row.benchmark),
                "subject": .string(row.subject),
                "baseline": .string(row.baseline),
                "median_seconds": .double(row.subjectSeconds),
                "throughput_mb_s": .double(row.throughputMBPerSecond),
                "ratio": .double(row.ratio),
            ]
            if let objects = row.objects, let subject = row.subjectObjectsPerSecond, let baseline = row.baselineObjectsPerSecond {
                members["baseline_median_seconds"] = .double(row.baselineSeconds)
                members["objects"] = .int(Int64(objects))
                members["objects_per_s"] = .double(subject)
                members["baseline_objects_per_s"] = .double(baseline)
            }
            if let peak = row.subjectPeakResidentBytes { members["peak_rss_bytes"] = .int(Int64(peak)) }
            for key in row.subjectMetrics.keys.sorted() { members[key] = .double(row.subjectMetrics[key] ?? 0) }
            return Representation(.object(members))
        }
        return ["results": .array(rows)]
    }

    /// Writes the report to `path`.
    ///
    /// - Throws: a ``SerializationError`` or the file system's error.
    static func write(_ results: [CaseResult], to path: String) throws {
        let bytes = try JSONWriter(options: [.prettyPrinted]).write(representation(of: results))
        try Data(bytes + [UInt8(ascii: "\n")]).write(to: URL(fileURLWithPath: path))
    }
}
