#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CFuzzer

/// One fuzzed input surface: a name (`FUZZ_TARGET=<name>`), what it covers, the libFuzzer
/// dictionary it uses, its seeds, and the check it runs on every input.
///
/// A check returns normally for any input the library handles correctly (accepted or rejected
/// with an error); it crashes (through ``FuzzCheck/mismatch(_:)``) only when a differential or
/// round-trip property fails, so libFuzzer records the input.
public struct FuzzTarget: Sendable {
    /// The name `FUZZ_TARGET` selects, as listed by `make fuzz`.
    public let name: String
    /// One line on what the target covers.
    public let summary: String
    /// The dictionary file under `Fuzz/dictionaries/` (without `.dict`).
    public let dictionary: String
    /// Seed inputs written by `FUZZ_WRITE_SEEDS=<dir>` (the external corpora are added by path).
    public let seeds: @Sendable () -> [[UInt8]]
    /// Runs one input.
    public let check: @Sendable ([UInt8]) -> Void

    /// A target.
    public init(
        name: String, summary: String, dictionary: String,
        seeds: @escaping @Sendable () -> [[UInt8]], check: @escaping @Sendable ([UInt8]) -> Void
    ) {
        self.name = name
        self.summary = summary
        self.dictionary = dictionary
        self.seeds = seeds
        self.check = check
    }
}

/// The `main` of every fuzz executable: each executable lists its targets and calls
/// ``main(_:)``, which picks one and runs libFuzzer's driver on it (with libFuzzer's flags
/// and corpus directories from the command line).
///
/// Environment:
/// - `FUZZ_TARGET=<name>` picks the target (required when the executable has more than one).
/// - `FUZZ_WRITE_SEEDS=<dir>` writes the target's seeds into `dir` (one file each) and exits.
/// - `FUZZ_LIST=1` prints `name<TAB>dictionary<TAB>summary` per target and exits.
public enum FuzzDriver {
    /// The target chosen for this process, once ``initialize(_:)`` has run.
    nonisolated(unsafe) private static var selected: FuzzTarget?

    /// Selects the target, then hands the command line to libFuzzer; returns its exit status.
    public static func main(_ targets: [FuzzTarget]) -> Never {
        initialize(targets)
        var argc = CommandLine.argc
        var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
        let status = LLVMFuzzerRunDriver(&argc, &argv) { data, size in
            FuzzDriver.testOneInput(data, size)
        }
        exit(status)
    }

    /// Selects the target from the environment; handles the list and seed-writing modes.
    static func initialize(_ targets: [FuzzTarget]) {
        if getenv("FUZZ_LIST") != nil {
            for target in targets { print("\(target.name)\t\(target.dictionary)\t\(target.summary)") }
            exit(0)
        }
        // Compared as C strings: a Swift String made here showed up in LeakSanitizer's report
        // at exit (libFuzzer's driver never returns to release it).
        let requested = getenv("FUZZ_TARGET")
        let named = targets.first { target in requested.map { strcmp($0, target.name) == 0 } ?? false }
        guard let target = named ?? (targets.count == 1 ? targets.first : nil) else {
            let names = targets.map(\.name).joined(separator: ", ")
            printError("set FUZZ_TARGET to one of: \(names) (got \(requested.map { String(cString: $0) } ?? "nothing"))\n")
            exit(2)
        }
        selected = target
        if let directory = getenv("FUZZ_WRITE_SEEDS").map({ String(cString: $0) }) {
            writeSeeds(of: target, into: directory)
            exit(0)
        }
    }

    /// Runs the selected target on one input.
    static func testOneInput(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
        guard let target = selected else {
            printError("LLVMFuzzerInitialize did not run\n")
            abort()
        }
        let bytes = count > 0 && start != nil ? Array(UnsafeRawBufferPointer(start: start, count: count)) : []
        target.check(bytes)
        return 0
    }

    /// Writes each seed to `directory/seed-<n>` (the directory is created when missing).
    private static func writeSeeds(of target: FuzzTarget, into directory: String) {
        mkdir(directory, 0o755)
        for (index, seed) in target.seeds().enumerated() {
            let path = "\(directory)/seed-\(index)"
            guard let file = fopen(path, "wb") else {
                printError("cannot write \(path)\n")
                exit(1)
            }
            _ = seed.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, file) }
            fclose(file)
        }
    }
}

/// Writes `message` to standard error (file descriptor 2; the C `stderr` global is not
/// concurrency-safe to name in Swift 6).
func printError(_ message: String) {
    var bytes = Array(message.utf8)
    _ = bytes.withUnsafeMutableBytes { write(2, $0.baseAddress, $0.count) }
}
