/// Why the corpus could not be loaded; printed by the command as its error message.
///
/// ```swift
/// throw CorpusError("corpus folder /nonexistent does not exist")
/// ```
struct CorpusError: Error, CustomStringConvertible {
    /// What went wrong, in words.
    let description: String

    /// An error with a message.
    init(_ description: String) {
        self.description = description
    }
}
