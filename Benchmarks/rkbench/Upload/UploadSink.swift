import Foundation
import Hummingbird
import Synchronization

/// A loopback HTTP server that counts and discards request bodies: the server side of
/// `upload/…`. Started on first use (127.0.0.1, a free port), it runs until rkbench exits.
///
/// Every request's body is read to the end; the sink remembers the last one's size and its
/// `Content-Length`, so each workload can check that the whole file arrived.
///
/// ```swift
/// let url = try UploadSink.shared.url()        // http://127.0.0.1:PORT/upload
/// … upload …
/// let last = UploadSink.shared.lastUpload      // (declared: 2147483998, received: 2147483998)
/// ```
final class UploadSink: Sendable {
    static let shared = UploadSink()

    /// What the last request carried.
    struct Upload: Equatable {
        var declared: Int?
        var received: Int
    }

    private let port = Mutex<Int?>(nil)
    private let last = Mutex<Upload?>(nil)

    /// The last request's declared and received body sizes.
    var lastUpload: Upload? { last.withLock { $0 } }

    /// Forgets the last upload (before the next one).
    func reset() {
        last.withLock { $0 = nil }
    }

    /// The upload URL, starting the server the first time.
    func url() throws -> String {
        try port.withLock { port in
            if let port { return "http://127.0.0.1:\(port)/upload" }
            let started = try start()
            port = started
            return "http://127.0.0.1:\(started)/upload"
        }
    }

    /// Starts the server in a detached task and waits (up to 10 s) for its port.
    private func start() throws -> Int {
        // Hummingbird logs its start at info level on stdout; the report must stay clean.
        if ProcessInfo.processInfo.environment["LOG_LEVEL"] == nil { setenv("LOG_LEVEL", "error", 1) }
        let router = Router()
        router.post("/upload") { [self] request, _ in
            var received = 0
            for try await buffer in request.body { received += buffer.readableBytes }
            let upload = Upload(declared: request.headers[.contentLength].flatMap { Int($0) }, received: received)
            last.withLock { $0 = upload }
            let status: HTTPResponse.Status = upload.declared == nil || upload.declared == received ? .ok : .badRequest
            return Response(status: status, body: ResponseBody(byteBuffer: ByteBuffer(string: "received \(received) bytes\n")))
        }
        let ready = DispatchSemaphore(value: 0)
        let boundPort = Mutex<Int?>(nil)
        let app = Application(
            router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)),
            onServerRunning: { channel in
                boundPort.withLock { $0 = channel.localAddress?.port }
                ready.signal()
            })
        let failure = Mutex<String?>(nil)
        Task.detached {
            do {
                try await app.runService(gracefulShutdownSignals: [])
            } catch {
                failure.withLock { $0 = "\(error)" }
                ready.signal()
            }
        }
        guard ready.wait(timeout: .now() + 10) == .success, let port = boundPort.withLock({ $0 }) else {
            throw BaselineError("the upload sink did not start" + (failure.withLock { $0 }.map { ": \($0)" } ?? ""))
        }
        return port
    }
}
