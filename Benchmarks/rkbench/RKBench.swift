import ArgumentParser
import Foundation
import RestKit

/// `rkbench`: RestKit's benchmark tool.
///
/// Measures every benchmark group (parse, map, serialize, xml-map, forms, multipart, stream-map, upload, store) over a corpus and prints, per benchmark,
/// each workload's median seconds per run, then one summary row per subject × baseline pair.
///
/// ```
/// swift run -c release rkbench                       # ../shared/corpora, or generated documents
/// swift run -c release rkbench --quick --filter twitter
/// swift run -c release rkbench --corpus /data/corpora --json bench.json
/// swift run -c release rkbench --chart bench.svg      # also an SVG chart of the ratios per group
/// swift run -c release rkbench --generated           # embedded generated documents only
/// swift run -c release rkbench --materialized        # also parse + materialized()
/// swift build -c release && .build/release/rkbench --filter upload   # rk post vs curl -F, 2 GiB
/// swift run -c release rkbench --filter store        # SQLiteStore import vs hand-written GRDB, 100,000 objects
/// ```
@main
struct RKBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rkbench",
        abstract: "Measure RestKit's parsers against JSONSerialization, XMLParser, jansson, yajl, libxml2 and simdjson.")

    @Option(name: .long, help: ArgumentHelp(
        "A corpus folder with json/ and xml/ subfolders (default: ../shared/corpora if present, else generated documents).",
        valueName: "dir"))
    var corpus: String?

    @Flag(name: .long, help: "Use the embedded generated documents, even when a corpus folder exists.")
    var generated = false

    @Flag(name: .long, help: "Fewer, shorter samples (5 instead of 15).")
    var quick = false

    @Flag(name: .long, help: "Also time each parser followed by materialized() (subjects named <parser>+materialized).")
    var materialized = false

    @Option(name: .long, help: ArgumentHelp("Samples per workload (overrides the default of 15, or 5 with --quick).", valueName: "n"))
    var rounds: Int?

    @Option(name: .long, help: ArgumentHelp("Run only benchmarks whose name contains this text (e.g. twitter, .xml).", valueName: "substring"))
    var filter: String?

    @Option(name: .long, help: ArgumentHelp("Also write the summary rows as JSON to this file.", valueName: "path"))
    var json: String?

    @Option(name: .long, help: ArgumentHelp(
        "Also write an SVG chart of the ratios, one panel per group, to this file.", valueName: "path"))
    var chart: String?

    @Option(name: .long, help: ArgumentHelp(
        "Write the generated documents into this folder (laid out as json/ and xml/) and exit.",
        valueName: "dir"))
    var writeGenerated: String?

    @OptionGroup var stream: StreamBenchmarkOptions

    @OptionGroup var upload: UploadBenchmarkOptions

    @OptionGroup var store: StoreBenchmarkOptions

    @Option(name: .long, help: ArgumentHelp(
        "Run one workload alone, again and again, for a profiler (e.g. serialize/twitter.json:mapping); no report.",
        valueName: "benchmark:workload"))
    var profile: String?

    @Option(name: .long, help: ArgumentHelp("How long --profile runs its workload (default 10).", valueName: "seconds"))
    var profileSeconds: Double = 10

    @Option(name: .long, help: .hidden)
    var memoryProbe: String?

    func validate() throws {
        if generated && corpus != nil {
            throw ValidationError("--generated and --corpus cannot be used together")
        }
        if let rounds, rounds < 1 {
            throw ValidationError("--rounds must be at least 1")
        }
        if !(profileSeconds > 0) {
            throw ValidationError("--profile-seconds must be more than 0")
        }
    }

    /// Saves `corpus` as `<folder>/json/*.json` and `<folder>/xml/*.xml`, so it can be
    /// inspected or run again with `--corpus`.
    static func write(_ corpus: Corpus, to folder: String) throws {
        let root = URL(fileURLWithPath: folder)
        for document in corpus.documents {
            let directory = root.appendingPathComponent(document.format.rawValue)
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try document.data.write(to: directory.appendingPathComponent(document.name))
            print("wrote \(directory.appendingPathComponent(document.name).path) (\(document.bytes.count) bytes)")
        }
    }

    /// `"2026-11-25 02:31 UTC"`.
    static func timestamp(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd HH:mm 'UTC'"
        return formatter.string(from: date)
    }

    /// The benchmark groups, in run order. Add a group here.
    static func groups(registry: Registry, materialized: Bool) -> [any BenchmarkGroup] {
        [ParseBenchmarkGroup(registry: registry, includesMaterialized: materialized)]
            + [MapBenchmarkGroup(), SerializeBenchmarkGroup(), XMLMapBenchmarkGroup()]
            + [FormsBenchmarkGroup(registry: registry)]
            + [MultipartBenchmarkGroup()]
    }

    func run() throws {
        if let memoryProbe {
            try MemoryProbe.run(memoryProbe)
            return
        }
        if let writeGenerated {
            try Self.write(Corpus.generated(), to: writeGenerated)
            return
        }
        let documents: Corpus
        do {
            documents = try CorpusLocator(explicitPath: corpus, forceGenerated: generated).load()
        } catch let error as CorpusError {
            throw ValidationError(error.description)
        }
        var settings = quick ? MeasurementSettings.quick : .standard
        if let rounds { settings.rounds = rounds }

        let cases = (Self.groups(registry: Registry.default, materialized: materialized)
            + [stream.group(quick: quick), upload.group(quick: quick), store.group(quick: quick)])
            .flatMap { $0.cases(in: documents) }
            .filter { filter.map($0.name.contains) ?? true }
        guard !cases.isEmpty else {
            throw ValidationError("no benchmark matches --filter \(filter ?? "")")
        }
        if let profile {
            try ProfileLoop.run(profile, in: cases, seconds: profileSeconds)
            return
        }
        let notes = [
            "corpus: \(documents.origin)",
            "simdjson: \(SimdjsonDOMWorkload.implementation) implementation",
            "mode: \(quick ? "quick" : "standard"), \(settings.rounds) samples of at least "
                + "\(TableReport.fixed(settings.minimumSampleSeconds * 1e3, 0)) ms per workload, interleaved; "
                + "\(cases.count) benchmarks",
        ]
        let started = Date()
        notes.forEach { print($0) }
        print("")

        var harness = Harness(settings: settings)
        var results: [CaseResult] = []
        for benchmark in cases {
            let result = harness.measure(benchmark)
            TableReport.printCase(result)
            fflush(nil)  // show progress per benchmark even when stdout is a pipe
            results.append(result)
        }
        print("")
        TableReport.printSummary(results)
        print("checksum: \(harness.checksum)")
        if let json {
            try JSONReport.write(results, to: json)
            print("wrote \(json)")
        }
        if let chart {
            let title = "rkbench, \(Self.timestamp(started)), \(ProcessInfo.processInfo.activeProcessorCount) cores"
            try SVGChart(title: title, notes: notes, comparisons: results.flatMap(\.comparisons)).write(to: chart)
            print("wrote \(chart)")
        }
    }
}
