import FuzzSupport

/// The rk fuzz targets, one per process: `FUZZ_TARGET=<name> fuzz-rk <libFuzzer flags and corpus dirs>`.
@main
enum FuzzRk {
    static func main() {
        FuzzDriver.main(rkTargets)
    }
}
