import ArgumentParser
import RestKit
import RestKitStore

/// `--mapping FILE`, shared by `rk seed` and `rk query`: the declared mapping (see
/// ``DeclaredMapping``) and the entity chosen from it.
struct MappingFileOption: ParsableArguments {
    @Option(
        name: [.customShort("m"), .long],
        help: ArgumentHelp("JSON file declaring the entities (see README, \"Declared mappings and seeding\").", valueName: "MAPPING.json"))
    var mapping: String

    /// The declaration, or a failure naming the file and the bad field.
    func load() throws(CommandFailure) -> DeclaredMapping {
        do {
            return try DeclaredMapping(contentsOf: mapping)
        } catch {
            let hint = error.errorType == .unreadable ? " (give the path of a JSON mapping file with --mapping)" : ""
            throw CommandFailure.input("\(error)\(hint)")
        }
    }

    /// The entity called `name` (or whose table is `name`), or a usage failure listing them.
    static func entity(_ name: String, in declared: DeclaredMapping, option: String) throws(CommandFailure) -> DeclaredEntity {
        guard let entity = declared.entity(named: name) else {
            let names = declared.entities.map { "\($0.name) (table \($0.table))" }.joined(separator: ", ")
            throw CommandFailure.usage("\(option)no entity '\(name)' in the mapping; it declares \(names)")
        }
        return entity
    }
}
