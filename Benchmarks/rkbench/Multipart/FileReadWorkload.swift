import Foundation

/// The baseline: `read(2)` of the same file into a 1 MiB buffer, the floor for any body
/// that streams a file.
///
/// ```swift
/// let baseline = FileReadWorkload(file: file)
/// ```
final class FileReadWorkload: Workload {
    let name = "read(2)"
    let file: BenchmarkTemporaryFile
    private var buffer = [UInt8](repeating: 0, count: 1 << 20)

    init(file: BenchmarkTemporaryFile) {
        self.file = file
    }

    func run() throws -> Int {
        let descriptor = open(try file.path(), O_RDONLY)
        guard descriptor >= 0 else { throw CocoaError(.fileReadUnknown) }
        defer { close(descriptor) }
        var total = 0
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 { throw CocoaError(.fileReadUnknown) }
            if count == 0 { return total }
            total += count
        }
    }
}
