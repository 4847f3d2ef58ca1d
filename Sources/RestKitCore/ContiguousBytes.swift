/// Runs `body` over the bytes of any byte sequence as one raw buffer: in place when the
/// sequence has contiguous storage (`[UInt8]`, `ArraySlice<UInt8>`, `Data`, a `ByteBuffer`'s
/// `readableBytesView`), else over a copy. The one place the byte-sequence overloads of the
/// chunked parsers (`append(_:)` taking `some Sequence<UInt8>`) get their buffer from.
///
/// ```swift
/// try withContiguousBytes(of: chunk) { (raw) throws(ParseError) in try parser.append(raw) }
/// ```
package func withContiguousBytes<Bytes: Sequence<UInt8>, Result, Failure: Error>(
    of bytes: Bytes, _ body: (UnsafeRawBufferPointer) throws(Failure) -> Result
) throws(Failure) -> Result {
    let inPlace: Swift.Result<Result, Failure>? = bytes.withContiguousStorageIfAvailable { buffer in
        Swift.Result { () throws(Failure) in try body(UnsafeRawBufferPointer(buffer)) }
    }
    if let inPlace { return try inPlace.get() }
    let copy = Array(bytes)
    let copied: Swift.Result<Result, Failure> = copy.withUnsafeBytes { raw in
        Swift.Result { () throws(Failure) in try body(raw) }
    }
    return try copied.get()
}
