import ArgumentParser
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Entry point: runs `rk` and maps failures to exit codes (0 success, 1 bad input or a failed
/// request, 2 usage error), printing one `rk: error: …` line for input errors.
@main
enum Main {
    static func main() async {
        // A closed stdout must give a write error, never kill the process with SIGPIPE.
        signal(SIGPIPE, SIG_IGN)
        do {
            var command = try RK.parseAsRoot()
            if var command = command as? any AsyncParsableCommand {
                try await command.run()
            } else {
                try command.run()
            }
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
