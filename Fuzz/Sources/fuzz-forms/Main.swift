import FuzzSupport

/// The forms fuzz targets, one per process: `FUZZ_TARGET=<name> fuzz-forms <libFuzzer flags and corpus dirs>`.
@main
enum FuzzForms {
    static func main() {
        FuzzDriver.main(formsTargets)
    }
}
