import Foundation
import RestKitResidentMemory
import Synchronization

/// Runs a program with `posix_spawn`, waits for it with `wait4` and measures the child's own
/// peak resident memory.
///
/// The peak is the child's `VmHWM` from `/proc/PID/status`, read every 5 ms by a helper
/// thread while it runs (it only grows, so the last reading is the peak up to a few ms
/// before the exit). `wait4`'s `ru_maxrss` cannot be used: glibc's `posix_spawn` runs the
/// child in the parent's address space until `exec`, and Linux folds that address space's
/// high-water mark (rkbench's own, corpus included) into the child's `ru_maxrss`.
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
        /// The child's peak resident memory (`VmHWM`), in bytes; 0 when never read.
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
        let watcher = PeakWatcher(pid: pid)
        let thread = Thread { watcher.watch() }
        thread.start()
        var status: Int32 = 0
        var usage = rusage()
        watcher.sample()
        while wait4(pid, &status, 0, &usage) < 0 {
            guard errno == EINTR else {
                watcher.stop()
                throw BaselineError("wait4 failed: \(String(cString: strerror(errno)))")
            }
        }
        let peak = watcher.stop()
        let signal = status & 0x7F
        let errorText = (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? ""
        return Outcome(
            status: signal == 0 ? (status >> 8) & 0xFF : 128 + signal,
            peakRSSBytes: peak,
            standardError: String(errorText.prefix(500)))
    }

    /// The first executable file called `name` on `PATH`, or `nil`.
    static func find(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/\(name)" }.first { access($0, X_OK) == 0 }
    }
}

/// Polls a child's `VmHWM` until told to stop.
private final class PeakWatcher: Sendable {
    private let pid: pid_t
    private let state = Mutex((peak: 0, running: true))

    init(pid: pid_t) {
        self.pid = pid
    }

    /// Reads `VmHWM` every 5 ms until ``stop()``.
    func watch() {
        while state.withLock({ $0.running }) {
            sample()
            usleep(5_000)
        }
    }

    /// Reads `VmHWM` once (nothing when the process is gone).
    func sample() {
        guard let bytes = try? ResidentMemory.peakBytes(of: pid) else { return }
        state.withLock { $0.peak = max($0.peak, bytes) }
    }

    /// Stops watching; the highest reading, in bytes.
    @discardableResult
    func stop() -> Int {
        state.withLock { state in
            state.running = false
            return state.peak
        }
    }
}
