#if canImport(Glibc)
import Glibc
#endif

/// Settles the C heap around a sample, so a sample pays for its own allocations and frees and
/// for no other workload's.
///
/// glibc's `free` puts small chunks (requests up to 128 bytes) on "fast bins" without merging
/// them with their neighbours; the merging (`malloc_consolidate`) happens at the next request
/// of 1 KiB or more. A workload that frees a tree of many small objects (libxml2's DOM from
/// `xmlReadMemory`, XMLParser's Foundation objects) thus leaves milliseconds of merging to
/// whichever workload asks for a large block next, which in interleaved rounds is another
/// workload: on xmark, `perf` put 10 % of a run in `malloc_consolidate`, and the `libxml2`
/// plugin's samples ranged from 10 to 24 ms (median 21.6). The harness settles the heap before
/// a sample, untimed (the workload before pays nothing more, and this one nothing of it), and
/// again at the end of the sample, timed (the workload pays for merging its own frees).
///
/// Settling is one request of 4 KiB, kept until the next settling (a block freed at once would
/// let the optimiser drop the pair); unlike `malloc_trim` it gives no memory back to the system,
/// so no workload's next run has to fault its pages in again.
///
/// ```swift
/// HeapSettling.settle()
/// let seconds = try Stopwatch.seconds { _ = try workload.run() }
/// ```
enum HeapSettling {
    #if canImport(Glibc)
    /// The block of the last settling (only the harness's thread measures).
    nonisolated(unsafe) private static var block: UnsafeMutableRawPointer?
    #endif

    /// Makes glibc merge the free small chunks now (a no-op elsewhere).
    static func settle() {
        #if canImport(Glibc)
        free(block)
        // Above tcache's largest size (1,032 bytes) and in the large-bin range, so the request
        // reaches the code that consolidates the fast bins.
        block = malloc(4096)
        #endif
    }
}
