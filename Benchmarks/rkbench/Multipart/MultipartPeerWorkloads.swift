import MultipartKit
import NIOCore
import RestKit

/// Subject: RestKit writes the fixture's form into one array (the body knows its length, so
/// the array is allocated once).
///
/// ```swift
/// let fixture = MultipartPeerFixture.Lazy(label: "form", make: MultipartPeerFixture.smallForm)
/// _ = try MultipartSerializeWorkload(fixture: fixture).run()   // body bytes
/// ```
struct MultipartSerializeWorkload: Workload {
    let name = "restkit"
    let fixture: MultipartPeerFixture.Lazy

    func run() throws -> Int {
        var form = try fixture.get().form
        return try form.makeBody().makeReader().readAll().count
    }
}

/// Baseline: multipart-kit 4's `MultipartSerializer` writes the same parts into a `ByteBuffer`.
struct MultipartKitSerializeWorkload: Workload {
    let name = "multipart-kit"
    let fixture: MultipartPeerFixture.Lazy

    func run() throws -> Int {
        var buffer = ByteBuffer()
        let fixture = try fixture.get()
        try MultipartKit.MultipartSerializer().serialize(parts: fixture.kitParts, boundary: fixture.boundary, into: &buffer)
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
