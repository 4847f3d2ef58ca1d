import Foundation
import Glibc

/// Runs a program with `posix_spawn` and waits for it with `wait4`, so the child's own peak
/// resident memory (`ru_maxrss`) comes back with its exit status.
///
/// ```swift
/// let outcome = try ChildProcess.run("/usr/bin/curl", ["-s", "-o", "/dev/null", url])
/// outcome.status          // 0
/// outcome.peakRSSBytes    // the child's VmHWM, in bytes
/// ```
enum ChildProcess {
    struct Outcome {
        /// The exit status, or 128 + the signal number when a signal ended it.
        var status: Int32
        /// `ru_maxrss` of the child, in bytes.
        var peakRSSBytes: Int
        /// The start of what it wrote on stderr (for error messages).
        var standardError: String
    }

    /// Runs `executable` with `arguments`; stdin and stdout are `/dev/null`, stderr is kept.
    static func run(_ executable: String, _ arguments: [String]) throws -> Outcome {
        let errorPath = FileManager.default.temporaryDirectory
            .appendingPathComponent("rkbench-child-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).err").path
        defer { unlink(errorPath) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, errorPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)

        let argv = ([executable] + arguments).map { strdup($0) }
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = (argv + [nil]).withUnsafeBufferPointer { pointer -> Int32 in
            guard let arguments = pointer.baseAddress else { return EINVAL }
            return posix_spawn(&pid, executable, &actions, nil, arguments, environ)
        }
        guard spawned == 0 else {
            throw BaselineError("cannot run \(executable): \(String(cString: strerror(spawned)))")
        }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 {
            guard errno == EINTR else { throw BaselineError("wait4 failed: \(String(cString: strerror(errno)))") }
        }
        let signal = status & 0x7F
        let errorText = (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? ""
        return Outcome(
            status: signal == 0 ? (status >> 8) & 0xFF : 128 + signal,
            peakRSSBytes: usage.ru_maxrss * 1024,
            standardError: String(errorText.prefix(500)))
    }

    /// The first executable file called `name` on `PATH`, or `nil`.
    static func find(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/\(name)" }.first { access($0, X_OK) == 0 }
    }
}
