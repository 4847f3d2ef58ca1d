/// Byte counts in words for error messages.
enum ByteCountText {
    /// `64 MiB (67108864 bytes)`; exact powers of 1024 get a unit, others only bytes.
    static func describe(_ count: Int) -> String {
        for (shift, unit) in [(30, "GiB"), (20, "MiB"), (10, "KiB")] where count > 0 && count % (1 << shift) == 0 {
            return "\(count >> shift) \(unit) (\(count) bytes)"
        }
        return "\(count) bytes"
    }
}
