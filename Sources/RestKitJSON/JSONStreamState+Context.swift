import RestKitCore

/// The streaming context keeps no input: it validates UTF-8 chunk by chunk (carrying at most
/// three bytes of a cut sequence) and counts lines and columns as chunks go by.
extension JSONStreamState: YAJLContext {
    static var keepsInput: Bool { false }

    var overflowed: Bool { builder.overflowed }

    mutating func receive(_ chunk: UnsafeRawBufferPointer) -> Int {
        locations.offset
    }

    mutating func validate(_ chunk: UnsafeRawBufferPointer) -> Int? {
        validator.validate(chunk.assumingMemoryBound(to: UInt8.self), isFinal: false)
    }

    var validatedCount: Int { validator.validatedCount }

    var inputLimit: Int {
        let (limit, overflow) = boundary.addingReportingOverflow(maximumElementBytes)
        return overflow ? .max : limit
    }

    var inputLimitReason: String {
        inTarget
            ? "an element longer than \(maximumElementBytes) bytes (maximumElementBytes)"
            : "more than \(maximumElementBytes) bytes without a complete value (maximumElementBytes)"
    }

    mutating func finishValidation() -> Int? {
        validator.finish()
    }

    mutating func parsed(_ chunk: UnsafeRawBufferPointer) {
        locations.advance(over: chunk.assumingMemoryBound(to: UInt8.self))
    }

    var inputCount: Int { locations.offset }

    func location(ofInputOffset offset: Int, inChunk chunk: UnsafeRawBufferPointer?) -> SourceLocation {
        let bytes = chunk?.assumingMemoryBound(to: UInt8.self) ?? UnsafeBufferPointer(start: nil, count: 0)
        return locations.location(at: offset, inChunk: bytes, from: locations.offset)
    }
}
