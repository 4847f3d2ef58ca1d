/// `--profile <benchmark>:<workload>`: one workload alone, run again and again for a fixed
/// time, so that a profiler (`perf record`, `valgrind --tool=callgrind`) sees nothing else:
/// no baseline, no other case, and only one untimed run of setup.
///
/// ```
/// perf record -g .build/release/rkbench --profile serialize/twitter.json:mapping --profile-seconds 20
/// ```
enum ProfileLoop {
    /// Runs the workload named in `spec` (`"serialize/twitter.json:mapping"`) from `cases`
    /// for `seconds`, then prints the run count and the mean time per run.
    static func run(_ spec: String, in cases: [BenchmarkCase], seconds: Double) throws {
        guard let colon = spec.lastIndex(of: ":") else {
            throw BaselineError("--profile expects <benchmark>:<workload>, got '\(spec)'")
        }
        let caseName = String(spec[..<colon])
        let workloadName = String(spec[spec.index(after: colon)...])
        guard let benchmark = cases.first(where: { $0.name == caseName }) else {
            let names = cases.map(\.name).joined(separator: ", ")
            throw BaselineError("--profile: no benchmark named '\(caseName)' (there are: \(names))")
        }
        let workloads = benchmark.subjects + benchmark.baselines
        guard let workload = workloads.first(where: { $0.name == workloadName }) else {
            let names = workloads.map(\.name).joined(separator: ", ")
            throw BaselineError("--profile: \(caseName) has no workload '\(workloadName)' (it has: \(names))")
        }
        if let reason = workload.skipReason { throw BaselineError("--profile: \(workloadName) is skipped: \(reason)") }
        try workload.prepare()
        var checksum = try workload.run()
        var runs = 0
        let elapsed = try Stopwatch.seconds {
            let clock = ContinuousClock()
            let end = clock.now + .milliseconds(Int(seconds * 1000))
            repeat {
                checksum &+= try workload.run()
                runs += 1
            } while clock.now < end
        }
        print("profile \(caseName):\(workloadName): \(runs) runs in \(TableReport.fixed(elapsed, 2)) s, "
            + "\(TableReport.fixed(elapsed / Double(runs) * 1e3, 4)) ms per run (checksum \(checksum))")
    }
}
