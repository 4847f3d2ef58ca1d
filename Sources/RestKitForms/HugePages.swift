#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Advice to the kernel for large buffers about to be filled: back them with transparent huge
/// pages where the system allows it (`/sys/kernel/mm/transparent_hugepage/enabled` set to
/// `madvise` or `always`).
///
/// Filling a new 64 MiB array with 4 KiB pages takes 16,384 page faults, which cost more than
/// copying the bytes (rkbench's `multipart/serialize-64MiB`); with 2 MiB pages it takes about
/// 32. Only whole 2 MiB-aligned ranges inside the buffer are advised, so nothing outside it is
/// touched. The advice is a hint: where huge pages are off or unsupported it does nothing.
///
/// ```swift
/// result = [UInt8](unsafeUninitializedCapacity: size) { storage, count in
///     HugePages.advise(UnsafeMutableRawBufferPointer(storage))
///     …
/// }
/// ```
enum HugePages {
    /// The huge page size on x86-64 and most arm64 kernels.
    static let size = 2 << 20
    /// Buffers smaller than this are left alone (at most one huge page would fit).
    static let threshold = 4 << 20

    /// Advises the 2 MiB-aligned part of `buffer`.
    static func advise(_ buffer: UnsafeMutableRawBufferPointer) {
        #if os(Linux)
        guard let base = buffer.baseAddress, let range = alignedRange(base: UInt(bitPattern: base), count: buffer.count),
            let start = UnsafeMutableRawPointer(bitPattern: range.lowerBound)
        else { return }
        _ = madvise(start, Int(range.upperBound - range.lowerBound), MADV_HUGEPAGE)
        #endif
    }

    /// The whole huge pages inside `count` bytes from `base`, or `nil` when the buffer is
    /// below ``threshold`` or holds none.
    static func alignedRange(base: UInt, count: Int) -> Range<UInt>? {
        guard count >= threshold else { return nil }
        let mask = UInt(size - 1)
        let (end, overflow) = base.addingReportingOverflow(UInt(count))
        guard !overflow, base <= UInt.max - mask else { return nil }
        let start = (base + mask) & ~mask
        let alignedEnd = end & ~mask
        return alignedEnd > start ? start..<alignedEnd : nil
    }
}
