import Foundation
public import RestKitCore

/// Where a mapping reads inside a representation: a dotted key path with the key-value
/// coding extras RestKit users know.
///
/// - `user.login`: nested keys; on an array, a key collects that key of every element
///   (`friends.name` → `["Ada", "Grace"]`); a number selects an element (`friends.0`).
/// - Collection operators: `@count`, `@sum.x`, `@avg.x`, `@min.x`, `@max.x` (exact decimal
///   arithmetic), `@distinctUnionOfObjects.x`, `@unionOfArrays.x`.
/// - Scopes: `@metadata.<path>` (``MappingOptions/metadata``, plus `mapping.collectionIndex`,
///   the position of the element being mapped), `@parent.<path>`, `@root.<path>`.
///
/// ```swift
/// let path = try SourceKeyPath("transactions.@avg.amount")
/// path.value(in: account)   // .number("150.115")
/// ```
public struct SourceKeyPath: Sendable, Hashable, CustomStringConvertible {
    enum Component: Sendable, Hashable {
        case key(String)
        case count, sum, average, minimum, maximum, distinctUnion, unionOfArrays
        case metadata, parent, root
    }

    let components: [Component]
    /// The text it was made from.
    public let description: String
    /// The plain keys when the path is only keys (so an inverse mapping can write it back), else `nil`.
    let plainKeys: [String]?

    /// Parses a key path.
    ///
    /// - Throws: ``MappingError`` (`.invalidKeyPath`) for an unknown `@operator` or an empty component.
    public init(_ text: String) throws(MappingError) {
        description = text
        var components: [Component] = []
        for (position, part) in text.split(separator: ".", omittingEmptySubsequences: false).enumerated() {
            guard !part.isEmpty else {
                throw MappingError(.invalidKeyPath, "empty component in key path '\(text)'", keyPath: text)
            }
            guard part.hasPrefix("@") else {
                components.append(.key(String(part)))
                continue
            }
            let component: Component
            switch part {
            case "@count": component = .count
            case "@sum": component = .sum
            case "@avg": component = .average
            case "@min": component = .minimum
            case "@max": component = .maximum
            case "@distinctUnionOfObjects": component = .distinctUnion
            case "@unionOfArrays": component = .unionOfArrays
            case "@metadata" where position == 0: component = .metadata
            case "@parent" where position == 0: component = .parent
            case "@root" where position == 0: component = .root
            default:
                throw MappingError(.invalidKeyPath, "unknown operator '\(part)' in key path '\(text)'", keyPath: text)
            }
            components.append(component)
        }
        self.components = components
        let keys = components.compactMap { component -> String? in if case .key(let key) = component { key } else { nil } }
        plainKeys = keys.count == components.count ? keys : nil
    }

    /// The value at this path in `representation`, or `nil` when a key is missing.
    public func value(in representation: Representation) -> Representation? {
        value(in: representation, scope: MappingScope(root: representation, options: MappingOptions()))
    }

    func value(in representation: Representation, scope: MappingScope) -> Representation? {
        var start = representation
        var rest = components[...]
        switch rest.first {
        case .metadata:
            start = scope.metadata
            rest = rest.dropFirst()
        case .parent:
            guard let parent = scope.parent else { return nil }
            start = parent
            rest = rest.dropFirst()
        case .root:
            start = scope.root
            rest = rest.dropFirst()
        default:
            break
        }
        return Self.evaluate(rest, on: start)
    }

    private static func evaluate(_ components: ArraySlice<Component>, on value: Representation) -> Representation? {
        guard let component = components.first else { return value }
        let rest = components.dropFirst()
        switch component {
        case .key(let key):
            switch value.kind {
            case .object:
                return value[key].flatMap { evaluate(rest, on: $0) }
            case .array:
                if let index = Int(key) { return value[index].flatMap { evaluate(rest, on: $0) } }
                let elements = value.arrayValue ?? []
                return .array(elements.map { element in element[key].flatMap { evaluate(rest, on: $0) } ?? .null })
            default:
                return nil
            }
        case .count:
            return value.arrayValue.map { .int(Int64($0.count)) }
        case .sum, .average, .minimum, .maximum:
            guard let elements = value.arrayValue else { return nil }
            let numbers = elements.compactMap { evaluate(rest, on: $0) }.filter { !$0.isNull }
            return aggregate(component, numbers)
        case .distinctUnion:
            guard let elements = value.arrayValue else { return nil }
            var seen = Set<Representation>()
            var distinct: [Representation] = []
            for element in elements {
                guard let selected = evaluate(rest, on: element), !selected.isNull else { continue }
                if seen.insert(selected).inserted { distinct.append(selected) }
            }
            return .array(distinct)
        case .unionOfArrays:
            guard let elements = value.arrayValue else { return nil }
            return .array(elements.flatMap { evaluate(rest, on: $0)?.arrayValue ?? [] })
        case .metadata, .parent, .root:
            return nil  // only valid first; rejected when parsing
        }
    }

    /// Exact decimal sum and average; minimum and maximum keep the original values.
    private static func aggregate(_ operation: Component, _ values: [Representation]) -> Representation? {
        let decimals = values.compactMap { value in
            value.numericContent?.numberText.flatMap { Decimal(string: $0, locale: Locale(identifier: "en_US_POSIX")) }
        }
        switch operation {
        case .sum:
            return exact(decimals.reduce(0, +))
        case .average:
            guard !decimals.isEmpty else { return nil }
            return exact(decimals.reduce(0, +) / Decimal(decimals.count))
        case .minimum:
            return zip(values, decimals).min { $0.1 < $1.1 }?.0
        case .maximum:
            return zip(values, decimals).max { $0.1 < $1.1 }?.0
        default:
            return nil
        }
    }

    private static func exact(_ decimal: Decimal) -> Representation {
        let text = decimal.description
        return Int64(text).map(Representation.int) ?? .number(text)
    }
}

/// Where the mapping of one value happens: the document root, the enclosing
/// representation, the options and the source key path (for errors).
///
/// A scope is copied for every object and every property, so what stays the same through
/// the whole operation (the root, the options, the report) sits in one shared box: a copy
/// costs a few retains, not one per field.
struct MappingScope {
    /// The representation that encloses the one being mapped (for `@parent`).
    var parent: Representation?
    /// The representation of the object being mapped (the parent of its relationships).
    var current: Representation = .null
    private var operation: Operation
    var collectionIndex: Int?
    var keyPath = ""

    /// A scope at the root of `root`; declined elements go to `report` (with none given, to
    /// a report of the operation's own, made when the first element is declined).
    init(root: Representation, options: MappingOptions, report: MappingReport? = nil) {
        operation = Operation(root: root, options: options, report: report)
    }

    /// What every scope of one operation shares.
    private final class Operation {
        let root: Representation
        let options: MappingOptions
        /// The report given, or made on first use: nothing reads a report nobody gave, and
        /// making one for every `map` call was an allocation per mapped object.
        private(set) var givenOrMade: MappingReport?

        init(root: Representation, options: MappingOptions, report: MappingReport?) {
            self.root = root
            self.options = options
            givenOrMade = report
        }

        var report: MappingReport {
            if let givenOrMade { return givenOrMade }
            let made = MappingReport()
            givenOrMade = made
            return made
        }
    }

    /// The document being mapped (for `@root`).
    var root: Representation { operation.root }

    var options: MappingOptions {
        get { operation.options }
        // The new operation shares the report; with none given or made yet, it makes its own
        // if it needs one (nothing reads a report nobody gave).
        set { operation = Operation(root: operation.root, options: newValue, report: operation.givenOrMade) }
    }

    /// Where skipped (declined) elements are reported; shared by the whole operation.
    var report: MappingReport { operation.report }

    /// ``MappingOptions/metadata`` with `mapping.collectionIndex` added when mapping an element.
    var metadata: Representation {
        guard let collectionIndex else { return options.metadata }
        var members = options.metadata.objectValue ?? [:]
        var mapping = members["mapping"]?.objectValue ?? [:]
        mapping["collectionIndex"] = .int(Int64(collectionIndex))
        members["mapping"] = .object(mapping)
        return .object(members)
    }

    /// The scope for a child value at `path` below `parent`.
    func descending(into path: String, from parent: Representation, index: Int? = nil) -> MappingScope {
        var scope = self
        scope.parent = parent
        scope.collectionIndex = index
        scope.keyPath = KeyPathText.join(keyPath, path)
        return scope
    }

    /// The conversion context for the value at `component` of the object being mapped.
    func conversionContext(for component: String) -> ConversionContext {
        ConversionContext(options: options, base: keyPath, component: component)
    }
}

/// What a mapping operation skipped: elements of collections for which a dynamic mapping
/// chose no mapping, each with its key path.
///
/// ```swift
/// let report = MappingReport()
/// let people = try people.mapCollection(document, report: report)
/// for issue in report.issues { print(issue) }   // 2: no mapping for type "Robot"
/// ```
public final class MappingReport {
    /// The skipped elements' errors, in document order.
    public internal(set) var issues: [MappingError] = []

    /// An empty report.
    public init() {}
}
