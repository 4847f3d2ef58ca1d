import Crypto
import Foundation
import RestKit

/// Parses a body for `rk form --parse`: one JSON line per multipart part, or the
/// representation of a URL-encoded body.
struct FormParsing {
    let type: String
    let path: String

    private var displayName: String { path == "-" ? "<stdin>" : path }

    func run() throws(CommandFailure) {
        let mediaType: MediaType
        do {
            mediaType = try MediaType(type)
        } catch {
            throw CommandFailure.usage("--type: \(error.reason)")
        }
        if mediaType.matches(.formURLEncoded) {
            try parseURLEncoded()
        } else if mediaType.matches(.multipartFormData) {
            guard let boundary = mediaType.parameters["boundary"], !boundary.isEmpty else {
                throw CommandFailure.usage("--type: multipart/form-data needs a boundary parameter")
            }
            try parseMultipart(boundary: boundary)
        } else {
            throw CommandFailure.usage("--type: expected multipart/form-data or application/x-www-form-urlencoded, got \(mediaType.essence)")
        }
    }

    private func parseURLEncoded() throws(CommandFailure) {
        var bytes: [UInt8] = []
        try readChunks { bytes.append(contentsOf: $0) }
        do {
            let value = try URLEncodedParser().parse(bytes)
            try StandardStreams.writeOutput(Array((value.description + "\n").utf8))
        } catch let error as ParseError {
            throw CommandFailure.parse(error, in: displayName)
        } catch {
            throw CommandFailure.input("\(displayName): \(error)")
        }
    }

    /// Streams the input through the parser: parts are hashed as their bytes go by.
    private func parseMultipart(boundary: String) throws(CommandFailure) {
        var parser = MultipartParser(boundary: boundary)
        var current: (headers: MultipartPartHeaders, size: Int, hash: SHA256)?
        func drain() throws(CommandFailure) {
            while true {
                let event: MultipartParser.Event
                do {
                    event = try parser.read()
                } catch {
                    throw CommandFailure.input("\(displayName): \(error)")
                }
                switch event {
                case .part(let headers):
                    current = (headers, 0, SHA256())
                case .bodyChunk(let bytes):
                    current?.size += bytes.count
                    bytes.withUnsafeBytes { current?.hash.update(bufferPointer: $0) }
                case .partEnd:
                    if let part = current { try printPart(part.headers, size: part.size, digest: part.hash.finalize()) }
                    current = nil
                case .end, .needMoreData:
                    return
                }
            }
        }
        try readChunks { (chunk) throws(CommandFailure) in
            parser.append(chunk)
            try drain()
        }
        parser.finish()
        try drain()
    }

    private func printPart(_ headers: MultipartPartHeaders, size: Int, digest: SHA256.Digest) throws(CommandFailure) {
        let hex = digest.map { String($0, radix: 16).count == 1 ? "0" + String($0, radix: 16) : String($0, radix: 16) }.joined()
        let line: Representation = [
            "name": headers.name.map(Representation.string) ?? .null,
            "filename": headers.filename.map(Representation.string) ?? .null,
            "content_type": headers.contentType.map { .string($0.description) } ?? .null,
            "size": .int(Int64(size)),
            "sha256": .string(hex),
        ]
        try StandardStreams.writeOutput(Array((line.description + "\n").utf8))
    }

    /// Reads the input in 1 MiB chunks.
    private func readChunks(_ consume: ([UInt8]) throws(CommandFailure) -> Void) throws(CommandFailure) {
        let descriptor = path == "-" ? STDIN_FILENO : open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw CommandFailure.input("\(path): \(String(cString: strerror(errno)))") }
        defer { if path != "-" { close(descriptor) } }
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw CommandFailure.input("\(displayName): \(String(cString: strerror(errno)))")
            }
            if count == 0 { return }
            try consume(Array(buffer[..<count]))
        }
    }
}
