import MultipartKit
import NIOCore
import RestKit

/// Subject: RestKit builds the fixture's form and writes it: `restkit` into one array (as multipart-kit
/// writes one `ByteBuffer`; the body knows its length, so the array is allocated once), or
/// `restkit streamed` through the body's reader into one reused 64 KiB buffer (how the
/// object manager sends it: no copy of the whole body).
///
/// ```swift
/// let fixture = MultipartPeerFixture.Lazy(label: "form", make: MultipartPeerFixture.smallForm)
/// _ = try MultipartSerializeWorkload(fixture: fixture, streamed: false).run()   // body bytes
/// ```
final class MultipartSerializeWorkload: Workload {
    let name: String
    let fixture: MultipartPeerFixture.Lazy
    let streamed: Bool
    private var buffer = [UInt8](repeating: 0, count: 64 << 10)

    init(fixture: MultipartPeerFixture.Lazy, streamed: Bool) {
        self.fixture = fixture
        self.streamed = streamed
        name = streamed ? "restkit streamed" : "restkit"
    }

    func run() throws -> Int {
        var form = try fixture.get().makeForm()
        let reader = try form.makeBody().makeReader()
        guard streamed else { return try reader.readAll().count }
        var total = 0
        while true {
            let count = try buffer.withUnsafeMutableBytes { try reader.read(into: $0) }
            if count == 0 { return total }
            total += count
        }
    }
}

/// Baseline: multipart-kit 4 builds its parts for the same fields and file, and its
/// `MultipartSerializer` writes them into a `ByteBuffer`.
struct MultipartKitSerializeWorkload: Workload {
    let name = "multipart-kit"
    let fixture: MultipartPeerFixture.Lazy

    func run() throws -> Int {
        var buffer = ByteBuffer()
        let fixture = try fixture.get()
        try MultipartKit.MultipartSerializer().serialize(parts: fixture.makeKitParts(), boundary: fixture.boundary, into: &buffer)
        return buffer.readableBytes
    }
}

/// Subject: RestKit's `MultipartParser` reads the body in 64 KiB chunks; returns the body
/// bytes it handed out plus the parts.
struct MultipartParseWorkload: Workload {
    let name = "restkit"
    let fixture: MultipartPeerFixture.Lazy

    func run() throws -> Int {
        let fixture = try fixture.get()
        var parser = RestKit.MultipartParser(boundary: fixture.boundary)
        var total = 0
        func drain() throws {
            while true {
                switch try parser.read() {
                case .part(let headers): total += headers.name == nil ? 0 : 1
                case .bodyChunk(let bytes): total += bytes.count
                case .partEnd: continue
                case .end, .needMoreData: return
                }
            }
        }
        for chunk in fixture.chunks {
            parser.append(chunk)
            try drain()
        }
        parser.finish()
        try drain()
        return total
    }
}

/// Baseline: multipart-kit 4's `MultipartParser` (callbacks) reads the same chunks.
struct MultipartKitParseWorkload: Workload {
    let name = "multipart-kit"
    let fixture: MultipartPeerFixture.Lazy

    func run() throws -> Int {
        let fixture = try fixture.get()
        let parser = MultipartKit.MultipartParser(boundary: fixture.boundary)
        var total = 0
        parser.onHeader = { name, _ in if name.lowercased() == "content-disposition" { total += 1 } }
        parser.onBody = { buffer in total += buffer.readableBytes }
        parser.onPartComplete = {}
        for chunk in fixture.kitChunks { try parser.execute(chunk) }
        return total
    }
}
