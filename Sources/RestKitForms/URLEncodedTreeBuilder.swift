import RestKitCore

/// Builds nested values from bracket keys, following Rack 3's `normalize_params` (the parser
/// behind Rails' `params`), with documented differences.
///
/// Rack's rules, kept:
/// - `a[b][c]=1` nests objects: `{"a":{"b":{"c":"1"}}}`. The top-level name is everything
///   before the first `[` after its first character (`[a]=1` is the key `"[a]"`).
/// - `a[]=1&a[]=2` appends to an array: `{"a":["1","2"]}`.
/// - `a[][x]=1&a[][y]=2&a[][x]=3` builds an array of objects: a pair joins the last object
///   of the array unless that object already has its key path, in which case it starts a
///   new object → `[{"x":"1","y":"2"},{"x":"3"}]`. A key path containing `[]` always joins
///   (`a[][id]=1&a[][t][]=x&a[][t][]=y` → `[{"id":"1","t":["x","y"]}]`).
/// - Malformed brackets are kept as key text (`a[b=1` → `{"a":{"[b":"1"}}`).
/// - A key used as two kinds of value fails, as Rack's `ParameterTypeError`: a string and
///   an array (`a=1&a[]=2`), a string and an object (`a=1&a[b]=2`), an array and an object
///   (`a[]=1&a[b]=2`), in either order.
/// - Nesting deeper than `maximumDepth` brackets fails.
///
/// Differences:
/// - A repeated plain key makes an array (`a=1&a=2` → `["1","2"]`; Rack keeps the last
///   value). Such an array is not one built with `[]`: `a=1&a=2&a[]=3` fails too.
/// - Where Rack silently replaces an array or object with a later plain value
///   (`a[]=1&a=2`, `a[b]=1&a=2`), this fails like the opposite order.
/// - `[]` followed by `[]` nests arrays, a new inner array per pair (`k[][][]=v` →
///   `[[["v"]]]`).
/// - Objects whose keys are exactly `0…n-1` become arrays (`a[0]=x&a[1]=y` → `["x","y"]`),
///   when `indicesFormArrays` is set.
///
/// (Pairs with an empty key are dropped before they get here, as Rack does.)
///
/// ```swift
/// let builder = URLEncodedTreeBuilder(maximumDepth: 32)
/// try builder.insert(key: "user[name]", value: "Blake")
/// builder.representation(indicesFormArrays: true)  // {"user":{"name":"Blake"}}
/// ```
struct URLEncodedTreeBuilder {
    /// Why a pair could not be added; the parser adds the location.
    struct Failure: Error {
        var errorType: ParseError.ErrorType
        var reason: String
    }

    private typealias Bytes = ArraySlice<UInt8>
    private static let open = UInt8(ascii: "[")
    private static let close = UInt8(ascii: "]")

    /// The top-level map.
    let root = URLEncodedNode(.map)
    /// The most bracket levels a key may have.
    let maximumDepth: Int

    /// Adds one pair, nesting by the brackets of `key`.
    func insert(key: String, value: String) throws(Failure) {
        let name = Array(key.utf8)
        try normalize(into: root, name: name[...], value: value, depth: 0)
    }

    /// Adds one pair under its literal key.
    func insertFlat(key: String, value: String) throws(Failure) {
        try assign(value, to: key, in: root)
    }

    /// The finished value: always an object.
    func representation(indicesFormArrays: Bool) -> Representation {
        root.representation(isRoot: true, indicesFormArrays: indicesFormArrays)
    }

    /// Rack's `normalize_params` for a map `params`; `depth` is the bracket level of the
    /// first segment of `name` (0 for the top-level name).
    private func normalize(into params: URLEncodedNode, name: Bytes, value: String, depth: Int) throws(Failure) {
        try checkDepth(depth)
        let key: Bytes
        let after: Bytes
        if depth == 0 {
            if let start = name.dropFirst().firstIndex(of: Self.open) {
                key = name[..<start]
                after = name[start...]
            } else {
                key = name
                after = name[name.endIndex...]
            }
        } else if name.first == Self.open, let end = name.dropFirst().firstIndex(of: Self.close) {
            key = name[(name.startIndex + 1)..<end]
            after = name[(end + 1)...]
        } else {
            key = name
            after = name[name.endIndex...]
        }

        if after.isEmpty {
            try assign(value, to: Self.text(key), in: params)
        } else if after.count == 1, after.first == Self.open {
            try assign(value, to: Self.text(name), in: params)
        } else if after.starts(with: [Self.open, Self.close]) {
            let list = try listMember(Self.text(key), of: params)
            try append(value, to: list, rest: after.dropFirst(2), depth: depth + 1)
        } else {
            let child = try mapMember(Self.text(key), of: params)
            try normalize(into: child, name: after, value: value, depth: depth + 1)
        }
    }

    /// Adds `value` to `list` by what follows its `[]`.
    /// `depth` is the bracket level of that `[]`.
    private func append(_ value: String, to list: URLEncodedNode, rest: Bytes, depth: Int) throws(Failure) {
        try checkDepth(depth)
        if rest.isEmpty {
            list.items.append(URLEncodedNode(string: value))
            return
        }
        if rest.starts(with: [Self.open, Self.close]) {
            let inner = URLEncodedNode(.list)
            list.items.append(inner)
            try append(value, to: inner, rest: rest.dropFirst(2), depth: depth + 1)
            return
        }
        // An object in the array: `[x]` (a simple key) or a longer path such as `[x][y]`.
        var childKey = rest
        if rest.count > 2, rest.first == Self.open, rest.last == Self.close {
            let inner = rest.dropFirst().dropLast()
            if !inner.contains(Self.open), !inner.contains(Self.close) { childKey = inner }
        }
        if let last = list.items.last, last.kind == .map, !Self.has(childKey, in: last) {
            try normalize(into: last, name: childKey, value: value, depth: depth + 1)
        } else {
            let element = URLEncodedNode(.map)
            list.items.append(element)
            try normalize(into: element, name: childKey, value: value, depth: depth + 1)
        }
    }

    /// Sets `key` of `params` to `value`; a repeated key collects its values in an array.
    /// A key that holds an object or an array built with `[]` fails (Rack 3 would silently
    /// replace it).
    private func assign(_ value: String, to key: String, in params: URLEncodedNode) throws(Failure) {
        let leaf = URLEncodedNode(string: value)
        guard let existing = params.members[key] else {
            params.members[key] = leaf
            return
        }
        switch existing.kind {
        case .string: params.members[key] = URLEncodedNode(repeated: [existing, leaf])
        case .repeated: existing.items.append(leaf)
        case .list: throw Self.conflict(key, holds: "an array", wanted: "a string")
        case .map: throw Self.conflict(key, holds: "an object", wanted: "a string")
        }
    }

    /// The list at `key` of `params`, created if missing. Like Rack 3's `ParameterTypeError`,
    /// a key that already holds a string (`a=1&a[]=2`), strings from a repeated key or an
    /// object fails.
    private func listMember(_ key: String, of params: URLEncodedNode) throws(Failure) -> URLEncodedNode {
        guard let existing = params.members[key] else {
            let list = URLEncodedNode(.list)
            params.members[key] = list
            return list
        }
        switch existing.kind {
        case .list: return existing
        case .string: throw Self.conflict(key, holds: "a string", wanted: "an array")
        case .repeated: throw Self.conflict(key, holds: "strings of a repeated key", wanted: "an array")
        case .map: throw Self.conflict(key, holds: "an object", wanted: "an array")
        }
    }

    /// The map at `key` of `params`, created if missing.
    private func mapMember(_ key: String, of params: URLEncodedNode) throws(Failure) -> URLEncodedNode {
        guard let existing = params.members[key] else {
            let map = URLEncodedNode(.map)
            params.members[key] = map
            return map
        }
        switch existing.kind {
        case .map: return existing
        case .string: throw Self.conflict(key, holds: "a string", wanted: "an object")
        case .repeated: throw Self.conflict(key, holds: "strings of a repeated key", wanted: "an object")
        case .list: throw Self.conflict(key, holds: "an array", wanted: "an object")
        }
    }

    private func checkDepth(_ depth: Int) throws(Failure) {
        guard depth <= maximumDepth else {
            throw Failure(errorType: .depthLimitExceeded, reason: "key nests deeper than \(maximumDepth) levels")
        }
    }

    /// Rack's `params_hash_has_key?`: whether `path` (`x` or `[x][y]`) already leads to a
    /// value in `map`; `false` for any path containing `[]` (so such a pair always joins).
    private static func has(_ path: Bytes, in map: URLEncodedNode) -> Bool {
        var index = path.startIndex
        while index + 1 < path.endIndex {
            if path[index] == open, path[index + 1] == close { return false }
            index += 1
        }
        var current = map
        for part in path.split(whereSeparator: { $0 == open || $0 == close }) {
            guard current.kind == .map, let next = current.members[text(part)] else { return false }
            current = next
        }
        return true
    }

    private static func conflict(_ key: String, holds: String, wanted: String) -> Failure {
        Failure(errorType: .syntax, reason: "'\(key)' is used as \(wanted) but already holds \(holds)")
    }

    private static func text(_ bytes: Bytes) -> String {
        String(decoding: bytes, as: UTF8.self)
    }
}
