import Foundation
import Hummingbird
import RestKitHTTP
import RestKitTestSupport
import Synchronization
import Testing

/// `ObjectManager.streamObjects` against a live server that writes a large JSON document in
/// 64 KiB chunks, generated as it is sent.
@Suite("Streamed responses: objects mapped as the body arrives, in flat memory", .serialized)
struct StreamingResponseTests {
    struct Event: Sendable, Equatable {
        var id = 0
        var name = ""
        var tags: [String] = []
    }

    static let mapping = ObjectMapping(Event.init) { event in
        event.map(["id": \Event.id, "name": \Event.name, "tags": \Event.tags])
    }

    /// `RESTKIT_LARGE_STREAM_MIB=N` streams N MiB and checks the process's peak memory; run it
    /// alone (`swift test --skip-build --filter StreamingResponseTests`): the peak is the
    /// whole process's, and tests running beside it would move it.
    static let largeMebibytes = Int(ProcessInfo.processInfo.environment["RESTKIT_LARGE_STREAM_MIB"] ?? "") ?? 0

    /// `GET /events?mib=N[&padding=P][&bad=K][&cut=1]`: `{"meta": {...}, "events": [{"id": 0,
    /// "name": "event 0", "tags": [...], "padding": "xxx…"}, …]}` of at least N MiB, each event
    /// padded with P bytes; with `bad=K` event K's id is a word; with `cut=1` the document
    /// stops in the middle of an event.
    /// Bytes `/events` has written so far in its current response (the suite is serialized).
    static let bytesSent = Atomic<Int>(0)

    static func router() -> Hummingbird.Router<BasicRequestContext> {
        let router = Hummingbird.Router()
        router.get("/events") { request, _ in
            let size = (request.uri.queryParameters.get("mib").flatMap { Int($0) } ?? 1) << 20
            let bad = request.uri.queryParameters.get("bad").flatMap { Int($0) }
            let cut = request.uri.queryParameters.get("cut") == "1"
            let abort = request.uri.queryParameters.get("abort") == "1"
            let padding = String(repeating: "x", count: request.uri.queryParameters.get("padding").flatMap { Int($0) } ?? 0)
            var headers = HTTPFields()
            headers[.contentType] = "application/json"
            return Response(status: .ok, headers: headers, body: ResponseBody { writer in
                var buffer = ByteBuffer(string: #"{"meta": {"generator": "test"}, "events": ["#)
                var written = 0
                var id = 0
                while written < size {
                    let idText = id == bad ? #""seven""# : "\(id)"
                    buffer.writeString((id == 0 ? "" : ",") + #"{"id": \#(idText), "name": "event \#(id)", "tags": ["a", "b\#(id % 7)"], "padding": "\#(padding)"}"#)
                    id += 1
                    if buffer.readableBytes >= 64 << 10 {
                        written += buffer.readableBytes
                        try await writer.write(buffer)
                        bytesSent.store(written, ordering: .relaxed)
                        if abort { throw CancellationError() }  // the connection drops mid-body
                        buffer.clear()
                    }
                }
                buffer.writeString(cut ? #",{"id": 1, "na"# : "]}")
                try await writer.write(buffer)
                try await writer.finish(nil)
            })
        }
        router.get("/not-modified") { _, _ in Response(status: .notModified) }
        router.get("/not-json") { _, _ in Response(status: .ok, headers: [.contentType: "text/csv"], body: ResponseBody(byteBuffer: ByteBuffer(string: "a,b\n"))) }
        router.get("/gone") { _, _ in
            Response(status: .gone, headers: [.contentType: "application/json"],
                     body: ResponseBody(byteBuffer: ByteBuffer(string: #"{"error": "export expired"}"#)))
        }
        return router
    }

    /// Streams `mebibytes` of events (16 KiB each: the cost is in moving bytes, not in mapping
    /// a million objects, which a debug build does at about 50,000 a second) and checks every
    /// one arrived, in order; returns the count and the growth of the process's peak RSS.
    static func streamEvents(mebibytes: Int, base: String) async throws -> (count: Int, growth: Int) {
        let manager = ObjectManager(baseURL: base)
        try ResidentMemory.resetPeak()
        let before = try ResidentMemory.peakBytes()
        let start = ContinuousClock.now
        let events = try await manager.streamObjects(
            at: "/events", parameters: ["mib": .int(Int64(mebibytes)), "padding": 16_384], keyPath: "events", mapping: mapping)
        #expect(events.status == 200)
        var count = 0
        var inOrder = true
        var sentBeforeFirst: Int?
        for try await event in events {
            if sentBeforeFirst == nil { sentBeforeFirst = bytesSent.load(ordering: .relaxed) }
            if event.id != count || event.name != "event \(count)" || event.tags != ["a", "b\(count % 7)"] { inOrder = false }
            count += 1
        }
        let growth = try ResidentMemory.peakBytes() - before
        print("streamObjects: \(mebibytes) MiB, \(count) events in \(ContinuousClock.now - start), peak RSS growth \(growth >> 20) MiB")
        #expect(inOrder)
        #expect(count > mebibytes << 20 / 16_500)
        // Mapped as it arrived: the first object was handed out before the server had written
        // half the document. Backpressure usually keeps it a few chunks ahead, but with every
        // core busy (CI beside a fuzzing campaign) the server once got 43 MB ahead of the
        // first object of a 256 MiB document, so the bound is half, not a fixed 32 MiB.
        #expect((sentBeforeFirst ?? Int.max) < mebibytes << 19, "server had sent \(sentBeforeFirst ?? -1) bytes")
        return (count, growth)
    }

    @Test(.enabled(if: ResidentMemory.isSupported, "resident memory is read from /proc (Linux only)"))
    func aLargeCollectionIsMappedAsItArrives() async throws {
        try await GistServer.run(router: Self.router()) { base in
            _ = try await Self.streamEvents(mebibytes: 256, base: base)
        }
    }

    // Opt-in: the peak is the whole process's, so only a run of this suite alone measures it.
    @Test(.enabled(if: largeMebibytes > 0, "set RESTKIT_LARGE_STREAM_MIB=N to stream N MiB and check the peak memory"),
          .enabled(if: ResidentMemory.isSupported, "resident memory is read from /proc (Linux only)"))
    func aGigabyteResponseIsMappedInFlatMemory() async throws {
        try await GistServer.run(router: Self.router()) { base in
            let (_, growth) = try await Self.streamEvents(mebibytes: Self.largeMebibytes, base: base)
            // The document is many times larger than this: it was never held whole.
            #expect(growth < 48 << 20, "peak RSS grew by \(growth) bytes")
        }
    }

    @Test func errorsCarryTheElementIndexOrTheByteOffset() async throws {
        try await GistServer.run(router: Self.router()) { base in
            let manager = ObjectManager(baseURL: base)
            var mapped = 0
            do throws(ObjectManagerError) {
                for try await _ in try await manager.streamObjects(at: "/events?mib=1&bad=5000", keyPath: "events", mapping: Self.mapping) {
                    mapped += 1
                }
                Issue.record("a word mapped into an Int")
            } catch {
                #expect(error.errorType == .mapping)
                #expect(mapped == 5000)
                #expect(error.reason.hasPrefix("cannot map element 5000 of the response to GET /events"), "\(error.reason)")
                #expect((error.underlying as? MappingError)?.keyPath == "events.5000.id")
            }

            do throws(ObjectManagerError) {
                for try await _ in try await manager.streamObjects(at: "/events?mib=1&cut=1", keyPath: "events", mapping: Self.mapping) {}
                Issue.record("a truncated document streamed to its end")
            } catch {
                #expect(error.errorType == .unparsableResponse)
                let location = try #require((error.underlying as? ParseError)?.location)
                #expect(location.byteOffset > 1 << 20)
            }

            do throws(ObjectManagerError) {
                for try await _ in try await manager.streamObjects(at: "/events?mib=1&abort=1", keyPath: "events", mapping: Self.mapping) {}
                Issue.record("a body cut by the server streamed to its end")
            } catch {
                // The transport's error, naming the URL whose body failed.
                #expect(error.errorType == .transport, "\(error)")
                #expect(error.url?.hasSuffix("/events?mib=1&abort=1") == true, "\(error)")
            }

            var unchanged = 0
            for try await _ in try await manager.streamObjects(at: "/not-modified", mapping: Self.mapping) { unchanged += 1 }
            #expect(unchanged == 0)

            await #expect(throws: ObjectManagerError.self) {
                _ = try await manager.streamObjects(at: "/not-json", mapping: Self.mapping)
            }
            do throws(ObjectManagerError) {
                _ = try await manager.streamObjects(at: "/gone", mapping: Self.mapping)
                Issue.record("a 410 streamed")
            } catch {
                #expect(error.errorType == .server)
                #expect(error.status == 410)
                #expect(error.messages == ["export expired"])
            }
        }
    }

    @Test func aTransportThatCannotStreamHandsOutTheWholeBody() async throws {
        struct Canned: HTTPTransport {
            func send(_ request: TransportRequest) async throws(ObjectManagerError) -> TransportResponse {
                TransportResponse(status: 200, headers: ["Content-Type": "application/json"], body: Array(#"[{"id": 1, "name": "a"}, {"id": 2, "name": "b"}]"#.utf8))
            }
        }
        let manager = ObjectManager(baseURL: "http://127.0.0.1:1", transport: Canned())
        var names: [String] = []
        for try await event in try await manager.streamObjects(at: "/any", mapping: Self.mapping) { names.append(event.name) }
        #expect(names == ["a", "b"])
    }
}
