import Crypto
import Foundation
import Synchronization
import Testing
import RestKitHTTP

@Suite("Uploads: multipart with files, URL-encoded and JSON bodies, against a live server")
struct UploadTests {
    /// A file of `size` pseudo-random bytes in the temporary directory, and its SHA-256.
    static func makeFile(size: Int, seed: UInt64 = 42) throws -> (path: String, sha256: String) {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("restkit-upload-\(UUID().uuidString).bin").path
        var state = seed
        var bytes = [UInt8](repeating: 0, count: size)
        for index in bytes.indices {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            bytes[index] = UInt8(truncatingIfNeeded: state >> 33)
        }
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return (path, UploadServer.hex(SHA256.hash(data: bytes)))
    }

    /// Every progress value reported.
    final class ProgressLog: Sendable {
        private let values = Mutex<[UploadProgress]>([])
        func record(_ progress: UploadProgress) { values.withLock { $0.append(progress) } }
        var all: [UploadProgress] { values.withLock { $0 } }
    }

    @Test func multipartUploadOfAFileOnDiskVerifiedBySHA256() async throws {
        let (path, digest) = try Self.makeFile(size: 3 * 1024 * 1024 + 17)
        defer { try? FileManager.default.removeItem(atPath: path) }
        try await GistServer.run { baseURL in
            let manager = Mappings.gistManager(baseURL)
            let log = ProgressLog()
            let notes = Array("first line\r\n--not a boundary\r\n".utf8)
            let result = try await manager.upload(
                Gist(summary: "Holiday", isPublic: true), path: "/uploads", parameters: ["tags": ["sea", "sun"]],
                files: [
                    .file(name: "gist[file]", path: path, filename: "holiday.bin"),
                    .data(name: "gist[notes]", notes, filename: "notes.txt"),
                ],
                progress: log.record)
            #expect(result.response.status == 201)
            #expect(result.objects(of: Upload.self) == [Upload(id: 1, title: "Holiday")])
            let document = try #require(result.document)

            // Exact Content-Length: the header the server got equals the bytes it read.
            let length = try #require(result.request.body?.length.value)
            #expect(document["contentLength"]?.stringValue == String(length))
            #expect(document["received"]?.int64Value == Int64(length))
            #expect(result.request.headers["Content-Type"]?.hasPrefix("multipart/form-data; boundary=") == true)

            // Parameters as Rails-style fields, in order.
            let fields = (document["fields"]?.arrayValue ?? []).map {
                "\($0["name"]?.stringValue ?? "")=\($0["value"]?.stringValue ?? "")"
            }
            #expect(fields == ["gist[description]=Holiday", "gist[public]=true", "tags[]=sea", "tags[]=sun"])

            let files = document["files"]?.arrayValue ?? []
            #expect(files.count == 2)
            #expect(files.first?["name"]?.stringValue == "gist[file]")
            #expect(files.first?["filename"]?.stringValue == "holiday.bin")
            #expect(files.first?["contentType"]?.stringValue == "application/octet-stream")
            #expect(files.first?["size"]?.int64Value == Int64(3 * 1024 * 1024 + 17))
            #expect(files.first?["sha256"]?.stringValue == digest)
            #expect(files.last?["contentType"]?.stringValue == "text/plain")
            #expect(files.last?["sha256"]?.stringValue == UploadServer.hex(SHA256.hash(data: notes)))

            // Progress grows and reaches the total.
            let progress = log.all
            #expect(progress.count > 1)
            #expect(progress.last == UploadProgress(bytesSent: length, totalBytes: length))
            #expect(progress.last?.fractionCompleted == 1)
            #expect(zip(progress, progress.dropFirst()).allSatisfy { $0.bytesSent < $1.bytesSent })
        }
    }

    @Test func uploadWithoutAnObjectAndARequestBuiltFirst() async throws {
        let (path, digest) = try Self.makeFile(size: 70_000, seed: 7)
        defer { try? FileManager.default.removeItem(atPath: path) }
        try await GistServer.run { baseURL in
            let manager = Mappings.gistManager(baseURL)
            let direct = try await manager.upload(
                to: "/uploads", parameters: ["gist": ["description": "Direct"]], files: [.file(name: "f", path: path)])
            #expect(direct.objects(of: Upload.self) == [Upload(id: 1, title: "Direct")])
            #expect(direct.document?["files"]?[0]?["sha256"]?.stringValue == digest)
            #expect(direct.document?["files"]?[0]?["filename"]?.stringValue == URL(fileURLWithPath: path).lastPathComponent)

            var request = try manager.uploadRequest(for: Gist(summary: "Built"), path: "/uploads", files: [.file(name: "f", path: path)])
            request.headers["X-Trace"] = "1"
            let sent = try await manager.send(request)
            #expect(sent.objects(of: Upload.self) == [Upload(id: 1, title: "Built")])
            #expect(sent.document?["received"]?.int64Value == Int64(request.body?.length.value ?? -1))
        }
    }

    @Test func aFileThatChangesWhileItIsSentFailsTheUpload() async throws {
        let (path, _) = try Self.makeFile(size: 4 * 1024 * 1024)
        defer { try? FileManager.default.removeItem(atPath: path) }
        try await GistServer.run { baseURL in
            let manager = Mappings.gistManager(baseURL)
            let grown = Atomic(false)
            let error = await #expect(throws: ObjectManagerError.self) {
                _ = try await manager.upload(to: "/uploads", files: [.file(name: "f", path: path)]) { _ in
                    // After the first chunk: the file grows while it is being sent.
                    guard !grown.exchange(true, ordering: .relaxed), let handle = FileHandle(forWritingAtPath: path) else { return }
                    handle.seekToEndOfFile()
                    handle.write(Data("more bytes".utf8))
                    handle.closeFile()
                }
            }
            #expect(error?.errorType == .requestBody)
            #expect(error?.reason.contains(path) == true)
            #expect(error?.underlying is BodyError)
            #expect((error?.underlying as? BodyError)?.errorType == .fileChanged)
            #expect(manager.requestQueue.runningCount == 0)
        }
    }

    @Test func aFileChangedBetweenBuildingAndSendingFailsTheUpload() async throws {
        let (path, _) = try Self.makeFile(size: 10_000)
        defer { try? FileManager.default.removeItem(atPath: path) }
        try await GistServer.run { baseURL in
            let manager = Mappings.gistManager(baseURL)
            let request = try manager.uploadRequest(for: Gist(summary: "x"), path: "/uploads", files: [.file(name: "f", path: path)])
            try Data(repeating: 1, count: 5_000).write(to: URL(fileURLWithPath: path))  // shorter now
            let error = await #expect(throws: ObjectManagerError.self) { _ = try await manager.send(request) }
            #expect(error?.errorType == .requestBody)
            #expect((error?.underlying as? BodyError)?.errorType == .fileChanged)
        }
    }

    @Test func aMissingFileIsARequestBodyError() async throws {
        let manager = ObjectManager(baseURL: "http://127.0.0.1:1")
        let error = await #expect(throws: ObjectManagerError.self) {
            _ = try await manager.upload(to: "/uploads", files: [.file(name: "f", path: "/nonexistent/restkit/file.bin")])
        }
        #expect(error?.errorType == .requestBody)
        #expect(error?.reason.contains("/nonexistent/restkit/file.bin") == true)
        #expect((error?.underlying as? BodyError)?.errorType == .fileNotFound)
    }

    @Test func filesNeedMultipartAndParametersNeedAnObject() async throws {
        let manager = Mappings.gistManager("http://127.0.0.1:1")
        let json = #expect(throws: ObjectManagerError.self) {
            _ = try manager.uploadRequest(for: Gist(), path: "/uploads", files: [.data(name: "f", [1], filename: "a")], encoding: .json)
        }
        #expect(json?.errorType == .serialization)
        #expect(json?.reason.contains("use .multipart") == true)
        let scalar = await #expect(throws: ObjectManagerError.self) {
            _ = try await manager.upload(to: "/uploads", parameters: "just text")
        }
        #expect(scalar?.errorType == .serialization)
        let infinite = await #expect(throws: ObjectManagerError.self) {
            _ = try await manager.upload(to: "/uploads", parameters: ["x": .double(.infinity)])
        }
        #expect(infinite?.errorType == .serialization)
        #expect(infinite?.reason.contains("x") == true)
        let noRoute = #expect(throws: ObjectManagerError.self) { _ = try manager.uploadRequest(for: Meta()) }
        #expect(noRoute?.errorType == .routing)
    }

    @Test(arguments: [
        (BodyEncoding.formURLEncoded, "application/x-www-form-urlencoded", "gist[description]=Hi%20there&gist[public]=true&extra=1"),
        (BodyEncoding.json, "application/json", #"{"gist":{"description":"Hi there","public":true},"extra":1}"#),
    ])
    func urlEncodedAndJSONBodies(encoding: BodyEncoding, contentType: String, body: String) async throws {
        try await GistServer.run { baseURL in
            let manager = Mappings.gistManager(baseURL)
            let log = ProgressLog()
            let result = try await manager.upload(
                Gist(summary: "Hi there", isPublic: true), method: .put, path: "/echo/7", parameters: ["extra": 1],
                encoding: encoding, progress: log.record)
            let echo = try #require(result.first as? Echo)
            #expect(echo.method == "PUT")
            #expect(echo.contentType == contentType)
            #expect(echo.body == body)
            #expect(log.all.last == UploadProgress(bytesSent: body.utf8.count, totalBytes: body.utf8.count))
        }
    }

    @Test func multipartFieldsNaming() throws {
        let manager = Mappings.gistManager("http://127.0.0.1:1")
        let request = try manager.uploadRequest(
            for: Gist(summary: "S"), path: "/uploads",
            parameters: ["items": [["id": 1, "tags": ["a"]], ["id": 2.5]], "none": .null, "big": .number("18446744073709551616")])
        let bytes = try #require(try request.body?.makeReader().readAll())
        let text = String(decoding: bytes, as: UTF8.self)
        for name in ["gist[description]", "gist[public]", "items[][id]", "items[][tags][]", "big"] {
            #expect(text.contains("name=\"\(name)\""), "\(name)")
        }
        #expect(!text.contains("name=\"none\""))
        #expect(text.contains("\r\n\r\n2.5\r\n"))
        #expect(text.contains("\r\n\r\n18446744073709551616\r\n"))
        #expect(bytes.count == request.body?.length.value)
        #expect(BodyEncoding.multipart.description == "multipart")
        #expect(BodyEncoding.multipart.carriesFiles && !BodyEncoding.json.carriesFiles)
        #expect(UploadProgress(bytesSent: 1, totalBytes: 0).fractionCompleted == nil)
    }
}
