import Foundation

/// Prints results as plain-text tables on standard output.
///
/// ``printCase(_:)`` prints each workload's raw numbers as soon as a benchmark finishes
/// (median, fastest and slowest sample, runs per sample); ``printSummary(_:)`` prints one
/// row per subject × baseline pair at the end.
///
/// ```swift
/// TableReport.printCase(result)
/// TableReport.printSummary(results)
/// ```
enum TableReport {
    /// The raw measurements of one benchmark.
    static func printCase(_ result: CaseResult) {
        print("\(result.name)  (\(result.inputBytes) bytes)")
        for (role, workloads) in [("subject", result.subjects), ("baseline", result.baselines)] {
            for workload in workloads {
                let label = pad(workload.name, 22) + pad(role, 9)
                if let failure = workload.failure {
                    print("  \(label) \(failure)")
                    continue
                }
                guard let median = workload.median, let minimum = workload.minimum, let maximum = workload.maximum
                else {
                    print("  \(label) no samples")
                    continue
                }
                let throughput = Double(result.inputBytes) / median / 1e6
                print("  \(label) median \(milliseconds(median)) ms  min \(milliseconds(minimum))  max \(milliseconds(maximum))"
                    + "  \(fixed(throughput, 1)) MB/s  (\(workload.samples.count) samples × \(workload.iterations) runs)"
                    + (result.objects.map { "  \(fixed(Double($0) / median, 0)) objects/s" } ?? "")
                    + (workload.peakResidentBytes.map { "  in-process peak RSS \(fixed(Double($0) / 1_048_576, 1)) MiB" } ?? ""))
                for key in workload.metrics.keys.sorted() {
                    print("  \(pad("", 31)) \(key) \(fixed(workload.metrics[key] ?? 0, 0))")
                }
            }
        }
        for skipped in result.skipped {
            print("  \(pad(skipped.name, 22))\(pad("subject", 9)) \(skipped.reason)")
        }
    }

    /// One row per subject and baseline pair; `ratio` > 1 means the subject is faster.
    static func printSummary(_ results: [CaseResult]) {
        let header = [("benchmark", 34), ("subject", 22), ("baseline", 18), ("subject ms", 11), ("MB/s", 9),
                      ("baseline ms", 12), ("ratio", 7)]
        let leftAligned: Set = ["benchmark", "subject", "baseline"]
        print(header.map { leftAligned.contains($0.0) ? pad($0.0, $0.1) : padLeft($0.0, $0.1) }.joined(separator: " "))
        print(String(repeating: "-", count: header.map(\.1).reduce(header.count - 1, +)))
        for result in results {
            for row in result.comparisons {
                print([
                    pad(row.benchmark, 34), pad(row.subject, 22), pad(row.baseline, 18),
                    padLeft(milliseconds(row.subjectSeconds), 11), padLeft(fixed(row.throughputMBPerSecond, 1), 9),
                    padLeft(milliseconds(row.baselineSeconds), 12), padLeft(fixed(row.ratio, 2), 7),
                ].joined(separator: " ")
                    + (row.subjectObjectsPerSecond.map { "  \(fixed($0, 0)) objects/s" } ?? ""))
            }
            for skipped in result.skipped {
                print("\(pad(result.name, 34)) \(pad(skipped.name, 22)) \(skipped.reason)")
            }
            for failed in result.subjects where failed.failure != nil {
                print("\(pad(result.name, 34)) \(pad(failed.name, 22)) \(failed.failure ?? "")")
            }
        }
        print("ratio = baseline seconds / subject seconds (> 1: subject faster); MB = 10^6 bytes; medians per parse")
    }

    /// Seconds as milliseconds: 4 decimals below 1 ms, 3 below 100 ms, else 1.
    static func milliseconds(_ seconds: Double) -> String {
        let ms = seconds * 1e3
        return fixed(ms, ms < 1 ? 4 : (ms < 100 ? 3 : 1))
    }

    /// `value` with `digits` decimals.
    static func fixed(_ value: Double, _ digits: Int) -> String {
        String(format: "%.\(digits)f", value)
    }

    private static func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text + " " : text + String(repeating: " ", count: width - text.count)
    }

    private static func padLeft(_ text: String, _ width: Int) -> String {
        text.count >= width ? text : String(repeating: " ", count: width - text.count) + text
    }
}
