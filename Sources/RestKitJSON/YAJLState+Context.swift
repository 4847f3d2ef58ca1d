import RestKitCore

/// The whole-document context keeps all input on its tape (strings and numbers point into
/// it), so it validates and locates against the input it holds.
extension YAJLState: YAJLContext {
    static var keepsInput: Bool { true }

    var overflowed: Bool { builder.overflowed }

    mutating func receive(_ chunk: UnsafeRawBufferPointer) -> Int {
        builder.appendInput(chunk)
    }

    mutating func validate(_ chunk: UnsafeRawBufferPointer) -> Int? {
        builder.validateInput(isFinal: false)
    }

    var validatedCount: Int { builder.validatedInputCount }

    var inputLimit: Int { maximumBytes }

    var inputLimitReason: String { "a document longer than \(maximumBytes) bytes (maximumBytes)" }

    mutating func finishValidation() -> Int? {
        builder.validateInput(isFinal: true)
    }

    mutating func parsed(_ chunk: UnsafeRawBufferPointer) {}

    var inputCount: Int { builder.inputCount }

    func location(ofInputOffset offset: Int, inChunk chunk: UnsafeRawBufferPointer?) -> SourceLocation {
        builder.location(ofInputOffset: offset)
    }
}
