import Foundation
import Synchronization

/// Database files of the `store` group: one folder per process under the temporary directory,
/// a new file name for every sample, and the folder removed at exit.
///
/// Names are never reused: a store released by a sample may still be closing on GRDB's queue
/// (SQLite then deletes its `-wal` by name), so a new file must not take its name.
///
/// ```swift
/// let path = try StoreDatabaseFiles.fresh("store")   // …/rkbench-store-<pid>/store-1.sqlite, empty
/// ```
enum StoreDatabaseFiles {
    private static let folder = Mutex<String?>(nil)
    private static let counter = Atomic<Int>(0)

    /// The path of a new, empty database file (or other file, with `suffix`) whose name starts with `name`.
    static func fresh(_ name: String, suffix: String = ".sqlite") throws -> String {
        let directory = try folder.withLock { folder in
            if let folder { return folder }
            let path = FileManager.default.temporaryDirectory.appendingPathComponent("rkbench-store-\(getpid())").path
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
            atexit { StoreDatabaseFiles.removeAll() }
            folder = path
            return path
        }
        let number = counter.add(1, ordering: .relaxed).newValue
        let path = directory + "/" + name.replacingOccurrences(of: " ", with: "-") + "-\(number)" + suffix
        remove(path)
        return path
    }

    /// Deletes a database file and its WAL and shared-memory files.
    static func remove(_ path: String) {
        for suffix in ["", "-wal", "-shm"] { unlink(path + suffix) }
    }

    private static func removeAll() {
        if let path = folder.withLock({ $0 }) { try? FileManager.default.removeItem(atPath: path) }
    }
}

/// Runs async store calls from the harness's synchronous workloads: the body runs in a task,
/// the calling thread (rkbench's main thread, never a cooperative one) waits on a semaphore.
///
/// ```swift
/// let result = try AsyncBridge.wait { try await store.map(document, with: entity) }
/// ```
enum AsyncBridge {
    private final class Box<T>: @unchecked Sendable {
        var result: Result<T, any Error>?  // written before the signal, read after the wait
    }

    static func wait<T: Sendable>(_ body: @escaping @Sendable () async throws -> T) throws -> T {
        let box = Box<T>()
        let done = DispatchSemaphore(value: 0)
        Task.detached {
            do { box.result = .success(try await body()) } catch { box.result = .failure(error) }
            done.signal()
        }
        done.wait()
        guard let result = box.result else { throw BaselineError("the task ended without a result") }
        return try result.get()
    }
}
