import Foundation
import Logging
import RestKit
import RestKitHTTP
import Testing

// The code of the DocC article "Using the object manager", compiled and run against the test
// gists server (GistServer) on 127.0.0.1.

struct HTTPDocumentationExamples {
    @Test("configure descriptors and routes, get, post, handle a server error")
    func objectManagerWalkthrough() async throws {
        try await GistServer.run { baseURL in
            let gistMapping = ObjectMapping(Gist.init) { gist in
                gist.map("id", to: \.id)
                gist.map("description", to: \.summary)
                gist.map("public", to: \.isPublic)
                gist.map("owner.login", to: \.owner)
            }
            let manager = ObjectManager(baseURL: baseURL)
            manager.configure { config in
                config.responseDescriptors += [
                    ResponseDescriptor(mapping: gistMapping, method: .get, pathPattern: "/gists/public"),
                    ResponseDescriptor(mapping: gistMapping, methods: [.get, .patch], pathPattern: "/gists/:id"),
                    ResponseDescriptor(mapping: gistMapping, method: .post, pathPattern: "/gists", statusCodes: 201),
                ]
                config.requestDescriptors.append(RequestDescriptor(mapping: Mappings.gistRequest, rootKey: "gist"))
                config.router.add(Route(Gist.self, methods: [.get, .patch], pattern: "/gists/:id", mapping: Mappings.gistID))
                config.router.add(Route(Gist.self, method: .post, pattern: "/gists"))
            }

            let gists = try await manager.getObjects(at: "/gists/public").objects(of: Gist.self)
            #expect(gists.map(\.id) == ["aa1", "bb2"])

            let created = try await manager.post(Gist(summary: "demo", isPublic: true)).objects(of: Gist.self).first
            #expect(created?.id == "new1")

            do throws(ObjectManagerError) {
                _ = try await manager.get(Gist(id: "missing"))
                Issue.record("a 404 is an error")
            } catch {
                #expect(error.errorType == .server)
                #expect(error.status == 404)
                #expect(error.messages == ["Not Found"])
            }

            var logger = Logger(label: "com.example.api")
            logger.logLevel = .debug
            manager.configure { $0.logger = logger }
        }
    }
}
