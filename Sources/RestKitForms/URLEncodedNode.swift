import RestKitCore

/// A mutable node of the tree ``URLEncodedTreeBuilder`` grows while it reads pairs: a string,
/// a list or a map. A reference type, so that a key path can be followed and the node at its
/// end changed in place, without copying the containers above it.
///
/// ```swift
/// let root = URLEncodedNode(.map)
/// root.members["a"] = URLEncodedNode(string: "1")
/// root.representation(isRoot: true)  // {"a":"1"}
/// ```
final class URLEncodedNode {
    /// What the node holds.
    enum Kind {
        /// One string value.
        case string
        /// An array built with `[]` keys (`a[]=1&a[]=2`).
        case list
        /// The values of a key written plainly more than once (`a=1&a=2`): an array too,
        /// but one that `a[]` may not extend.
        case repeated
        /// An object built with `[name]` keys.
        case map
    }

    /// What the node holds; only the matching storage below is used.
    let kind: Kind
    /// The value of a `.string` node.
    var string = ""
    /// The elements of a `.list` or `.repeated` node.
    var items: [URLEncodedNode] = []
    /// The members of a `.map` node, in first-seen order.
    var members: OrderedDictionary<String, URLEncodedNode> = [:]

    /// An empty list or map (or an empty string).
    init(_ kind: Kind) {
        self.kind = kind
    }

    /// A string leaf.
    init(string: String) {
        kind = .string
        self.string = string
    }

    /// The values of a repeated key.
    init(repeated items: [URLEncodedNode]) {
        kind = .repeated
        self.items = items
    }

    /// The node as a representation. A map whose keys are exactly `0`, `1`, … `n-1` (in any
    /// order, no leading zeros) becomes an array in index order when `indicesFormArrays` is
    /// set, except at the root, which is always an object.
    func representation(isRoot: Bool = false, indicesFormArrays: Bool = true) -> Representation {
        switch kind {
        case .string:
            return .string(string)
        case .list, .repeated:
            return .array(items.map { $0.representation(indicesFormArrays: indicesFormArrays) })
        case .map:
            if !isRoot, indicesFormArrays, let ordered = indexedElements() {
                return .array(ordered.map { $0.representation(indicesFormArrays: indicesFormArrays) })
            }
            var object = OrderedDictionary<String, Representation>(minimumCapacity: members.count)
            for (key, member) in members {
                object[key] = member.representation(indicesFormArrays: indicesFormArrays)
            }
            return .object(object)
        }
    }

    /// The members in index order when the keys are exactly `0..<members.count`, else `nil`.
    private func indexedElements() -> [URLEncodedNode]? {
        let count = members.count
        guard count > 0 else { return nil }
        var slots = [URLEncodedNode?](repeating: nil, count: count)
        for (key, member) in members {
            guard let index = Self.canonicalIndex(key), index < count, slots[index] == nil else { return nil }
            slots[index] = member
        }
        return slots.compactMap { $0 }
    }

    /// The value of a decimal index without sign or leading zeros (`"0"`, `"17"`), else `nil`.
    private static func canonicalIndex(_ key: String) -> Int? {
        let digits = key.utf8
        guard let first = digits.first, digits.count <= 18,
              digits.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
              first != UInt8(ascii: "0") || digits.count == 1
        else { return nil }
        return Int(key)
    }
}
