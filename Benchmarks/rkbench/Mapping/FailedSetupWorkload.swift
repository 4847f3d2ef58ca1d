/// A workload whose setup check failed: every run throws the reason, so the report shows
/// `failed: …` in place of numbers that would compare different work.
///
/// ```swift
/// FailedSetupWorkload(name: "mapping", reason: "mapping and JSONDecoder differ at model 3")
/// ```
struct FailedSetupWorkload: Workload {
    let name: String
    /// What the setup found.
    let reason: String

    func run() throws -> Int {
        throw BaselineError("setup check: \(reason)")
    }
}
