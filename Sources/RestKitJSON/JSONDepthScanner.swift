/// Finds where a JSON document first nests deeper than a limit, to give a depth error a
/// position. Runs only when an error is being reported.
enum JSONDepthScanner {
    /// The byte offset of the opening bracket that exceeds `limit`, or `nil`.
    static func offset(exceeding limit: Int, in input: UnsafeRawBufferPointer) -> Int? {
        var depth = 0
        var inString = false
        var escaped = false
        for (offset, byte) in input.enumerated() {
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""):
                inString = true
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                depth += 1
                if depth > limit { return offset }
            case UInt8(ascii: "]"), UInt8(ascii: "}"):
                depth -= 1
            default:
                break
            }
        }
        return nil
    }
}
