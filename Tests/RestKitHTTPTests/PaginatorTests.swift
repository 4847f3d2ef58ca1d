import Testing
import RestKitHTTP

@Suite("Pagination against a live server")
struct PaginatorTests {
    static let article = ObjectMapping(Article.init) { article in
        article.map("id", to: \.id)
        article.map("title", to: \.title)
    }

    static func manager(_ baseURL: String) -> ObjectManager {
        let manager = ObjectManager(baseURL: baseURL)
        manager.configure { config in
            config.responseDescriptors = [
                ResponseDescriptor(mapping: article, method: .get, pathPattern: "/articles", keyPath: "articles"),
                ResponseDescriptor(mapping: article, method: .get, pathPattern: "/feed/:page", keyPath: "items"),
                ResponseDescriptor(mapping: article, method: .get, pathPattern: "/bare"),
                ResponseDescriptor(mapping: article, method: .get, pathPattern: "/bad", keyPath: "articles"),
                ResponseDescriptor(mapping: article, method: .get, pathPattern: "/zero", keyPath: "articles"),
                ResponseDescriptor(mapping: article, method: .get, pathPattern: "/negative", keyPath: "articles"),
                ResponseDescriptor(mapping: article, method: .get, pathPattern: "/fraction", keyPath: "articles"),
            ]
        }
        return manager
    }

    @Test func patternsFillQueryParameters() throws {
        let pattern = PathPattern("/articles?page=:currentPage&per_page=:perPage")
        #expect(pattern.parameterNames == ["currentPage", "perPage"])
        #expect(try pattern.path(with: ["currentPage": "2", "perPage": "10"]) == "/articles?page=2&per_page=10")
        #expect(try PathPattern("/a/:id/?q=:q&x=1").path(with: ["id": "7", "q": "a b&c"]) == "/a/7/?q=a%20b%26c&x=1")
        #expect(pattern.match("/articles?page=5") == [:])  // the query is not matched
        let error = #expect(throws: ObjectManagerError.self) { try pattern.path(with: ["currentPage": "1"]) }
        #expect(error?.reason.contains(":perPage") == true)
    }

    @Test func loadsPagesAndTheirMetadata() async throws {
        try await GistServer.run { baseURL in
            let manager = Self.manager(baseURL)
            let paginator = manager.paginator(of: Article.self, pattern: "/articles?page=:currentPage&per_page=:perPage", perPage: 10)
            #expect(await paginator.isLoaded == false)
            #expect(await paginator.objects.isEmpty)

            let first = try await paginator.loadPage(1)
            #expect(first.objects.map(\.id) == Array(1...10))
            #expect(first.objects.first == Article(id: 1, title: "Article 1"))
            #expect(first.pagination == Pagination(currentPage: 1, perPage: 10, totalCount: 23, totalPages: 3, objectCount: 10))
            #expect(try await paginator.hasNextPage)
            #expect(try await !paginator.hasPreviousPage)

            let second = try await paginator.loadNextPage()
            #expect(second.objects.map(\.id) == Array(11...20))
            #expect(try await paginator.pagination.currentPage == 2)
            #expect(try await paginator.hasPreviousPage)

            let third = try await paginator.loadNextPage()
            #expect(third.objects.map(\.id) == [21, 22, 23])
            #expect(try await !paginator.hasNextPage)
            #expect(await paginator.objects.map(\.id) == [21, 22, 23])

            let past = await #expect(throws: ObjectManagerError.self) { try await paginator.loadNextPage() }
            #expect(past?.errorType == .pageOutOfRange)
            let beyond = await #expect(throws: ObjectManagerError.self) { try await paginator.loadPage(4) }
            #expect(beyond?.errorType == .pageOutOfRange)
            #expect(beyond?.reason.contains("3 pages") == true)
            let zero = await #expect(throws: ObjectManagerError.self) { try await paginator.loadPage(0) }
            #expect(zero?.errorType == .pageOutOfRange)

            let back = try await paginator.loadPreviousPage()
            #expect(back.pagination.currentPage == 2)
            try await paginator.loadPage(1)
            let before = await #expect(throws: ObjectManagerError.self) { try await paginator.loadPreviousPage() }
            #expect(before?.errorType == .pageOutOfRange)
            #expect(await paginator.objects.map(\.id) == Array(1...10))  // failed loads change nothing
        }
    }

    @Test func askingBeforeLoadingIsAnError() async throws {
        let manager = ObjectManager(baseURL: "http://127.0.0.1:1")
        let paginator = Paginator(of: Article.self, manager: manager, pattern: "/articles?page=:currentPage")
        for attempt in 0..<4 {
            let error = await #expect(throws: ObjectManagerError.self) {
                switch attempt {
                case 0: _ = try await paginator.hasNextPage
                case 1: _ = try await paginator.hasPreviousPage
                case 2: try await paginator.loadNextPage()
                default: try await paginator.loadPreviousPage()
                }
            }
            #expect(error?.errorType == .notLoaded)
        }
        let pagination = await #expect(throws: ObjectManagerError.self) { _ = try await paginator.pagination }
        #expect(pagination?.reason.contains("loadPage(_:)") == true)
    }

    @Test func metadataUnderAKeyPathAsStringsWithoutAPageCount() async throws {
        try await GistServer.run { baseURL in
            let manager = Self.manager(baseURL)
            let paginator = manager.paginator(
                of: Article.self, pattern: "/feed/:currentPage?size=:perPage", perPage: 5, keys: PaginationKeys(under: "meta"))
            let page = try await paginator.loadPage(4)
            #expect(page.objects.map(\.id) == Array(16...20))
            #expect(page.pagination.currentPage == 4)
            #expect(page.pagination.totalCount == 23)
            #expect(page.pagination.totalPages == 5)  // computed: 23 objects, 5 per page
            #expect(page.pagination.description == "page 4 of 5 (5 per page, 23 objects)")
            let last = try await paginator.loadNextPage()
            #expect(last.objects.map(\.id) == [21, 22, 23])
            #expect(try await !paginator.hasNextPage)
        }
    }

    @Test func withoutMetadataAFullPageSuggestsAnother() async throws {
        try await GistServer.run { baseURL in
            let manager = Self.manager(baseURL)
            let paginator = manager.paginator(of: Article.self, pattern: "/bare?page=:currentPage&per_page=:perPage", perPage: 20)
            let first = try await paginator.loadPage(1)
            #expect(first.pagination == Pagination(currentPage: 1, perPage: 20, objectCount: 20))
            #expect(first.pagination.totalPages == nil)
            #expect(try await paginator.hasNextPage)
            let second = try await paginator.loadNextPage()
            #expect(second.objects.count == 3)
            #expect(try await !paginator.hasNextPage)
        }
    }

    @Test func invalidMetadataAndPatternsAreErrors() async throws {
        try await GistServer.run { baseURL in
            let manager = Self.manager(baseURL)
            let bad = manager.paginator(of: Article.self, pattern: "/bad?page=:currentPage")
            let error = await #expect(throws: ObjectManagerError.self) { try await bad.loadPage(1) }
            #expect(error?.errorType == .mapping)
            #expect(error?.reason.contains("total_entries") == true)
            #expect(await bad.isLoaded == false)

            let zero = manager.paginator(of: Article.self, pattern: "/zero?page=:currentPage")
            let zeroError = await #expect(throws: ObjectManagerError.self) { try await zero.loadPage(1) }
            #expect(zeroError?.errorType == .mapping)

            let negative = manager.paginator(of: Article.self, pattern: "/negative?page=:currentPage")
            let negativeError = await #expect(throws: ObjectManagerError.self) { try await negative.loadPage(1) }
            #expect(negativeError?.errorType == .mapping)
            #expect(negativeError?.reason.contains("per_page' is -5") == true)

            let fraction = manager.paginator(of: Article.self, pattern: "/fraction?page=:currentPage")
            let fractionError = await #expect(throws: ObjectManagerError.self) { try await fraction.loadPage(1) }
            #expect(fractionError?.errorType == .mapping)
            #expect(fractionError?.reason.contains("total_pages") == true)

            let noPage = manager.paginator(of: Article.self, pattern: "/articles?per_page=:perPage")
            let routing = await #expect(throws: ObjectManagerError.self) { try await noPage.loadPage(1) }
            #expect(routing?.errorType == .routing)
            #expect(routing?.reason.contains(":currentPage") == true)

            let missing = manager.paginator(of: Article.self, pattern: "/nowhere?page=:currentPage")
            let server = await #expect(throws: ObjectManagerError.self) { try await missing.loadPage(1) }
            #expect(server?.errorType == .server)
            #expect(server?.status == 404)
        }
    }

    @Test func overlappingLoadsKeepTheLatestStarted() async throws {
        try await GistServer.run { baseURL in
            let manager = Self.manager(baseURL)
            let paginator = manager.paginator(of: Article.self, pattern: "/articles?page=:currentPage&per_page=:perPage", perPage: 10)
            async let one = paginator.loadPage(1)
            async let two = paginator.loadPage(2)
            let pages = try await [one, two]
            #expect(pages.map(\.pagination.currentPage) == [1, 2])
            let current = try await paginator.pagination.currentPage
            #expect(current == 1 || current == 2)
        }
    }
}
