import FuzzSupport

/// The core fuzz targets, one per process: `FUZZ_TARGET=<name> fuzz-core <libFuzzer flags and corpus dirs>`.
@main
enum FuzzCore {
    static func main() {
        FuzzDriver.main(coreTargets)
    }
}
