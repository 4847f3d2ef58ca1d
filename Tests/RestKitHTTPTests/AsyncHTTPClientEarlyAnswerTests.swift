import AsyncHTTPClient
import Hummingbird
import NIOCore
import RestKitTestSupport
import Synchronization
import Testing

/// A known AsyncHTTPClient bug, shown with AsyncHTTPClient alone (no RestKit code): when the
/// server answers a large upload with a status of 300 or more (a redirect, 413 Content Too
/// Large, 401) before reading its body, the client pauses the request body and never resumes
/// it, so its request-body task keeps the body's iterator (and whatever that holds) for the
/// life of the process, even after the client shuts down. A 2xx answer does not do it. The transport works around it by releasing the body's reader when the
/// exchange ends (`TransportTests.theFileOfABodyTheServerNeverReadIsClosedWhenTheExchangeEnds`);
/// under LeakSanitizer the tests that provoke the leak are left out (`Sanitizer.checksLeaks`).
///
/// When this test fails, AsyncHTTPClient no longer keeps the iterator: run those tests under
/// LeakSanitizer again, and remove this test.
@Suite(
    "AsyncHTTPClient: a request body answered early",
    // What it shows is a leak, which LeakSanitizer would report at exit.
    .disabled(if: Sanitizer.checksLeaks, "leaks on purpose"))
struct AsyncHTTPClientEarlyAnswerTests {
    /// 48 MiB of 64 KiB chunks made on demand; counts its live iterators.
    struct Chunks: AsyncSequence, Sendable {
        let live: Counter

        func makeAsyncIterator() -> Iterator { Iterator(token: Token(live)) }

        struct Iterator: AsyncIteratorProtocol {
            var left = 768
            let token: Token

            mutating func next() async throws -> ByteBuffer? {
                guard left > 0 else { return nil }
                left -= 1
                return ByteBuffer(repeating: 0x61, count: 65536)
            }
        }
    }

    final class Counter: Sendable {
        let value = Atomic<Int>(0)
    }

    final class Token: Sendable {
        let counter: Counter
        init(_ counter: Counter) {
            self.counter = counter
            counter.value.add(1, ordering: .relaxed)
        }
        deinit { counter.value.subtract(1, ordering: .relaxed) }
    }

    @Test(arguments: [307, 413])
    func theClientKeepsTheBodyIteratorOfARequestAnsweredBeforeItsBodyWasRead(status: Int) async throws {
        let router = Router()
        router.put("/early/:status") { _, context in
            let status = context.parameters.get("status").flatMap { Int($0) } ?? 200
            return Response(status: .init(code: status), body: ResponseBody(byteBuffer: ByteBuffer(string: "early")))
        }
        let app = Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)))
        let live = Counter()
        try await app.test(.live) { client in
            guard let port = client.port else { Issue.record("the test server has no port"); return }
            var configuration = HTTPClient.Configuration()
            configuration.redirectConfiguration = .disallow
            let httpClient = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
            for _ in 0..<3 {
                var request = HTTPClientRequest(url: "http://127.0.0.1:\(port)/early/\(status)")
                request.method = .PUT
                request.body = .stream(Chunks(live: live), length: .known(Int64(768 * 65536)))
                do {
                    let response = try await httpClient.execute(request, timeout: .seconds(30))
                    #expect(Int(response.status.code) == status)
                    for try await _ in response.body {}
                } catch {
                    // The client may also report the connection it closed; either way the
                    // exchange is over.
                }
            }
            try await httpClient.shutdown()
        }
        try await Task.sleep(for: .seconds(1))
        #expect(
            live.value.load(ordering: .relaxed) > 0,
            "AsyncHTTPClient released every body iterator: drop Sanitizer.checksLeaks from the early-answer tests, and this test")
    }
}
