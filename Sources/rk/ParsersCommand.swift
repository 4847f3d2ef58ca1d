import ArgumentParser
import RestKit

/// `rk parsers`: what the default registry knows.
struct ParsersCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "parsers",
        abstract: "List the registered media types with their parser and serializer plugins."
    )

    func run() throws {
        let registry = Registry.default
        var lines = ["PARSERS (the first name for a media type is the one used)"]
        lines += Self.table(registry.parsers.map { ($0.pattern.description, $0.name) })
        lines += ["", "SERIALIZERS"]
        lines += Self.table(registry.serializers.map { ($0.pattern.description, $0.name) })
        lines += ["", "FILE EXTENSIONS"]
        lines += registry.fileExtensions.sorted { $0.key < $1.key }.map { "  .\($0.key)  \($0.value)" }
        try StandardStreams.writeOutput(Array((lines.joined(separator: "\n") + "\n").utf8))
    }

    /// One line per pattern, plugin names latest first.
    private static func table(_ entries: [(pattern: String, name: String)]) -> [String] {
        var order: [String] = []
        var names: [String: [String]] = [:]
        for (pattern, name) in entries {
            if names[pattern] == nil { order.append(pattern) }
            names[pattern, default: []].insert(name, at: 0)
        }
        let width = (order.map(\.count).max() ?? 0) + 2
        return order.map { pattern in
            let padding = String(repeating: " ", count: width - pattern.count)
            return "  " + pattern + padding + (names[pattern] ?? []).joined(separator: ", ")
        }
    }
}
