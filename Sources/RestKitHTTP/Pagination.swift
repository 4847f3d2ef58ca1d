/// What a paginated response says about its collection: the page, its size, the totals.
///
/// ```swift
/// let page = try await paginator.loadPage(2)
/// page.pagination.currentPage   // 2
/// page.pagination.totalPages    // 5 (from total_pages, or total_entries / per_page)
/// page.pagination.hasNextPage   // true
/// ```
public struct Pagination: Sendable, Hashable, CustomStringConvertible {
    /// The page number, from 1.
    public var currentPage: Int
    /// How many objects a full page holds.
    public var perPage: Int
    /// How many objects the whole collection holds, when the response says.
    public var totalCount: Int?
    /// How many pages there are, when the response says (or says the total count).
    public var totalPages: Int?
    /// How many objects this page held.
    public var objectCount: Int

    /// Creates pagination metadata; ``totalPages`` is computed from `totalCount` and
    /// `perPage` when not given.
    ///
    /// ```swift
    /// Pagination(currentPage: 1, perPage: 10, totalCount: 23, objectCount: 10).totalPages   // 3
    /// ```
    public init(currentPage: Int, perPage: Int, totalCount: Int? = nil, totalPages: Int? = nil, objectCount: Int) {
        self.currentPage = currentPage
        self.perPage = perPage
        self.totalCount = totalCount
        self.objectCount = objectCount
        if let totalPages {
            self.totalPages = totalPages
        } else if let totalCount, perPage > 0 {
            self.totalPages = totalCount / perPage + (totalCount % perPage == 0 ? 0 : 1)
        } else {
            self.totalPages = nil
        }
    }

    /// Whether a page follows: `currentPage < totalPages` when the total is known, else
    /// whether this page was full.
    public var hasNextPage: Bool {
        if let totalPages { return currentPage < totalPages }
        return objectCount > 0 && objectCount >= perPage
    }

    /// Whether a page precedes this one (`currentPage > 1`).
    public var hasPreviousPage: Bool { currentPage > 1 }

    /// `page 2 of 5 (25 per page, 112 objects)`.
    public var description: String {
        "page \(currentPage) of \(totalPages.map(String.init) ?? "?") (\(perPage) per page, \(totalCount.map(String.init) ?? "?") objects)"
    }
}

/// Where a paginated response keeps its metadata: a key path in the body for each value
/// (`nil`: not read). The defaults are RestKit's: `current_page`, `per_page`,
/// `total_entries`, `total_pages` at the top level.
///
/// ```swift
/// let keys = PaginationKeys(under: "meta")                                   // meta.current_page, …
/// let custom = PaginationKeys(currentPage: "page", perPage: "limit", totalCount: "total", totalPages: nil)
/// ```
public struct PaginationKeys: Sendable, Hashable {
    /// The key path of the current page number.
    public var currentPage: String?
    /// The key path of the page size.
    public var perPage: String?
    /// The key path of the collection's object count.
    public var totalCount: String?
    /// The key path of the page count.
    public var totalPages: String?

    /// Key paths for each value (every default RestKit's).
    ///
    /// ```swift
    /// let keys = PaginationKeys(totalCount: "count", totalPages: nil)   // {"count": 230, "current_page": 3, …}
    /// ```
    public init(
        currentPage: String? = "current_page", perPage: String? = "per_page", totalCount: String? = "total_entries",
        totalPages: String? = "total_pages"
    ) {
        self.currentPage = currentPage
        self.perPage = perPage
        self.totalCount = totalCount
        self.totalPages = totalPages
    }

    /// The default key names, under the object at `root` (`"meta"`, `"pagination"`).
    ///
    /// ```swift
    /// let keys = PaginationKeys(under: "meta")   // {"items": […], "meta": {"current_page": 2, …}}
    /// ```
    public init(under root: String) {
        self.init(
            currentPage: root + ".current_page", perPage: root + ".per_page", totalCount: root + ".total_entries",
            totalPages: root + ".total_pages")
    }
}
