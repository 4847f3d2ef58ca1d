/// A baseline library rejected its input; the harness reports the workload as failed.
///
/// ```swift
/// throw BaselineError("json_loadb: '[' or '{' expected near 'x' (line 1, column 1)")
/// ```
struct BaselineError: Error, CustomStringConvertible {
    /// The library's message.
    let description: String

    /// An error with a message.
    init(_ description: String) {
        self.description = description
    }
}
