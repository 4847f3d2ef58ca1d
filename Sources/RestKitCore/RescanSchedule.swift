/// When a chunked scanner reads its input again.
///
/// A token that chunks cut is scanned again from its start only once the input after its start
/// has doubled, so tiny chunks cannot make a long string cost quadratic time: the bytes read
/// again over a whole document stay within a constant factor of its length. An error inside
/// such a token is found at the next scan, at the same offset a whole scan gives.
/// ``JSONElementScanner`` also scans before a scan is due when the new bytes may complete the
/// element it stopped in (``PendingTokenTracker``), so that waiting never keeps an element back.
///
/// ```swift
/// var schedule = RescanSchedule()
/// if schedule.isDue(at: received) {
///     // scan, then:
///     schedule.scanned(upTo: received, resumingAt: checkpoint)
/// }
/// ```
package struct RescanSchedule {
    /// The input offset at which the next scan is due.
    private var nextScan = 0

    package init() {}

    /// Whether the input received so far (`offset` bytes) is enough for another scan.
    package func isDue(at offset: Int) -> Bool { offset >= nextScan }

    /// Records a scan that read the input up to `offset` and stopped in a token starting at
    /// `resume` (the scan's checkpoint; `offset` when nothing is pending).
    package mutating func scanned(upTo offset: Int, resumingAt resume: Int) {
        nextScan = offset + max(1, offset - resume)
    }
}
