import RestKitResidentMemory

/// Measures benchmark cases: warm-up, sample sizing, interleaved rounds, medians.
///
/// Within a case every workload (subjects and baselines) is sampled once per round, in an
/// order rotated each round, so machine noise lands on subjects and baselines alike.
/// Checksums returned by the workloads are summed into ``checksum`` so no work can be
/// optimised away.
///
/// ```swift
/// var harness = Harness(settings: .quick)
/// let result = harness.measure(benchmarkCase)
/// print(harness.checksum)
/// ```
struct Harness {
    /// Timing parameters.
    let settings: MeasurementSettings
    /// Sum of every checksum returned by every run (printed at the end).
    private(set) var checksum = 0

    /// A harness with the given settings.
    init(settings: MeasurementSettings) {
        self.settings = settings
    }

    /// Measures one case.
    mutating func measure(_ benchmark: BenchmarkCase) -> CaseResult {
        let workloads = benchmark.subjects + benchmark.baselines
        var failures: [String?] = []
        var iterations: [Int] = []
        var samples = Array(repeating: [Double](), count: workloads.count)
        var peaks = [Int?](repeating: nil, count: workloads.count)
        for (index, workload) in workloads.enumerated() {
            if let reason = workload.skipReason {
                failures.append("skipped (\(reason))")
                iterations.append(0)
                continue
            }
            if workload.isOneShot {
                switch runOnce(workload) {
                case .success(let measured):
                    failures.append(nil)
                    iterations.append(1)
                    samples[index] = [measured.seconds]
                    peaks[index] = measured.peakBytes
                case .failure(let error):
                    failures.append("failed: \(error)")
                    iterations.append(0)
                }
                continue
            }
            if workload.fixedSamples != nil {
                // One untimed run sets things up (a file to write, a server to start) and warms
                // the caches; then every sample is a single run.
                guard workload.runsUntimedFirst else {
                    failures.append(nil)  // a failing first sample is reported below
                    iterations.append(1)
                    continue
                }
                do {
                    try workload.prepare()
                    checksum &+= try workload.run()
                    failures.append(nil)
                    iterations.append(1)
                } catch {
                    failures.append("failed: \(error)")
                    iterations.append(0)
                }
                continue
            }
            switch warmUp(workload) {
            case .success(let count):
                failures.append(nil)
                iterations.append(count)
            case .failure(let error):
                failures.append("failed: \(error)")
                iterations.append(0)
            }
        }

        let live = workloads.indices.filter { failures[$0] == nil && !workloads[$0].isOneShot }
        let rounds = live.map { workloads[$0].fixedSamples ?? settings.rounds }.max() ?? 0
        for round in 0..<rounds where !live.isEmpty {
            for offset in live.indices {
                let index = live[(offset + round) % live.count]
                guard round < workloads[index].fixedSamples ?? settings.rounds, failures[index] == nil else { continue }
                switch sample(workloads[index], iterations: iterations[index]) {
                case .success(let seconds):
                    samples[index].append(seconds)
                case .failure(let error) where workloads[index].fixedSamples != nil:
                    failures[index] = "failed: \(error)"  // no warm-up caught it: report it
                case .failure:
                    break
                }
            }
        }

        let results = workloads.indices.map { index in
            WorkloadResult(
                name: workloads[index].name, samples: samples[index], iterations: iterations[index],
                failure: failures[index], peakResidentBytes: peaks[index], metrics: workloads[index].metrics)
        }
        return CaseResult(
            name: benchmark.name, inputBytes: benchmark.lateInputBytes?() ?? benchmark.inputBytes,
            subjects: Array(results.prefix(benchmark.subjects.count)),
            baselines: Array(results.dropFirst(benchmark.subjects.count)),
            skipped: benchmark.skipped, objects: benchmark.lateObjects?() ?? benchmark.objects)
    }

    /// Runs a one-shot workload once: its time and the peak resident memory during the run
    /// (the kernel's peak is reset first; where it cannot be, the process's peak so far).
    private mutating func runOnce(_ workload: any Workload) -> Result<(seconds: Double, peakBytes: Int?), any Error> {
        _ = try? ResidentMemory.resetPeak()
        do {
            var result = 0
            let seconds = try Stopwatch.seconds { result = try workload.run() }
            checksum &+= result
            return .success((seconds, try? ResidentMemory.peakBytes()))
        } catch {
            return .failure(error)
        }
    }

    /// Runs `workload` for the warm-up time (at least twice) and returns how many runs make
    /// one sample, or the error it threw.
    private mutating func warmUp(_ workload: any Workload) -> Result<Int, any Error> {
        var fastest = Double.infinity
        var total = 0.0
        var runs = 0
        do {
            while runs < 2 || total < settings.warmupSeconds {
                var result = 0
                try workload.prepare()
                let seconds = try Stopwatch.seconds { result = try workload.run() }
                checksum &+= result
                fastest = min(fastest, seconds)
                total += seconds
                runs += 1
            }
        } catch {
            return .failure(error)
        }
        let perSample = (settings.minimumSampleSeconds / max(fastest, 1e-9)).rounded(.up)
        return .success(Int(min(max(perSample, 1), 1_000_000)))
    }

    /// Seconds per run over one sample of `iterations` runs, or the error a run threw
    /// (which a workload that passed warm-up does not do).
    private mutating func sample(_ workload: any Workload, iterations: Int) -> Result<Double, any Error> {
        var sum = 0
        do {
            try workload.prepare()  // untimed; a fixed-samples workload runs once per sample
            HeapSettling.settle()  // untimed: the frees of the workload before are merged now
            let seconds = try Stopwatch.seconds {
                for _ in 0..<iterations { sum &+= try workload.run() }
                HeapSettling.settle()  // timed: this workload's own frees
            }
            checksum &+= sum
            return .success(seconds / Double(iterations))
        } catch {
            return .failure(error)
        }
    }
}
