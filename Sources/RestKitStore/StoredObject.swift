public import RestKitCore

/// An object of a declared entity (``DeclaredMapping``): the value of each declared attribute,
/// keyed by its key path, for code (such as `rk`) that has no Swift model type.
///
/// Values are kept as the column type reads them (`integer` as `.int`, `boolean` as `.bool`,
/// `dateText` as ISO 8601 text, `dateEpoch` as seconds); an attribute with no value is absent.
///
/// ```swift
/// var article = StoredObject()
/// article["id"] = 1
/// article["author.name"] = "Ada"
/// article.representation   // {"id": 1, "author": {"name": "Ada"}}
/// ```
public struct StoredObject: Sendable, Hashable, CustomStringConvertible {
    /// The values, keyed by attribute key path (`"author.name"`), in declaration order.
    public var values: OrderedDictionary<String, Representation>

    /// An object holding `values` (keyed by attribute key path).
    ///
    /// ```swift
    /// let article = StoredObject(["id": 1, "title": "Hello"])
    /// ```
    public init(_ values: OrderedDictionary<String, Representation> = [:]) {
        self.values = values
    }

    /// The value of the attribute at `keyPath` (as declared, dotted); setting `nil` removes it.
    ///
    /// ```swift
    /// article["author.name"]   // .string("Ada")
    /// ```
    public subscript(keyPath: String) -> Representation? {
        get { values[keyPath] }
        set { values[keyPath] = newValue }
    }

    /// The values as one object, dotted key paths made into nested objects
    /// (`"author.name"` → `{"author": {"name": …}}`): the shape of the payload it came from.
    ///
    /// ```swift
    /// let json = try JSONWriter().write(.array(objects.map(\.representation)))
    /// ```
    public var representation: Representation {
        var object = OrderedDictionary<String, Representation>()
        for (keyPath, value) in values {
            if keyPath.utf8.contains(UInt8(ascii: ".")) {
                Representation.set(value, at: keyPath.split(separator: ".", omittingEmptySubsequences: false), in: &object)
            } else {
                object[keyPath] = value
            }
        }
        return .object(object)
    }

    /// The representation as JSON text.
    public var description: String { representation.description }
}
