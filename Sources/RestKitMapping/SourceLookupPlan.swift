import RestKitCore

/// Finds the values an ``ObjectMapping``'s properties read with one pass over each object
/// involved, instead of one pass over the object per property.
///
/// Sources made only of keys (`"id"`, `"user.screen_name"`) form a tree of objects: the object
/// mapped, the objects under its keys, and so on. Each node holds the keys read in its object
/// (a ``MemberKeyTable``); resolving walks each object once and notes where every key's value
/// is (the last one when a key repeats, as the key subscript does). A property whose source has
/// operators or scopes, or whose path meets something other than a plain object on a tape
/// (a materialised value, an array, `null`, an object whose repeated keys read as arrays), is
/// left to ``SourceKeyPath/value(in:scope:)``, so every answer is the one it would give.
///
/// ```swift
/// let plan = SourceLookupPlan(sources: [try SourceKeyPath("id"), try SourceKeyPath("user.id")])
/// if let (tape, values) = plan.resolve(in: tweet) {
///     values[1]   // the entry of tweet.user.id on `tape`, `SourceLookupPlan.missing` or `.unplanned`
/// }
/// ```
struct SourceLookupPlan: Sendable {
    /// One object of the tree.
    private struct Node: Sendable {
        let table: MemberKeyTable
        /// For each slot of ``table``: the node of the object under that key, or -1.
        let children: [Int]
        /// Where this node's slots start in the flat buffer of found values.
        let base: Int
    }

    /// Parents come before their children.
    private let nodes: [Node]
    /// For each property: the flat slot of the last key of its source, or -1 when not planned.
    private let targets: [Int]
    /// For each property: the node whose object holds that last key (unused when not planned).
    private let targetNodes: [Int]
    private let slotCount: Int

    /// Whether any property is planned (otherwise resolving would only cost time).
    var isUseful: Bool { targets.contains { $0 >= 0 } }

    /// A plan for properties reading `sources` (`nil`: the whole representation, not planned).
    init(sources: [SourceKeyPath?]) {
        // The tree first, as keys in order of first use per node; then one table per node.
        var keys: [[String]] = [[]]
        var childOf: [[String: Int]] = [[:]]
        var paths: [(node: Int, key: String)?] = []
        for source in sources {
            guard let path = source?.plainKeys, let last = path.last else {
                paths.append(nil)
                continue
            }
            var node = 0
            for key in path.dropLast() {
                if !keys[node].contains(key) { keys[node].append(key) }
                if let child = childOf[node][key] {
                    node = child
                } else {
                    keys.append([])
                    childOf.append([:])
                    childOf[node][key] = keys.count - 1
                    node = keys.count - 1
                }
            }
            if !keys[node].contains(last) { keys[node].append(last) }
            paths.append((node, last))
        }
        var nodes: [Node] = []
        var base = 0
        for (index, nodeKeys) in keys.enumerated() {
            nodes.append(Node(
                table: MemberKeyTable(nodeKeys),
                children: nodeKeys.map { childOf[index][$0] ?? -1 },
                base: base))
            base += nodeKeys.count
        }
        self.nodes = nodes
        slotCount = base
        targets = paths.map { path in
            guard let path, let slot = keys[path.node].firstIndex(of: path.key) else { return -1 }
            return nodes[path.node].base + slot
        }
        targetNodes = paths.map { $0?.node ?? 0 }
    }

    /// What ``resolve(in:)`` answers for a property whose key on the way is missing (what
    /// ``SourceKeyPath/value(in:scope:)`` returns as `nil`).
    static let missing = -1
    /// What ``resolve(in:)`` answers for a property it did not resolve: ask the source key path.
    static let unplanned = -2

    /// Resolves every planned source in `representation`: for each property in order, the
    /// entry of its value on `tape`, ``missing`` or ``unplanned``. `nil` (all unplanned) when
    /// `representation` is not a plain object on a tape. (Entry indices rather than
    /// representations: the caller, generic over its model, makes the one it assigns.)
    func resolve(in representation: Representation) -> (tape: Tape, values: [Int])? {
        guard let (tape, root) = representation.tapeObject else { return nil }
        let missing = Self.missing, unplanned = Self.unplanned
        // The answers first, then per slot the entry of its value (or -1), then per node the
        // entry of its object (or `missing` / `unplanned`).
        let answers = targets.count, objects = answers + slotCount
        var values = [Int](repeating: missing, count: objects + nodes.count)
        values.withUnsafeMutableBufferPointer { buffer in
            buffer[objects] = root
            for (index, node) in nodes.enumerated() {
                let object = buffer[objects + index]
                let start = answers + node.base
                let slots = UnsafeMutableBufferPointer(rebasing: buffer[start..<(start + node.table.count)])
                if object >= 0 { tape.findMembers(node.table, inObjectAt: object, into: slots) }
                for (slot, child) in node.children.enumerated() where child >= 0 {
                    let value = object >= 0 ? slots[slot] : missing
                    buffer[objects + child] = switch true {
                    case object < 0: object
                    case value < 0: missing
                    case tape.entries[value].kind == .object: value
                    default: unplanned
                    }
                }
            }
            for (property, target) in targets.enumerated() {
                guard target >= 0 else {
                    buffer[property] = unplanned
                    continue
                }
                let object = buffer[objects + targetNodes[property]]
                buffer[property] = object < 0 ? object : buffer[answers + target]
            }
        }
        values.removeSubrange(answers...)
        return (tape, values)
    }
}
