import ArgumentParser
import Foundation
import RestKit
import RestKitStore

/// `rk query`: print the stored objects of one entity as JSON, all of them or those matching
/// a full-text search.
struct QueryCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "query",
        abstract: "Print the objects of an entity stored in a SQLite or PostgreSQL database, as one JSON array.",
        discussion: """
            The mapping (the same file `rk seed` used) gives the table and its columns. Without \
            --search, objects come in the order first stored; with it, best match first (words \
            all required, AND, OR, NOT, "phrases", prefix*; case and accents ignored). DATABASE \
            is a file path or a PostgreSQL URL (postgres://user@host:port/database, ?schema=name; \
            the password from the URL or PGPASSWORD). Nothing is created or changed. Examples:
              rk query app.sqlite Article --mapping mapping.json
              rk query app.sqlite Article -m m.json --search 'cafe OR "tea room"' --limit 5
              rk query postgres://app@127.0.0.1/app?schema=catalog Article -m m.json
            """
    )

    @Argument(help: ArgumentHelp("The SQLite database file, or a PostgreSQL URL.", valueName: "DATABASE"))
    var database: String

    @Argument(help: ArgumentHelp("The entity's name or table.", valueName: "ENTITY"))
    var entity: String

    @OptionGroup var mapping: MappingFileOption

    @OptionGroup var logging: LoggingOptions

    @Option(name: .long, help: ArgumentHelp("Only objects whose searchable attributes match these words.", valueName: "WORDS"))
    var search: String?

    @Option(name: .long, help: ArgumentHelp("At most this many objects.", valueName: "N"))
    var limit: Int?

    @Flag(name: .long, help: "Indent the output.")
    var pretty = false

    func validate() throws {
        if let limit, limit < 1 { throw ValidationError("--limit must be at least 1, not \(limit).") }
    }

    func run() async throws {
        let declared = try mapping.load()
        let chosen = try MappingFileOption.entity(entity, in: declared, option: "")
        if search != nil, chosen.entity.searchableColumns.isEmpty {
            throw CommandFailure.usage(
                "--search: entity \(chosen.name) has no searchable attributes (add \"searchable\": [...] to it in \(mapping.mapping))")
        }
        let target = try StoreDatabase(database)
        guard !target.isMissingFile else {
            throw CommandFailure.input("\(database): no such database file (create it with `rk seed FILE... --mapping \(mapping.mapping) --database \(database)`)")
        }
        let objects = try await target.withStore(logger: logging.logger) { store async throws(CommandFailure) in
            do {
                guard let columns = try await store.existingColumns(for: chosen.entity) else {
                    throw CommandFailure.input(
                        "\(target): no table '\(chosen.table)' for entity \(chosen.name) (seed it first: `rk seed FILE... --mapping \(mapping.mapping) --database \(database)`)")
                }
                // Registering would add them (a schema change): a query changes nothing.
                let known = Set(columns.map { $0.lowercased() })
                let missing = chosen.entity.columns.map(\.name).filter { !known.contains($0.lowercased()) }
                guard missing.isEmpty else {
                    throw CommandFailure.input(
                        "\(target): table '\(chosen.table)' has no column \(missing.map { "'\($0)'" }.joined(separator: ", ")) "
                            + "(seeding with this mapping adds it; or query with the mapping the database was seeded with)")
                }
                try await store.register(chosen.entity, changingSchema: false)
                if let search {
                    return try await store.search(chosen.entity, matching: search, limit: limit ?? Int.max)
                }
                return Array(try await store.objects(of: chosen.entity).prefix(limit ?? Int.max))
            } catch let failure as CommandFailure {
                throw failure
            } catch let error as StoreError {
                if error.errorType == .invalidQuery { throw CommandFailure.usage("--search: \(error.reason)") }
                let hint = error.errorType == .schemaMismatch ? " (the table was made by another mapping: query with that mapping)" : ""
                throw CommandFailure.input("\(target): \(error)\(hint)")
            } catch {
                throw CommandFailure.input("\(target): \(error)")
            }
        }
        var output: [UInt8]
        do {
            output = try JSONWriter(options: pretty ? [.prettyPrinted] : []).write(.array(objects.map(\.representation)))
        } catch {
            throw CommandFailure.input("\(target): \(error)")
        }
        output.append(UInt8(ascii: "\n"))
        try StandardStreams.writeOutput(output)
    }
}
