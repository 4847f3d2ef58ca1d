import Foundation
import RestKit
import RestKitResidentMemory

/// Builds the body for `rk form` and streams it out.
struct FormWriting {
    let fields: [String]
    let urlencoded: Bool
    let output: String?
    let printsStats: Bool

    func run() throws(CommandFailure) {
        let parsed = try fields.map { (argument) throws(CommandFailure) in try FormField(argument) }
        let body = urlencoded ? try FormBodies.urlEncoded(parsed) : try FormBodies.multipart(parsed)
        StandardStreams.writeError("Content-Type: \(body.contentType?.description ?? "application/octet-stream")\n")
        if let length = body.length.value { StandardStreams.writeError("Content-Length: \(length)\n") }
        let start = ContinuousClock.now
        let written = try stream(body)
        if printsStats {
            let elapsed = ContinuousClock.now - start
            let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
            let rate = seconds > 0 ? Double(written) / seconds / 1e6 : 0
            let peak: String
            do {
                peak = "\(try ResidentMemory.peakBytes()) bytes"
            } catch {
                peak = "unknown (\(error))"
            }
            StandardStreams.writeError("Stats: \(written) bytes in \(String(format: "%.3f", seconds)) s (\(String(format: "%.0f", rate)) MB/s), peak RSS \(peak)\n")
        }
    }

    /// Copies the body to the output one fixed-size buffer at a time; returns the bytes written.
    private func stream(_ body: Body) throws(CommandFailure) -> Int {
        let descriptor: Int32
        if let output {
            descriptor = open(output, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
            guard descriptor >= 0 else {
                throw CommandFailure.input("\(output): \(String(cString: strerror(errno)))")
            }
        } else {
            descriptor = STDOUT_FILENO
        }
        defer { if output != nil { close(descriptor) } }
        let reader = body.makeReader()
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        var total = 0
        while true {
            let count: Int
            do {
                count = try buffer.withUnsafeMutableBytes { (raw) throws(BodyError) in try reader.read(into: raw) }
            } catch {
                throw CommandFailure.input("\(error)")
            }
            if count == 0 { return total }
            try StandardStreams.write(buffer[..<count], to: descriptor, name: output ?? "standard output")
            total += count
        }
    }
}
