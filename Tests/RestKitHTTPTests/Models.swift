import RestKitHTTP

struct Gist: Sendable, Equatable {
    var id = ""
    var summary: String?
    var isPublic = false
    var owner: String?
    /// `@metadata.routing.parameters.id`, when the route has one.
    var routeID: String?
}

struct Meta: Sendable, Equatable {
    var count = 0
}

/// What `POST /uploads` answers at `upload`.
struct Upload: Sendable, Equatable {
    var id = 0
    var title: String?
}

struct Echo: Sendable, Equatable {
    var method = ""
    var path = ""
    var query = ""
    var contentType = ""
    var accept = ""
    var body = ""
}

/// An API's own error shape: `{"message": "…"}`.
struct APIError: Error, Sendable, CustomStringConvertible {
    var message = ""
    var description: String { message }
}

enum Mappings {
    static let apiError = ObjectMapping(APIError.init) { $0.map("message", to: \.message) }

    static let gist = ObjectMapping(Gist.init) { gist in
        gist.map("id", to: \.id)
        gist.map("description", to: \.summary)
        gist.map("public", to: \.isPublic)
        gist.map("owner.login", to: \.owner)
        gist.map("@metadata.routing.parameters.id", to: \.routeID)
    }

    /// What is sent: `{"gist": {"description": …, "public": …}}`.
    static let gistRequest = ObjectMapping(Gist.init) { gist in
        gist.map("description", to: \.summary)
        gist.map("public", to: \.isPublic)
    }

    static let gistID = ObjectMapping(Gist.init) { $0.map("id", to: \.id) }

    static let meta = ObjectMapping(Meta.init) { $0.map("count", to: \.count) }

    static let upload = ObjectMapping(Upload.init) { upload in
        upload.map("id", to: \.id)
        upload.map("title", to: \.title)
    }

    static let echo = ObjectMapping(Echo.init) { echo in
        echo.map([
            "method": \Echo.method, "path": \Echo.path, "query": \Echo.query,
            "contentType": \Echo.contentType, "accept": \Echo.accept, "body": \Echo.body,
        ])
    }

    /// A manager for the gists server at `baseURL`, configured like a client of the GitHub API.
    static func gistManager(_ baseURL: String) -> ObjectManager {
        let manager = ObjectManager(baseURL: baseURL)
        manager.configure { config in
            config.responseDescriptors = [
                ResponseDescriptor(mapping: gist, method: .get, pathPattern: "/gists/public"),
                ResponseDescriptor(mapping: gist, methods: [.get, .patch], pathPattern: "/gists/:id"),
                ResponseDescriptor(mapping: gist, method: .post, pathPattern: "/gists", statusCodes: 201),
                ResponseDescriptor(mapping: gist, method: .get, pathPattern: "/users/:login/gists"),
                ResponseDescriptor(mapping: echo, pathPattern: "/echo"),
                ResponseDescriptor(mapping: echo, pathPattern: "/echo/:id"),
                ResponseDescriptor(mapping: gist, pathPattern: "/broken"),
                ResponseDescriptor(mapping: upload, method: .post, pathPattern: "/uploads", keyPath: "upload", statusCodes: 201),
            ]
            config.requestDescriptors = [RequestDescriptor(mapping: gistRequest, rootKey: "gist", methods: [.post, .patch, .put])]
            config.router.add(Route(Gist.self, methods: [.get, .patch, .delete], pattern: "/gists/:id", mapping: gistID))
            config.router.add(Route(Gist.self, method: .post, pattern: "/gists"))
            config.router.add(Route(name: "user_gists", pattern: "/users/:login/gists") { (login: String) in ["login": login] })
        }
        return manager
    }
}
