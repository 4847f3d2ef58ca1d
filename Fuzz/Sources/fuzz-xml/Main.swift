import FuzzSupport

/// The xml fuzz targets, one per process: `FUZZ_TARGET=<name> fuzz-xml <libFuzzer flags and corpus dirs>`.
@main
enum FuzzXml {
    static func main() {
        FuzzDriver.main(xmlTargets)
    }
}
