import ArgumentParser
import Foundation
import RestKit
import RestKitStore

/// `rk seed`: import fixture files into a store (a SQLite file or a PostgreSQL database)
/// through a declared mapping, in one transaction.
struct SeedCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "seed",
        abstract: "Import fixture files into a SQLite or PostgreSQL database through a declared mapping.",
        discussion: """
            Each file is parsed by the registry's parser for its extension (.json, .xml), or for \
            --type. Each entity's objects are taken at its rootKeyPath and imported, find-or-create \
            by identity (with the related objects nested in them), all files and entities in one \
            transaction: an error in any file stores nothing. Without --entity, the entities that \
            declare a rootKeyPath are seeded (or the only entity), and each file must hold objects \
            for at least one of them. --database is a file path or a PostgreSQL URL \
            (postgres://user@host:port/database, ?schema=name for a schema of its own; the \
            password from the URL or PGPASSWORD). Examples:
              rk seed articles.json --mapping mapping.json --database app.sqlite
              rk seed a.json b.xml -m mapping.json --database app.sqlite --entity Article
              rk seed f.txt --type application/x-www-form-urlencoded -m m.json --database db
              PGPASSWORD=secret rk seed a.json -m m.json --database postgres://app@127.0.0.1/app
            """
    )

    @Argument(help: ArgumentHelp("Fixture files to import.", valueName: "FILE"))
    var files: [String]

    @OptionGroup var mapping: MappingFileOption

    @OptionGroup var logging: LoggingOptions

    @Option(name: .long, help: ArgumentHelp(
        "The SQLite database file (created when missing), or a PostgreSQL URL (postgres://user@host:port/database[?schema=name]).",
        valueName: "PATH|URL"))
    var database: String

    @Option(name: .long, help: ArgumentHelp("Seed only this entity (its name or table).", valueName: "NAME"))
    var entity: String?

    @Option(name: .long, help: ArgumentHelp("Parse every file as this media type, whatever its extension.", valueName: "MIME"))
    var type: String?

    func validate() throws {
        guard !files.isEmpty else { throw ValidationError("Give at least one FILE to import.") }
    }

    func run() async throws {
        let start = ContinuousClock.now
        let target = try StoreDatabase(database)
        let declared = try mapping.load()
        let entities = try chooseEntities(in: declared)
        var mediaType: MediaType?
        if let type {
            do {
                mediaType = try MediaType(type)
            } catch {
                throw CommandFailure.usage("--type: \(error.reason)")
            }
        }
        let documents = try read(as: mediaType)
        try checkObjects(in: documents, for: entities)
        let results = try await target.withStore(logger: logging.logger) { store async throws(CommandFailure) in
            do throws(StoreError) {
                for declaredEntity in entities { try await store.register(declaredEntity.entity) }
            } catch {
                let hint = error.errorType == .schemaMismatch ? " (the table was made by another mapping: seed a new --database, or fix the mapping)" : ""
                throw CommandFailure.input("\(target): \(error)\(hint)")
            }
            // The import is one store operation, with no progress of its own: say what it is doing.
            let terminal = isatty(STDERR_FILENO) == 1
            if terminal { StandardStreams.writeError("\r  importing into \(entities.map(\.table).joined(separator: ", "))…\u{1B}[K") }
            defer { if terminal { StandardStreams.writeError("\r\u{1B}[K") } }
            do {
                return try await store.seed(entities, from: documents)
            } catch {
                throw CommandFailure.input("\(error)")
            }
        }
        var lines: [String] = []
        for (declaredEntity, result) in zip(entities, results) {
            lines.append(
                "\(declaredEntity.name) (\(declaredEntity.table)): \(result.inserted) inserted, \(result.updated) updated, "
                    + "\(result.unchanged) unchanged, from \(result.objectCounts.reduce(0, +)) objects")
        }
        let elapsed = ContinuousClock.now - start
        let milliseconds = Int(elapsed.components.seconds * 1000 + elapsed.components.attoseconds / 1_000_000_000_000_000)
        let bytes = documents.reduce(0) { $0 + $1.byteCount }
        lines.append("\(documents.count) file\(documents.count == 1 ? "" : "s") (\(ProgressBar.size(bytes))) into \(target) in \(milliseconds) ms")
        try StandardStreams.writeOutput(Array((lines.joined(separator: "\n") + "\n").utf8))
    }

    /// `--entity`, else the entities with a root key path (the others are seeded through
    /// their relationships), else the only one.
    private func chooseEntities(in declared: DeclaredMapping) throws(CommandFailure) -> [DeclaredEntity] {
        if let entity { return [try MappingFileOption.entity(entity, in: declared, option: "--entity: ")] }
        let rooted = declared.entities.filter { $0.rootKeyPath != nil }
        if !rooted.isEmpty { return rooted }
        if declared.entities.count == 1 { return declared.entities }
        throw CommandFailure.usage(
            "no entity of \(mapping.mapping) has a rootKeyPath, so the file's top level would be each of them: choose one with --entity")
    }

    /// Reads and parses every file, drawing the bytes read on a terminal.
    private func read(as mediaType: MediaType?) throws(CommandFailure) -> [SeedDocument] {
        let bar = ProgressBar.forTerminal()
        defer { bar?.finish() }
        let total = files.reduce(0) { sum, path in
            sum + ((try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0)
        }
        var documents: [SeedDocument] = []
        var done = 0
        for path in files {
            do {
                documents.append(try SeedDocument(contentsOf: path, as: mediaType, registry: .default))
            } catch {
                var hint = ""
                // (An unknown --type is already followed by the list of registered types.)
                if error.errorType == .unknownType, mediaType == nil { hint = " with --type MIME (`rk parsers` lists them)" }
                if error.errorType == .unreadable { hint = " (check the path)" }
                throw CommandFailure.input("\(error)\(hint)")
            }
            done += documents.last?.byteCount ?? 0
            bar?.update(bytes: done, total: total)
        }
        return documents
    }

    /// Fails, before anything is written, for a file with no objects for the entity seeded (or
    /// for any of them, when seeding all).
    private func checkObjects(in documents: [SeedDocument], for entities: [DeclaredEntity]) throws(CommandFailure) {
        for document in documents {
            var found = false
            for declaredEntity in entities {
                do {
                    if try document.objectCount(at: declaredEntity.rootKeyPath) > 0 { found = true }
                } catch {
                    throw CommandFailure.input("\(error) (entity \(declaredEntity.name); check its rootKeyPath)")
                }
            }
            guard !found else { continue }
            let places = entities.map { "\($0.name) at '\($0.rootKeyPath ?? "")'" }.joined(separator: ", ")
            throw CommandFailure.input(
                "\(document.name): no objects for \(places) (check the entities' rootKeyPath in \(mapping.mapping), or choose one with --entity)")
        }
    }
}
