#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A file on disk as it was when it was added to a body: path, size and modification time.
///
/// Opening it again (for every reader) checks that the file is still the same size and has
/// not been modified; reading checks that it neither ends early nor grows past that size.
struct FileSnapshot: Sendable, Hashable {
    let path: String
    let size: Int
    let modificationSeconds: Int
    let modificationNanoseconds: Int

    /// Stats `path` now.
    init(path: String) throws(BodyError) {
        var info = stat()
        guard stat(path, &info) == 0 else {
            throw Self.error(errno: errno, path: path, doing: "cannot read file information")
        }
        guard Self.isRegularFile(info) else {
            throw BodyError(.fileUnreadable, "not a regular file", path: path)
        }
        self.path = path
        self.size = Int(info.st_size)
        (self.modificationSeconds, self.modificationNanoseconds) = Self.modificationTime(info)
    }

    /// Opens the file and checks it against the snapshot.
    func open() throws(BodyError) -> OpenFile {
        let descriptor = Self.systemOpen(path)
        guard descriptor >= 0 else {
            throw Self.error(errno: errno, path: path, doing: "cannot open file")
        }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            let code = errno
            _ = close(descriptor)
            throw Self.error(errno: code, path: path, doing: "cannot read file information")
        }
        let (seconds, nanoseconds) = Self.modificationTime(info)
        if Int(info.st_size) != size {
            _ = close(descriptor)
            throw BodyError(
                .fileChanged, "file changed size since it was added to the body (was \(size) bytes, now \(info.st_size))",
                path: path)
        }
        if seconds != modificationSeconds || nanoseconds != modificationNanoseconds {
            _ = close(descriptor)
            throw BodyError(.fileChanged, "file was modified since it was added to the body", path: path)
        }
        return OpenFile(descriptor: descriptor, snapshot: self)
    }

    private static func systemOpen(_ path: String) -> Int32 {
        #if canImport(Darwin)
        Darwin.open(path, O_RDONLY | O_CLOEXEC)
        #else
        Glibc.open(path, O_RDONLY | O_CLOEXEC)
        #endif
    }

    private static func isRegularFile(_ info: stat) -> Bool {
        (info.st_mode & S_IFMT) == S_IFREG
    }

    private static func modificationTime(_ info: stat) -> (Int, Int) {
        #if canImport(Darwin)
        (Int(info.st_mtimespec.tv_sec), Int(info.st_mtimespec.tv_nsec))
        #else
        (Int(info.st_mtim.tv_sec), Int(info.st_mtim.tv_nsec))
        #endif
    }

    /// A ``BodyError`` for a failed system call, classified by `errno`.
    static func error(errno code: Int32, path: String, doing action: String) -> BodyError {
        let message = String(cString: strerror(code))
        if code == ENOENT || code == ENOTDIR {
            return BodyError(.fileNotFound, "file not found (\(message))", path: path)
        }
        return BodyError(.fileUnreadable, "\(action) (\(message))", path: path)
    }
}

/// An open file descriptor of a ``FileSnapshot``, read sequentially with `pread(2)`.
/// Owned by one ``Body/Reader``; closed by ``close()`` or when the reader goes away.
struct OpenFile {
    let descriptor: Int32
    let snapshot: FileSnapshot
    /// Bytes read so far.
    private(set) var offset = 0

    init(descriptor: Int32, snapshot: FileSnapshot) {
        self.descriptor = descriptor
        self.snapshot = snapshot
    }

    /// Reads up to `buffer.count` bytes; returns 0 once exactly `snapshot.size` bytes were
    /// read and the file has nothing more. Throws when the file ends early or grew.
    mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws(BodyError) -> Int {
        let remaining = snapshot.size - offset
        guard remaining > 0 else {
            try checkAtEnd()
            return 0
        }
        guard let base = buffer.baseAddress, !buffer.isEmpty else { return 0 }
        while true {
            let count = pread(descriptor, base, min(buffer.count, remaining), off_t(offset))
            if count > 0 {
                offset += count
                return count
            }
            if count == 0 {
                throw BodyError(
                    .fileChanged,
                    "file ended after \(offset) of \(snapshot.size) bytes (truncated while streaming)",
                    path: snapshot.path)
            }
            if errno != EINTR {
                throw FileSnapshot.error(errno: errno, path: snapshot.path, doing: "read failed at byte \(offset)")
            }
        }
    }

    /// Fails if the file has bytes past its declared size.
    private func checkAtEnd() throws(BodyError) {
        var probe: UInt8 = 0
        while true {
            let count = pread(descriptor, &probe, 1, off_t(offset))
            if count == 0 { return }
            if count > 0 {
                throw BodyError(
                    .fileChanged, "file grew past its declared \(snapshot.size) bytes while streaming",
                    path: snapshot.path)
            }
            if errno != EINTR {
                throw FileSnapshot.error(errno: errno, path: snapshot.path, doing: "read failed at byte \(offset)")
            }
        }
    }

    /// Closes the descriptor.
    func close() {
        #if canImport(Darwin)
        _ = Darwin.close(descriptor)
        #else
        _ = Glibc.close(descriptor)
        #endif
    }
}
