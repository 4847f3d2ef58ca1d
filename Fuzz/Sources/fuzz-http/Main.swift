import FuzzSupport

/// The http fuzz targets, one per process: `FUZZ_TARGET=<name> fuzz-http <libFuzzer flags and corpus dirs>`.
@main
enum FuzzHttp {
    static func main() {
        FuzzDriver.main(httpTargets)
    }
}
