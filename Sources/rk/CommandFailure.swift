#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import RestKit

/// A failure that ends `rk` with a message and an exit status.
struct CommandFailure: Error {
    static let inputExitCode: Int32 = 1
    static let usageExitCode: Int32 = 2

    let message: String
    let exitCode: Int32

    /// Malformed or unreadable input (exit 1).
    static func input(_ message: String) -> CommandFailure {
        CommandFailure(message: message, exitCode: inputExitCode)
    }

    /// A bad option or argument (exit 2).
    static func usage(_ message: String) -> CommandFailure {
        CommandFailure(message: message, exitCode: usageExitCode)
    }

    /// `PATH:LINE:COLUMN: reason` for a parse error in the input named `name`.
    static func parse(_ error: ParseError, in name: String) -> CommandFailure {
        if let location = error.location {
            return input("\(name):\(location.line):\(location.column): \(error.reason)")
        }
        return input("\(name): \(error.reason)")
    }
}

/// Writes to stdout and stderr with plain `write(2)`, reporting failures instead of dying.
enum StandardStreams {
    /// Writes all bytes to stdout; throws when the reader went away (EPIPE) or the disk is full.
    static func writeOutput(_ bytes: [UInt8]) throws(CommandFailure) {
        try write(bytes[...], to: STDOUT_FILENO, name: "standard output")
    }

    /// Writes all bytes to a file descriptor, retrying short writes.
    static func write(_ bytes: ArraySlice<UInt8>, to descriptor: Int32, name: String) throws(CommandFailure) {
        var written = 0
        while written < bytes.count {
            let result = bytes.withUnsafeBytes { buffer in
                Glibc.write(descriptor, buffer.baseAddress.map { $0 + written }, buffer.count - written)
            }
            if result < 0 {
                if errno == EINTR { continue }
                throw CommandFailure.input("cannot write to \(name): \(String(cString: strerror(errno)))")
            }
            written += result
        }
    }

    static func writeError(_ text: String) {
        var text = text
        text.withUTF8 { buffer in
            var written = 0
            while written < buffer.count {
                let result = Glibc.write(STDERR_FILENO, buffer.baseAddress.map { $0 + written }, buffer.count - written)
                if result <= 0 { return }
                written += result
            }
        }
    }
}
