import Foundation
import RestKitStore
import Synchronization

/// Where the `store-postgres` rows find a PostgreSQL server, and that server once reached.
///
/// In order: `--postgres-url URL`; the `RESTKIT_POSTGRES_URL` environment variable (the one the
/// store's tests read); else a private cluster started with `scripts/postgres-server.sh start`
/// (looked for under the current directory, then in the package this file belongs to), stopped
/// and removed when rkbench exits. Choosing (``locate(url:environment:)``) only looks for the
/// script and `initdb`; the server is started and connected to when a PostgreSQL workload is
/// first about to run (``connected()``), so a run filtered to other rows starts nothing.
///
/// Every sample imports into a schema of its own (``freshSchema(_:)``: `rkbench_<pid>_<tag>_<n>`,
/// created empty), dropped by the workload's next sample and, for those left, at exit; no other
/// schema is touched.
///
/// ```swift
/// switch PostgresBenchServer.locate(url: nil) {
/// case .success(let server): let connected = try server.connected()   // started or reached now
/// case .failure(let why): print(why)                                  // no URL, no script, no initdb
/// }
/// ```
final class PostgresBenchServer: Sendable {
    /// Where the server comes from.
    enum Source: Sendable, CustomStringConvertible {
        /// A server of the user's (`origin`: the option or variable that named it).
        case url(String, origin: String)
        /// A private cluster this process starts with the script at this path.
        case privateCluster(script: String)

        var description: String {
            switch self {
            case .url(_, let origin): origin
            case .privateCluster(let script): "a private server started by \(script)"
            }
        }
    }

    /// The server, reached.
    struct Connected: Sendable {
        /// The stores' configuration for the server (no schema).
        let configuration: PostgreSQLStore.Configuration
        /// `postgres://user@host:port/database` (no password), for messages.
        let location: String
        /// The connection for setup, checks and dropping schemas.
        let admin: PostgresBenchConnection
    }

    let source: Source
    private let state = Mutex<Result<Connected, BaselineError>?>(nil)
    /// The private cluster's directory, once started.
    private let clusterDirectory = Mutex<String?>(nil)
    /// Schemas made by ``freshSchema(_:)`` and not dropped yet.
    private let liveSchemas = Mutex<Set<String>>([])
    private let counter = Atomic<Int>(0)
    private let cleanUpRegistered = Atomic<Bool>(false)
    /// Tells schemas of this process from those of an earlier rkbench with the same pid.
    private let runTag = String(UInt32.random(in: 0...UInt32.max), radix: 16)

    private init(source: Source) {
        self.source = source
    }

    /// The server to use, or why there is none. Starts and connects to nothing.
    static func locate(url: String?, environment: [String: String] = ProcessInfo.processInfo.environment)
        -> Result<PostgresBenchServer, BaselineError>
    {
        if let url { return .success(PostgresBenchServer(source: .url(url, origin: "--postgres-url"))) }
        if let url = environment["RESTKIT_POSTGRES_URL"], !url.isEmpty {
            return .success(PostgresBenchServer(source: .url(url, origin: "RESTKIT_POSTGRES_URL")))
        }
        guard let script = scriptPath() else {
            return .failure(BaselineError(
                "no RESTKIT_POSTGRES_URL or --postgres-url, and no scripts/postgres-server.sh under \(FileManager.default.currentDirectoryPath) to start a server"))
        }
        guard hasInitdb(environment: environment) else {
            return .failure(BaselineError(
                "no RESTKIT_POSTGRES_URL or --postgres-url, and no initdb to start a private server with (install postgresql-15: make postgres-deps)"))
        }
        return .success(PostgresBenchServer(source: .privateCluster(script: script)))
    }

    /// `scripts/postgres-server.sh` under the current directory, else in this source's package.
    static func scriptPath() -> String? {
        let relative = "scripts/postgres-server.sh"
        let packageRoot = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let candidates = [
            URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent(relative).path,
            packageRoot.appendingPathComponent(relative).path,
        ]
        return candidates.first { FileManager.default.isReadableFile(atPath: $0) }
    }

    /// Whether the script would find `initdb` (Debian's `/usr/lib/postgresql/*/bin`, or the PATH).
    static func hasInitdb(environment: [String: String]) -> Bool {
        let versions = (try? FileManager.default.contentsOfDirectory(atPath: "/usr/lib/postgresql")) ?? []
        let folders = versions.map { "/usr/lib/postgresql/\($0)/bin" }
            + (environment["PATH"] ?? "").split(separator: ":").map(String.init)
        return folders.contains { FileManager.default.isExecutableFile(atPath: $0 + "/initdb") }
    }

    // MARK: Reaching the server

    /// The server, started (a private cluster) and connected to on the first call; the same
    /// error on every call after a failure, which the first one also prints on stderr.
    func connected() throws(BaselineError) -> Connected {
        let result = state.withLock { state in
            if let state { return state }
            let result = Result { () throws(BaselineError) in try connect() }
            if case .failure(let error) = result {
                FileHandle.standardError.write(Data("rkbench: the PostgreSQL rows are skipped: \(error)\n".utf8))
            }
            state = result
            return result
        }
        return try result.get()
    }

    /// Why the PostgreSQL workloads cannot run (reaching the server first, if not yet done), or `nil`.
    var unavailableReason: String? {
        do {
            _ = try connected()
            return nil
        } catch {
            return "no PostgreSQL server: \(error)"
        }
    }

    private func connect() throws(BaselineError) -> Connected {
        let url: String
        let origin: String
        switch source {
        case .url(let given, let named):
            url = given
            origin = named
        case .privateCluster(let script):
            url = try startCluster(script: script)
            origin = "a private server"
        }
        var configuration: PostgreSQLStore.Configuration
        do {
            configuration = try PostgreSQLStore.Configuration(url: url)
        } catch {
            throw BaselineError("\(origin): \(error)")
        }
        configuration.schema = nil
        let location = "postgres://\(configuration.username)@\(configuration.host):\(configuration.port)/\(configuration.database)"
        let admin: PostgresBenchConnection
        do {
            let opening = configuration
            admin = try AsyncBridge.wait { try await PostgresBenchConnection.open(opening) }
            _ = try AsyncBridge.wait { try await admin.rows("SELECT 1") }
        } catch {
            throw BaselineError("cannot use \(location) (\(origin)): \(PostgresBenchConnection.describe(error))")
        }
        registerCleanUp()
        return Connected(configuration: configuration, location: location, admin: admin)
    }

    /// Runs `script start`, then `script url DIR`; the cluster is stopped at exit.
    private func startCluster(script: String) throws(BaselineError) -> String {
        print("store-postgres: starting a private PostgreSQL server (\(script) start)")
        let started = Self.run(script, ["start"])
        let directory = started.output.split(separator: "\n").last.map(String.init) ?? ""
        guard started.status == 0, !directory.isEmpty else {
            let why = started.errors.split(separator: "\n").map(String.init).joined(separator: "; ")
            throw BaselineError("\(script) start failed (status \(started.status)): \(why.isEmpty ? "no output" : why)")
        }
        clusterDirectory.withLock { $0 = directory }
        registerCleanUp()
        PostgresBenchExit.exitOnInterrupt()
        let named = Self.run(script, ["url", directory])
        let url = named.output.trimmingCharacters(in: .whitespacesAndNewlines)
        guard named.status == 0, !url.isEmpty else {
            throw BaselineError("\(script) url \(directory) failed (status \(named.status)): \(named.errors)")
        }
        print("store-postgres: a private PostgreSQL server in \(directory), stopped and removed at exit")
        return url
    }

    /// Runs the script with bash; its status, standard output and standard error.
    private static func run(_ script: String, _ arguments: [String]) -> (status: Int32, output: String, errors: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["bash", script] + arguments
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            return (-1, "", "cannot run bash \(script): \(error)")
        }
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        let errorData = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: outputData, as: UTF8.self), String(decoding: errorData, as: UTF8.self))
    }

    // MARK: Schemas

    /// A new, empty schema named `rkbench_<pid>_<tag>_<n>` (created now, so it cannot be an
    /// earlier one's); `purpose` is only for messages.
    func freshSchema(_ purpose: String) throws(BaselineError) -> String {
        let admin = try connected().admin
        let name = "rkbench_\(getpid())_\(runTag)_\(counter.add(1, ordering: .relaxed).newValue)"
        do {
            try AsyncBridge.wait { try await admin.execute("CREATE SCHEMA \(PostgresBenchConnection.quoted(name))") }
        } catch {
            throw BaselineError("creating the schema \(name) for \(purpose): \(PostgresBenchConnection.describe(error))")
        }
        liveSchemas.withLock { _ = $0.insert(name) }
        return name
    }

    /// Drops a schema made by ``freshSchema(_:)`` (and everything in it).
    func drop(_ schema: String) throws(BaselineError) {
        let admin = try connected().admin
        do {
            try AsyncBridge.wait { try await admin.execute("DROP SCHEMA IF EXISTS \(PostgresBenchConnection.quoted(schema)) CASCADE") }
        } catch {
            throw BaselineError("dropping the schema \(schema): \(PostgresBenchConnection.describe(error))")
        }
        liveSchemas.withLock { _ = $0.remove(schema) }
    }

    /// Has ``cleanUp()`` run at exit (once, however often called).
    private func registerCleanUp() {
        guard !cleanUpRegistered.exchange(true, ordering: .relaxed) else { return }
        PostgresBenchExit.register { [self] in cleanUp() }
    }

    /// At exit: a private cluster is stopped and removed; on a server of the user's, the
    /// schemas still there are dropped (waiting at most 30 s).
    private func cleanUp() {
        if let directory = clusterDirectory.withLock({ $0 }) {
            guard case .privateCluster(let script) = source else { return }
            PostgresBenchExit.spawnAndWait(["/usr/bin/env", "bash", script, "stop", directory])
            return
        }
        let schemas = liveSchemas.withLock { $0 }
        guard !schemas.isEmpty, case .success(let connected)? = state.withLock({ $0 }) else { return }
        let admin = connected.admin
        let sql = "DROP SCHEMA IF EXISTS " + schemas.sorted().map(PostgresBenchConnection.quoted).joined(separator: ", ") + " CASCADE"
        PostgresBenchExit.wait(seconds: 30) {
            try? await admin.execute(sql)
            await admin.close()
        }
    }
}

/// What runs when rkbench exits (an `atexit` handler, registered on first use): stopping the
/// private PostgreSQL cluster, dropping schemas left on a user's server.
enum PostgresBenchExit {
    private static let actions = Mutex<[@Sendable () -> Void]>([])
    private static let registered = Atomic<Bool>(false)

    /// Adds `action`, run at exit in the order added.
    static func register(_ action: @escaping @Sendable () -> Void) {
        actions.withLock { $0.append(action) }
        if !registered.exchange(true, ordering: .relaxed) {
            atexit { PostgresBenchExit.runAll() }
        }
    }

    private static func runAll() {
        let pending = actions.withLock { actions in
            defer { actions.removeAll() }
            return actions
        }
        for action in pending { action() }
    }

    private static let signalSources = Mutex<[any DispatchSourceSignal]>([])

    /// Makes Ctrl-C (SIGINT) and SIGTERM end rkbench through `exit`, so that the `atexit`
    /// work (stopping the private cluster) runs instead of leaving a server behind.
    static func exitOnInterrupt() {
        signalSources.withLock { sources in
            guard sources.isEmpty else { return }
            for number in [SIGINT, SIGTERM] {
                signal(number, SIG_IGN)
                let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
                source.setEventHandler {
                    FileHandle.standardError.write(Data("rkbench: interrupted; stopping the private PostgreSQL server\n".utf8))
                    exit(128 + number)
                }
                source.resume()
                sources.append(source)
            }
        }
    }

    /// Runs a program and waits for it (no Foundation `Process`: this runs inside `exit`).
    static func spawnAndWait(_ arguments: [String]) {
        guard let program = arguments.first else { return }
        let argv = arguments.map { strdup($0) }
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = (argv + [nil]).withUnsafeBufferPointer { pointer -> Int32 in
            guard let base = pointer.baseAddress else { return EINVAL }
            return posix_spawn(&pid, program, nil, nil, base, environ)
        }
        guard spawned == 0 else { return }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    }

    /// Runs `body` in a task and waits for it, at most `seconds`.
    static func wait(seconds: Double, _ body: @escaping @Sendable () async -> Void) {
        let done = DispatchSemaphore(value: 0)
        Task.detached {
            await body()
            done.signal()
        }
        _ = done.wait(timeout: .now() + seconds)
    }
}
