internal import CYAJL
import RestKitCore

/// Where the top-level value ended, so that only whitespace may follow it.
///
/// yajl rejects most text after the value itself ("trailing garbage"), but not an
/// unterminated string (`[1] "x`): its lexer waits for the closing quote, and
/// `yajl_complete_parse` does not report the pending token. The yajl parsers record the
/// end of the value when its last token arrives and check every byte after it.
///
/// ```swift
/// state.documentEnd.record(handle, chunkOffset: state.chunkOffset, isInsideChunk: state.chunkStart != nil)
/// if let offset = state.documentEnd.firstTrailingText(in: chunk, at: chunkOffset) { … }
/// ```
struct DocumentEnd {
    /// The input offset just after the top-level value; `nil` until it is complete, and
    /// `Int.max` when it completed while the parse was being finished (nothing follows).
    private(set) var offset: Int?

    /// Records the end of the value whose last token yajl has just reported. During a
    /// callback, yajl's consumed-byte count is the offset just after that token.
    mutating func record(_ handle: yajl_handle?, chunkOffset: Int, isInsideChunk: Bool) {
        guard offset == nil else { return }
        guard isInsideChunk, let handle else {
            offset = .max
            return
        }
        offset = chunkOffset + yajl_get_bytes_consumed(handle)
    }

    /// The input offset of the first byte of `chunk` (which starts at `chunkOffset`) that
    /// lies after the value and is not JSON whitespace.
    func firstTrailingText(in chunk: UnsafeRawBufferPointer, at chunkOffset: Int) -> Int? {
        guard let offset, offset < chunkOffset + chunk.count else { return nil }
        for position in max(0, offset - chunkOffset)..<chunk.count {
            switch chunk[position] {
            case 0x20, 0x0A, 0x0D, 0x09: continue
            default: return chunkOffset + position
            }
        }
        return nil
    }
}
