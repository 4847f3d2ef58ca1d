import ArgumentParser
import Glibc

/// Entry point: runs `rk` and maps failures to exit codes (0 success, 1 bad input,
/// 2 usage error), printing one `rk: error: …` line for input errors.
@main
enum Main {
    static func main() {
        // A closed stdout must give a write error, never kill the process with SIGPIPE.
        signal(SIGPIPE, SIG_IGN)
        do {
            var command = try RK.parseAsRoot()
            try command.run()
        } catch let failure as CommandFailure {
            StandardStreams.writeError("rk: error: \(failure.message)\n")
            exit(failure.exitCode)
        } catch {
            let code = RK.exitCode(for: error)
            if code == .success {
                RK.exit(withError: error)  // --help, --version
            }
            StandardStreams.writeError(RK.fullMessage(for: error) + "\n")
            exit(CommandFailure.usageExitCode)
        }
    }
}
