import Crypto
import Foundation
import RestKit
import RestKitTestSupport
import Testing

/// `rk get` and `rk post` against a live Hummingbird server on 127.0.0.1.
struct HTTPCommandTests {
    typealias Outcome = CommandLineTests.Outcome

    static func rk(_ arguments: [String], stdin: [UInt8] = []) async throws -> Outcome {
        try await CommandLineTests.run(arguments, stdin: stdin)
    }

    // MARK: rk get

    @Test(arguments: [
        ("/json", #"{"id":1,"tags":["a",true,null]}"#),
        ("/vendor", #"{"id":2}"#),
        ("/xml", #"{"user":{"id":"7","name":"Blake"}}"#),
        ("/form", #"{"user":{"name":"Blake"},"tags":["a","b"]}"#),
    ])
    func getPicksTheParserByContentType(path: String, expected: String) async throws {
        try await RKTestServer.run { base in
            let outcome = try await Self.rk(["get", base + path])
            #expect(outcome.status == 0, "\(outcome.stderr)")
            #expect(outcome.stdout == expected + "\n")
            #expect(outcome.stderr.isEmpty)
        }
    }

    @Test func getTypeOverridesTheContentType() async throws {
        try await RKTestServer.run { base in
            let plain = try await Self.rk(["get", base + "/plain"])
            #expect(plain.status == 1)
            #expect(plain.stderr == "rk: error: \(base)/plain: no parser for the content type text/plain (see `rk parsers`; --type overrides)\n")
            let outcome = try await Self.rk(["get", "--type", "application/json", "--pretty", base + "/plain"])
            #expect(outcome.status == 0, "\(outcome.stderr)")
            #expect(outcome.stdout == "{\n  \"hidden\" : \"json\"\n}\n" || outcome.stdout == "{\n  \"hidden\": \"json\"\n}\n", "\(outcome.stdout)")
        }
    }

    @Test func getSendsHeadersAndAnAcceptHeaderFromTheRegistry() async throws {
        try await RKTestServer.run { base in
            let outcome = try await Self.rk(["get", "-H", "X-Token: s3cret", base + "/headers"])
            #expect(outcome.status == 0, "\(outcome.stderr)")
            #expect(outcome.stdout.contains(#""token":"s3cret""#), "\(outcome.stdout)")
            #expect(outcome.stdout.contains("application/json") && outcome.stdout.contains("application/xml"), "\(outcome.stdout)")
            let empty = try await Self.rk(["get", base + "/empty"])
            #expect(empty.status == 0 && empty.stdout.isEmpty, "\(empty.stderr)")
        }
    }

    @Test func getHTTPErrorExitsOneWithStatusAndExcerpt() async throws {
        try await RKTestServer.run { base in
            let outcome = try await Self.rk(["get", base + "/missing"])
            #expect(outcome.status == 1)
            #expect(outcome.stdout.isEmpty)
            #expect(outcome.stderr == #"rk: error: GET \#(base)/missing: HTTP 404: {"error": "Not Found", "detail": "no such thing"}"# + "\n")
        }
    }

    @Test func getUnregisteredTypeAndUnparsableBodyExitOne() async throws {
        try await RKTestServer.run { base in
            let csv = try await Self.rk(["get", base + "/csv"])
            #expect(csv.status == 1)
            #expect(csv.stderr.hasPrefix("rk: error: \(base)/csv: no parser for the content type text/csv"), "\(csv.stderr)")
            let broken = try await Self.rk(["get", base + "/broken"])
            #expect(broken.status == 1)
            #expect(broken.stderr.hasPrefix("rk: error: \(base)/broken:3:1: "), "\(broken.stderr)")
        }
    }

    @Test func refusedConnectionFailsPromptly() async throws {
        let port = try RKTestServer.closedPort()
        let outcome = try await Self.rk(["get", "http://127.0.0.1:\(port)/json"])
        #expect(outcome.status == 1)
        #expect(outcome.stderr.hasPrefix("rk: error: GET http://127.0.0.1:\(port)/json: "), "\(outcome.stderr)")
        #expect(outcome.stderr.lowercased().contains("refused"), "\(outcome.stderr)")
        #expect(outcome.stderr.contains("is a server listening at that host and port?"), "\(outcome.stderr)")
        // Without failingFast, AsyncHTTPClient retries until the deadline (600 s here); the
        // bound leaves room for a loaded machine starting the process.
        #expect(outcome.elapsed < .seconds(10), "took \(outcome.elapsed)")
        let post = try await Self.rk(["post", "http://127.0.0.1:\(port)/echo", "-F", "a=1"])
        #expect(post.status == 1, "\(post.stderr)")
    }

    @Test func usageErrorsExitTwo() async throws {
        for arguments in [["get"], ["get", "not a url"], ["get", "ftp://example.com/x"], ["get", "-H", "NoColon", "http://127.0.0.1:1/"],
                          ["get", "--type", "not a type", "http://127.0.0.1:1/"],
                          ["post", "http://127.0.0.1:1/", "--json", "a.json", "-F", "a=1"],
                          ["get", "--max-redirects", "-1", "http://127.0.0.1:1/"], ["get", "--max-response-size", "0", "http://127.0.0.1:1/"]] {
            let outcome = try await Self.rk(arguments)
            #expect(outcome.status == 2, "\(arguments): \(outcome.stderr)")
            #expect(!outcome.stderr.isEmpty)
        }
    }

    // MARK: rk post

    @Test func postMultipartFields() async throws {
        try await RKTestServer.run { base in
            let outcome = try await Self.rk(["post", base + "/upload", "-F", "title=Holiday", "-F", "note=a;type=text/markdown",
                                             "-F", #"quoted="x; y""#])
            #expect(outcome.status == 0, "\(outcome.stderr)")
            let sha = { (text: String) in RKTestServer.hex(SHA256.hash(data: Data(text.utf8))) }
            #expect(outcome.stdout == """
                [{"name":"title","filename":null,"content_type":null,"size":7,"sha256":"\(sha("Holiday"))"},\
                {"name":"note","filename":null,"content_type":"text/markdown","size":1,"sha256":"\(sha("a"))"},\
                {"name":"quoted","filename":null,"content_type":null,"size":4,"sha256":"\(sha("x; y"))"}]
                """)
        }
    }

    @Test func postStreamsAFileTheServerVerifies() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("rk-post-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("photo.jpg")
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<(3 << 20) + 12_345).map { _ in UInt8.random(in: 0...255, using: &generator) }
        try Data(bytes).write(to: file)
        let digest = RKTestServer.hex(SHA256.hash(data: bytes))

        try await RKTestServer.run { base in
            let plain = try await Self.rk(["post", base + "/upload?sha256=\(digest)", "-F", "title=Beach", "-F", "photo=@\(file.path)"])
            #expect(plain.status == 0, "\(plain.stderr)")
            #expect(plain.stdout.contains(#"{"name":"photo","filename":"photo.jpg","content_type":"image/jpeg","size":\#(bytes.count),"sha256":"\#(digest)"}"#),
                    "\(plain.stdout)")
            #expect(plain.stderr.isEmpty, "no progress bar when stderr is not a terminal: \(plain.stderr)")

            let renamed = try await Self.rk(["post", base + "/upload?sha256=\(digest)",
                                             "-F", #"photo=@"\#(file.path)";type=application/octet-stream;filename="a, b.bin""#])
            #expect(renamed.status == 0, "\(renamed.stderr)")
            #expect(renamed.stdout.contains(#""filename":"a, b.bin","content_type":"application/octet-stream","size":\#(bytes.count),"sha256":"\#(digest)""#),
                    "\(renamed.stdout)")

            let wrong = try await Self.rk(["post", base + "/upload?sha256=00", "-F", "photo=@\(file.path)"])
            #expect(wrong.status == 1)
            #expect(wrong.stderr.hasPrefix("rk: error: POST \(base)/upload?sha256=00: HTTP 422: "), "\(wrong.stderr)")
        }
    }

    @Test func postURLEncodedAndJSON() async throws {
        let json = try CommandLineTests.temporaryFile("article.json", #"{"title": "Hi", "tags": ["a"]}"#)
        try await RKTestServer.run { base in
            let form = try await Self.rk(["post", base + "/echo", "--urlencoded", "-F", "user[name]=Blake", "-F", "q=a b&c"])
            #expect(form.status == 0, "\(form.stderr)")
            #expect(form.stdout == #"{"contentType":"application/x-www-form-urlencoded","contentLength":"32","body":"user[name]=Blake&q=a+b%26c"}"#
                    || form.stdout.contains(#""body":"user[name]=Blake&q=a%20b%26c""#), "\(form.stdout)")

            let ordered = try await Self.rk(["post", base + "/echo", "--urlencoded", "-F", "k=1", "-F", "j=2", "-F", "k=3",
                                             "-F", "a[][x]=1", "-F", "a[][y]=2", "-F", "a[][x]=3"])
            #expect(ordered.status == 0, "\(ordered.stderr)")
            #expect(ordered.stdout.contains(#""body":"k=1&j=2&k=3&a[][x]=1&a[][y]=2&a[][x]=3""#), "\(ordered.stdout)")

            let typed = try await Self.rk(["post", base + "/echo", "--urlencoded", "-F", "a=b;type=text/plain"])
            #expect(typed.status == 2, "\(typed.stderr)")
            #expect(typed.stdout.isEmpty)

            let file = try await Self.rk(["post", base + "/echo", "--json", json.path])
            #expect(file.status == 0, "\(file.stderr)")
            #expect(file.stdout.contains(#""contentType":"application/json""#), "\(file.stdout)")
            #expect(file.stdout.contains(#""body":"{\"title\": \"Hi\", \"tags\": [\"a\"]}""#), "\(file.stdout)")

            let stdin = try await Self.rk(["post", base + "/echo", "--json", "-", "-H", "Content-Type: application/vnd.api+json"],
                                          stdin: Array("[1, 2]".utf8))
            #expect(stdin.status == 0, "\(stdin.stderr)")
            #expect(stdin.stdout.contains(#""contentType":"application/vnd.api+json""#), "\(stdin.stdout)")
            #expect(stdin.stdout.contains(#""body":"[1, 2]""#), "\(stdin.stdout)")

            let invalid = try await Self.rk(["post", base + "/echo", "--json", "-"], stdin: Array("{\n \"a\": }".utf8))
            #expect(invalid.status == 1)
            #expect(invalid.stderr.hasPrefix("rk: error: <stdin>:2:"), "\(invalid.stderr)")

            let rejected = try await Self.rk(["post", base + "/fail", "-F", "a=1"])
            #expect(rejected.status == 1)
            #expect(rejected.stderr == #"rk: error: POST \#(base)/fail: HTTP 422: {"message": "Validation Failed"}"# + "\n")
        }
    }

    @Test(arguments: [
        "novalue", "f=@", "f=<", "f=@/etc/hostname;bogus=1", "f=@/etc/hostname;headers=@h.txt", "f=@/etc/hostname;encoder=base64",
        "f=@a.txt,b.txt", "f=@-", #"f=@"a.txt"junk"#, "f=x;type=not a type", "f=<a.txt;filename=x",
    ])
    func postFieldSyntaxErrorsExitTwo(field: String) async throws {
        let outcome = try await Self.rk(["post", "http://127.0.0.1:1/upload", "-F", field])
        #expect(outcome.status == 2, "\(field): \(outcome.stderr)")
        #expect(outcome.stderr.hasPrefix("rk: error: -F \(field): "), "\(outcome.stderr)")
    }

    @Test func aFileThatChangesDuringTheUploadFailsIt() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("rk-post-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("growing.log")
        try Data(repeating: 0x61, count: 24 << 20).write(to: file)
        try await RKTestServer.run { base in
            async let outcome = Self.rk(["post", base + "/slow", "-F", "log=@\(file.path)"])
            // Change the file once the upload is under way (rk has taken its size by then).
            for _ in 0..<1000 where RKTestServer.slowBytesReceived.withLock({ $0 }) == 0 {
                try await Task.sleep(for: .milliseconds(10))
            }
            let handle = try FileHandle(forWritingTo: file)
            try handle.seekToEnd()
            try handle.write(contentsOf: Data("one more line\n".utf8))
            try handle.close()
            let result = try await outcome
            #expect(result.status == 1, "\(result.stdout) \(result.stderr)")
            #expect(result.stderr.hasPrefix("rk: error: POST \(base)/slow: upload failed: \(file.path): "), "\(result.stderr)")
        }
    }

    @Test func postMissingFileExitsOne() async throws {
        let outcome = try await Self.rk(["post", "http://127.0.0.1:1/upload", "-F", "f=@/nonexistent/dir/big.bin"])
        #expect(outcome.status == 1)
        #expect(outcome.stderr.hasPrefix("rk: error: /nonexistent/dir/big.bin"), "\(outcome.stderr)")
        let urlencodedFile = try await Self.rk(["post", "http://127.0.0.1:1/", "--urlencoded", "-F", "f=@/etc/hostname"])
        #expect(urlencodedFile.status == 2, "\(urlencodedFile.stderr)")
    }

    // MARK: Redirects, compression, limits, User-Agent

    @Test(arguments: [307, 308])
    func postFollowsATemporaryOrPermanentRedirectWithTheWholeFile(status: Int) async throws {
        let file = try CommandLineTests.temporaryFile("moved.bin", String(repeating: "0123456789abcdef", count: 100_000))
        let digest = RKTestServer.hex(SHA256.hash(data: try Data(contentsOf: file)))
        try await RKTestServer.run { base in
            let target = "/upload?sha256=\(digest)".addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
            let moved = try await Self.rk(["post", base + "/redirect/\(status)?to=\(target)", "-F", "title=Moved", "-F", "file=@\(file.path)"])
            #expect(moved.status == 0, "\(moved.stderr)")
            #expect(moved.stdout.contains(#""filename":"moved.bin","content_type":"application/octet-stream","size":1600000,"sha256":"\#(digest)""#),
                    "\(moved.stdout)")
            let json = try CommandLineTests.temporaryFile("a.json", #"{"a": 1}"#)
            let echoed = try await Self.rk(["post", base + "/redirect/\(status)?to=/echo", "--json", json.path])
            #expect(echoed.status == 0, "\(echoed.stderr)")
            #expect(echoed.stdout.contains(#""body":"{\"a\": 1}""#), "\(echoed.stdout)")
        }
    }

    @Test func unfollowableRedirectsExitOneNamingTheURLThatAnswered() async throws {
        try await RKTestServer.run { base in
            let missing = try await Self.rk(["post", base + "/redirect/307", "-F", "a=1"])
            #expect(missing.status == 1)
            #expect(missing.stderr == "rk: error: POST \(base)/redirect/307: the server answered 307 without a Location header\n")

            let disabled = try await Self.rk(["get", "--max-redirects", "0", base + "/redirect/302?to=/json"])
            #expect(disabled.status == 1)
            #expect(disabled.stderr.contains("redirects are disabled (--max-redirects 0)"), "\(disabled.stderr)")

            let afterRedirect = try await Self.rk(["get", base + "/redirect/302?to=/missing"])
            #expect(afterRedirect.status == 1)
            #expect(afterRedirect.stderr.hasPrefix("rk: error: GET \(base)/missing: HTTP 404"), "\(afterRedirect.stderr)")

            let followed = try await Self.rk(["get", base + "/redirect/301?to=/json"])
            #expect(followed.status == 0, "\(followed.stderr)")
            #expect(followed.stdout == #"{"id":1,"tags":["a",true,null]}"# + "\n")
        }
    }

    @Test func getDecodesGzipAndHonoursTheResponseSizeLimit() async throws {
        try await RKTestServer.run { base in
            let gzipped = try await Self.rk(["get", base + "/big?bytes=3000&gzip=1"])
            #expect(gzipped.status == 0, "\(gzipped.stderr)")
            #expect(gzipped.stdout.count == 3001)

            let tooLarge = try await Self.rk(["get", "--max-response-size", "1M", base + "/big?bytes=2000000"])
            #expect(tooLarge.status == 1)
            #expect(tooLarge.stderr == "rk: error: GET \(base)/big?bytes=2000000: the response body is larger than the limit of 1 MiB (1048576 bytes); raise it with --max-response-size SIZE\n")

            // Over AsyncHTTPClientTransport's 64 MiB default: rk's own default is 1 GiB.
            let large = try await Self.rk(["get", base + "/big?bytes=\(70_000_000)"])
            #expect(large.status == 0, "\(large.stderr)")
            #expect(large.stdout.utf8.count == 70_000_001)

            let mebibytes = try await Self.rk(["get", "--max-response-size", "1MiB", base + "/big?bytes=2000000"])
            #expect(mebibytes.status == 1)
            #expect(mebibytes.stderr.contains("1 MiB (1048576 bytes)"), "\(mebibytes.stderr)")

            let multiple = try await Self.rk(["get", base + "/redirect/300?to=/json"])
            #expect(multiple.status == 1, "a 300 Multiple Choices is not an answer: \(multiple.stdout)")
            #expect(multiple.stderr.hasPrefix("rk: error: GET \(base)/redirect/300?to=/json: HTTP 300"), "\(multiple.stderr)")

            let bad = try await Self.rk(["get", "--max-response-size", "12Q", base + "/json"])
            #expect(bad.status == 2, "\(bad.stderr)")
        }
    }

    @Test func requestsCarryAUserAgentThatHOverrides() async throws {
        try await RKTestServer.run { base in
            let plain = try await Self.rk(["get", base + "/agent"])
            #expect(plain.stdout == #"{"userAgent":"RestKit/\#(RestKitVersion.current)"}"# + "\n", "\(plain.stderr)")
            let custom = try await Self.rk(["get", "-H", "User-Agent: probe/1", base + "/agent"])
            #expect(custom.stdout == #"{"userAgent":"probe/1"}"# + "\n", "\(custom.stderr)")
        }
    }

    // MARK: -v

    @Test("rk get -v logs the request's start and end on stderr: method, path, status, bytes; no header values or query")
    func verboseLogsTheRequest() async throws {
        try await RKTestServer.run { base in
            let quiet = try await Self.rk(["get", base + "/json"])
            #expect(quiet.stderr.isEmpty, "\(quiet.stderr)")
            let outcome = try await Self.rk(["get", "-v", "-H", "Authorization: Bearer SECRET-TOKEN", base + "/json?token=QUERY-SECRET"])
            #expect(outcome.status == 0, "\(outcome.stderr)")
            #expect(outcome.stdout == #"{"id":1,"tags":["a",true,null]}"# + "\n")
            let lines = outcome.stderr.split(separator: "\n")
            #expect(lines.count == 2, "\(outcome.stderr)")
            #expect(lines.first?.hasSuffix("request started") == true, "\(outcome.stderr)")
            #expect(lines.first?.contains("http.request.method=GET") == true)
            #expect(lines.first?.contains("url.path=/json ") == true, "\(outcome.stderr)")
            let finished = String(lines.last ?? "")
            #expect(finished.hasSuffix("request finished"))
            #expect(finished.contains("http.response.status_code=200"))
            #expect(finished.contains("http.response.body.size=\(#"{"id": 1, "tags": ["a", true, null]}"#.utf8.count)"), "\(finished)")
            #expect(!outcome.stderr.contains("SECRET"), "\(outcome.stderr)")
        }
    }

    @Test("rk get -v logs a redirect followed and a failed request")
    func verboseLogsRedirectsAndFailures() async throws {
        try await RKTestServer.run { base in
            let redirected = try await Self.rk(["get", "-v", base + "/redirect/302?to=/json"])
            #expect(redirected.status == 0, "\(redirected.stderr)")
            #expect(redirected.stderr.contains("following redirect"), "\(redirected.stderr)")
            #expect(redirected.stderr.contains("rk.redirect.path=/json"), "\(redirected.stderr)")
            let port = try RKTestServer.closedPort()
            let refused = try await Self.rk(["get", "-v", "http://127.0.0.1:\(port)/json"])
            #expect(refused.status == 1)
            #expect(refused.stderr.contains("error.type=transport"), "\(refused.stderr)")
            #expect(refused.stderr.contains("request failed"), "\(refused.stderr)")
        }
    }
}
