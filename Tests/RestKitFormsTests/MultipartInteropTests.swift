import Foundation
import RestKitCore
import RestKitTestSupport
import Testing

@testable import RestKitForms

/// Cross-checks with independent implementations in Python 3's standard library (and
/// urllib3 when installed). Skipped, with a message, when `python3` is not on the PATH.
@Suite(
    "Multipart interoperability",
    .enabled(if: Python.path != nil, "python3 is not on the PATH; interoperability checks skipped"))
struct MultipartInteropTests {
    /// Parses a body with `email.parser.BytesParser(policy=HTTP)` and prints, per part,
    /// name, filename, content type, size and SHA-256; `hash FILE…` prints SHA-256s.
    static let emailParser = #"""
    import sys, json, hashlib
    from email.parser import BytesParser
    from email import policy
    if sys.argv[1] == 'hash':
        print(json.dumps([hashlib.sha256(open(p, 'rb').read()).hexdigest() for p in sys.argv[2:]]))
        sys.exit(0)
    body = open(sys.argv[1], 'rb').read()
    msg = BytesParser(policy=policy.HTTP).parsebytes(
        b'Content-Type: multipart/form-data; boundary="' + sys.argv[2].encode() + b'"\r\n\r\n' + body)
    def text(v):
        if v is None: return None
        if isinstance(v, tuple): v = v[2]
        return v.encode('utf-8', 'surrogateescape').decode('utf-8')
    out = []
    for part in msg.iter_parts():
        payload = part.get_payload(decode=True)
        out.append({'name': text(part.get_param('name', header='content-disposition')),
                    'filename': text(part.get_filename()),
                    'content_type': part.get_content_type() if part['content-type'] else None,
                    'sha256': hashlib.sha256(payload).hexdigest()})
    print(json.dumps(out))
    """#

    /// Writes a multipart body with urllib3's `encode_multipart_formdata` when available,
    /// else by hand following RFC 7578; prints the expected parts (content as hex).
    static let producer = #"""
    import sys, json
    fields = [('title', 'Grüße'), ('doc', ('report "final".pdf', bytes(range(256)) * 40, 'application/pdf')),
              ('empty', ('e.txt', b'', 'text/plain'))]
    boundary = 'PyBoundary9f8e7d6c5b4a'
    try:
        from urllib3 import encode_multipart_formdata
        body, _ = encode_multipart_formdata(fields, boundary=boundary)
        producer = 'urllib3'
    except ImportError:
        body = b''
        for name, value in fields:
            body += b'--' + boundary.encode() + b'\r\n'
            if isinstance(value, tuple):
                filename, data, ctype = value
                body += ('Content-Disposition: form-data; name="%s"; filename="%s"\r\nContent-Type: %s\r\n\r\n'
                         % (name, filename.replace('"', '%22'), ctype)).encode() + data + b'\r\n'
            else:
                body += ('Content-Disposition: form-data; name="%s"\r\n\r\n' % name).encode() + value.encode() + b'\r\n'
        body += b'--' + boundary.encode() + b'--\r\n'
        producer = 'handcrafted'
    open(sys.argv[1], 'wb').write(body)
    expected = []
    for name, value in fields:
        if isinstance(value, tuple):
            expected.append({'name': name, 'filename': value[0], 'content_type': value[2], 'hex': value[1].hex()})
        else:
            expected.append({'name': name, 'filename': None, 'content_type': None, 'hex': value.encode().hex()})
    print(json.dumps({'producer': producer, 'boundary': boundary, 'parts': expected}))
    """#

    struct PythonPart: Decodable, Equatable {
        var name: String?
        var filename: String?
        var content_type: String?
        var sha256: String
    }

    @Test("Python's email parser reads our body: names, filenames, content types, SHA-256")
    func pythonParsesOurBody() async throws {
        try await withTemporaryDirectoryAsync { directory in
            var (form, contents) = try MultipartParserTests.sampleForm(directory: directory)
            form.append(name: "unicode", data: Array("€".utf8), filename: "naïve résumé.txt")
            contents.append(Array("€".utf8))
            let bodyPath = directory.appendingPathComponent("body.bin").path
            let body = try form.makeBody()
            try Data(try body.makeReader().readAll()).write(to: URL(fileURLWithPath: bodyPath))
            var contentPaths: [String] = []
            for (index, content) in contents.enumerated() {
                let path = directory.appendingPathComponent("expected-\(index)").path
                try Data(content).write(to: URL(fileURLWithPath: path))
                contentPaths.append(path)
            }
            let script = directory.appendingPathComponent("parse.py").path
            try Self.emailParser.write(toFile: script, atomically: true, encoding: .utf8)
            let parts = try JSONDecoder().decode(
                [PythonPart].self, from: try await Python.run([script, bodyPath, form.boundary]))
            let hashes = try JSONDecoder().decode(
                [String].self, from: try await Python.run([script, "hash"] + contentPaths))
            #expect(parts.map(\.sha256) == hashes)
            #expect(parts.map(\.name) == ["title", "empty", "near", "upload", "stream", "unicode"])
            #expect(parts.map(\.filename) == [nil, nil, "ré%22sumé.dat", "data file.bin", "s.txt", "naïve résumé.txt"])
            #expect(parts.map(\.content_type) == [
                nil, nil, "application/octet-stream", "application/octet-stream", "text/plain", "text/plain",
            ])
        }
    }

    struct Produced: Decodable {
        struct Part: Decodable {
            var name: String
            var filename: String?
            var content_type: String?
            var hex: String
        }
        var producer: String
        var boundary: String
        var parts: [Part]
    }

    @Test("our parser reads a body made by urllib3 (or handcrafted per RFC 7578)", arguments: [1, 3, 64, Int.max])
    func weParsePythonBody(chunkSize: Int) async throws {
        try await withTemporaryDirectoryAsync { directory in
            let script = directory.appendingPathComponent("produce.py").path
            let bodyPath = directory.appendingPathComponent("body.bin").path
            try Self.producer.write(toFile: script, atomically: true, encoding: .utf8)
            let produced = try JSONDecoder().decode(Produced.self, from: try await Python.run([script, bodyPath]))
            let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: bodyPath)))
            let parts = try parseMultipart(bytes, boundary: produced.boundary, chunkSize: chunkSize)
            #expect(parts.count == produced.parts.count, "producer: \(produced.producer)")
            for (part, expected) in zip(parts, produced.parts) {
                #expect(part.headers.name == expected.name)
                #expect(part.headers.filename == expected.filename)
                #expect(part.headers.contentType?.essence == expected.content_type)
                #expect(part.body == Python.bytes(hex: expected.hex))
            }
        }
    }
}

/// Locating and running `python3`.
enum Python {
    /// The first executable `python3` on the PATH.
    static let path: String? = {
        let directories = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin").split(separator: ":")
        return directories.map { "\($0)/python3" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }()

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// Runs python3 with `arguments` and returns its standard output, waiting on a GCD thread
    /// (``blockingWork(_:)``).
    static func run(_ arguments: [String]) async throws -> Data {
        try await blockingWork { try runBlocking(arguments) }
    }

    private static func runBlocking(_ arguments: [String]) throws -> Data {
        guard let path else { throw Failure(description: "python3 not found") }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let errorText = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failure(description: "python3 exited with \(process.terminationStatus): \(errorText)")
        }
        return data
    }

    static func bytes(hex: String) -> [UInt8] {
        let digits = Array(hex.utf8)
        return stride(from: 0, to: digits.count - 1, by: 2).compactMap {
            UInt8(String(decoding: digits[$0...$0 + 1], as: UTF8.self), radix: 16)
        }
    }
}
