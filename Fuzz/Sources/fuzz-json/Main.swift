import FuzzSupport

/// The json fuzz targets, one per process: `FUZZ_TARGET=<name> fuzz-json <libFuzzer flags and corpus dirs>`.
@main
enum FuzzJson {
    static func main() {
        FuzzDriver.main(jsonTargets)
    }
}
