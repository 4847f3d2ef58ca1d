/// Loads a collection endpoint page by page and keeps track of where it is.
///
/// The path pattern carries the page number as `:currentPage` and the page size as
/// `:perPage`, in the path or the query. Each load maps the page's objects with the
/// manager's response descriptors and reads the ``Pagination`` metadata from the body at
/// ``keys`` (RestKit's `current_page`, `per_page`, `total_entries`, `total_pages` by default).
///
/// ```swift
/// let paginator = manager.paginator(of: Article.self, pattern: "/articles?page=:currentPage&per_page=:perPage", perPage: 10)
/// let first = try await paginator.loadPage(1)
/// first.objects                               // [Article], mapped by the descriptor for /articles
/// while try await paginator.hasNextPage {
///     let page = try await paginator.loadNextPage()
///     show(page.objects)
/// }
/// ```
///
/// Loads may overlap; the state (current page, totals) follows the most recently started
/// load that completed, and every load returns its own page.
public actor Paginator<Model: Sendable> {
    /// One loaded page: its objects and what the response said about the collection.
    public struct Page: Sendable {
        /// The objects of type `Model` mapped from the page.
        public let objects: [Model]
        /// The page's metadata.
        public let pagination: Pagination
    }

    /// The manager requests go through.
    public nonisolated let manager: ObjectManager
    /// The pattern of a page's path, with `:currentPage` and `:perPage`.
    public nonisolated let pattern: PathPattern
    /// The page size asked for.
    public nonisolated let perPage: Int
    /// Where the metadata is in a response body.
    public nonisolated let keys: PaginationKeys
    /// Extra query parameters sent with every page.
    public nonisolated let parameters: Representation?

    private var latest: (generation: Int, page: Page)?
    private var generation = 0

    /// A paginator over `pattern` loading `perPage` objects a page (at least 1).
    ///
    /// ```swift
    /// let paginator = Paginator(of: Article.self, manager: manager, pattern: "/articles/page/:currentPage?per=:perPage")
    /// ```
    public init(
        of type: Model.Type = Model.self, manager: ObjectManager, pattern: PathPattern, perPage: Int = 25,
        keys: PaginationKeys = PaginationKeys(), parameters: Representation? = nil
    ) {
        self.manager = manager
        self.pattern = pattern
        self.perPage = Swift.max(perPage, 1)
        self.keys = keys
        self.parameters = parameters
    }

    /// Whether a page has been loaded.
    ///
    /// ```swift
    /// if await !paginator.isLoaded { try await paginator.loadPage(1) }
    /// ```
    public var isLoaded: Bool { latest != nil }

    /// The objects of the current page (empty before the first load).
    ///
    /// ```swift
    /// let articles = await paginator.objects
    /// ```
    public var objects: [Model] { latest?.page.objects ?? [] }

    /// The metadata of the current page.
    ///
    /// ```swift
    /// let total = try await paginator.pagination.totalCount
    /// ```
    ///
    /// - Throws: ``ObjectManagerError`` (`.notLoaded`) before the first load.
    public var pagination: Pagination {
        get throws(ObjectManagerError) { try current().pagination }
    }

    /// Whether a page follows the current one (see ``Pagination/hasNextPage``).
    ///
    /// ```swift
    /// if try await paginator.hasNextPage { try await paginator.loadNextPage() }
    /// ```
    ///
    /// - Throws: ``ObjectManagerError`` (`.notLoaded`) before the first load.
    public var hasNextPage: Bool {
        get throws(ObjectManagerError) { try current().pagination.hasNextPage }
    }

    /// Whether a page precedes the current one.
    ///
    /// ```swift
    /// if try await paginator.hasPreviousPage { try await paginator.loadPreviousPage() }
    /// ```
    ///
    /// - Throws: ``ObjectManagerError`` (`.notLoaded`) before the first load.
    public var hasPreviousPage: Bool {
        get throws(ObjectManagerError) { try current().pagination.hasPreviousPage }
    }

    /// Loads page `number` (from 1), maps its objects and its metadata.
    ///
    /// ```swift
    /// let page = try await paginator.loadPage(3)
    /// ```
    ///
    /// - Throws: ``ObjectManagerError``: `.pageOutOfRange` for a number below 1 or past the
    ///   last page known from an earlier load, `.routing` for a pattern without
    ///   `:currentPage`, `.mapping` for metadata that is not a whole number, and every error
    ///   of a request.
    @discardableResult
    public func loadPage(_ number: Int) async throws(ObjectManagerError) -> Page {
        guard number >= 1 else {
            throw ObjectManagerError(.pageOutOfRange, "page \(number) is out of range: pages start at 1")
        }
        if let totalPages = latest?.page.pagination.totalPages, number > Swift.max(totalPages, 1) {
            throw ObjectManagerError(.pageOutOfRange, "page \(number) is out of range: there are \(totalPages) pages")
        }
        guard pattern.parameterNames.contains("currentPage") else {
            throw ObjectManagerError(.routing, "the pattern '\(pattern)' has no :currentPage")
        }
        let path = try pattern.path(with: ["currentPage": String(number), "perPage": String(perPage)])
        generation += 1
        let started = generation
        let page = try await Self.fetch(
            path, manager: manager, parameters: parameters, keys: keys, requested: number, perPage: perPage)
        if started >= latest?.generation ?? 0 { latest = (started, page) }
        return page
    }

    /// Loads the page after the current one.
    ///
    /// ```swift
    /// let next = try await paginator.loadNextPage()
    /// ```
    ///
    /// - Throws: ``ObjectManagerError``: `.notLoaded` before the first load,
    ///   `.pageOutOfRange` on the last page, and the errors of ``loadPage(_:)``.
    @discardableResult
    public func loadNextPage() async throws(ObjectManagerError) -> Page {
        let pagination = try current().pagination
        guard pagination.hasNextPage else {
            throw ObjectManagerError(.pageOutOfRange, "there is no page after page \(pagination.currentPage) (\(pagination))")
        }
        return try await loadPage(pagination.currentPage + 1)
    }

    /// Loads the page before the current one.
    ///
    /// ```swift
    /// let previous = try await paginator.loadPreviousPage()
    /// ```
    ///
    /// - Throws: ``ObjectManagerError``: `.notLoaded` before the first load,
    ///   `.pageOutOfRange` on page 1, and the errors of ``loadPage(_:)``.
    @discardableResult
    public func loadPreviousPage() async throws(ObjectManagerError) -> Page {
        let pagination = try current().pagination
        guard pagination.hasPreviousPage else {
            throw ObjectManagerError(.pageOutOfRange, "there is no page before page \(pagination.currentPage)")
        }
        return try await loadPage(pagination.currentPage - 1)
    }

    // MARK: State and metadata

    private func current() throws(ObjectManagerError) -> Page {
        guard let latest else {
            throw ObjectManagerError(.notLoaded, "no page of '\(pattern)' has been loaded yet; call loadPage(_:) first")
        }
        return latest.page
    }

    /// Loads and maps one page (off the actor: the result is not `Sendable`, the page is).
    private nonisolated static func fetch(
        _ path: String, manager: ObjectManager, parameters: Representation?, keys: PaginationKeys, requested: Int,
        perPage: Int
    ) async throws(ObjectManagerError) -> Page {
        let result = try await manager.getObjects(at: path, parameters: parameters)
        let objects = result.objects(of: Model.self)
        let pagination = try pagination(
            in: result.document, keys: keys, requested: requested, perPage: perPage, objectCount: objects.count)
        return Page(objects: objects, pagination: pagination)
    }

    /// The metadata of a page: the values at `keys` in `document`, else what was asked for.
    nonisolated static func pagination(
        in document: Representation?, keys: PaginationKeys, requested: Int, perPage: Int, objectCount: Int
    ) throws(ObjectManagerError) -> Pagination {
        /// The whole number at `keyPath` (`3`, `3.0`, `"3"`), converted as the mapping core
        /// converts into an `Int`; `nil` when missing or null.
        func value(_ keyPath: String?) throws(ObjectManagerError) -> Int? {
            guard let keyPath, let found = document?[keyPath: keyPath], !found.isNull else { return nil }
            let number: Int
            do {
                number = try Int(representation: found, context: ConversionContext(keyPath: keyPath))
            } catch {
                throw ObjectManagerError(.mapping, "the pagination value at '\(keyPath)': \(error)", underlying: error)
            }
            guard number >= 0 else {
                throw ObjectManagerError(.mapping, "the pagination value at '\(keyPath)' is \(number); it cannot be negative")
            }
            return number
        }
        let currentPage = try value(keys.currentPage) ?? requested
        let perPage = try value(keys.perPage) ?? perPage
        guard currentPage >= 1 else {
            throw ObjectManagerError(.mapping, "the pagination value at '\(keys.currentPage ?? "")' is 0; pages start at 1")
        }
        return Pagination(
            currentPage: currentPage, perPage: perPage, totalCount: try value(keys.totalCount),
            totalPages: try value(keys.totalPages), objectCount: objectCount)
    }
}

extension ObjectManager {
    /// A paginator loading pages of `Model` objects from `pattern` through this manager.
    ///
    /// ```swift
    /// let paginator = manager.paginator(of: Article.self, pattern: "/articles?page=:currentPage&per_page=:perPage")
    /// try await paginator.loadPage(1)
    /// ```
    public func paginator<Model: Sendable>(
        of type: Model.Type, pattern: PathPattern, perPage: Int = 25, keys: PaginationKeys = PaginationKeys(),
        parameters: Representation? = nil
    ) -> Paginator<Model> {
        Paginator(of: type, manager: self, pattern: pattern, perPage: perPage, keys: keys, parameters: parameters)
    }
}
