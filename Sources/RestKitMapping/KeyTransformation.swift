/// Turns property names into source keys for same-named attribute shortcuts.
///
/// ```swift
/// KeyTransformation.snakeCase.apply("createdAt")     // "created_at"
/// KeyTransformation.snakeCase.apply("userID")        // "user_id"
/// KeyTransformation.kebabCase.apply("createdAt")     // "created-at"
/// ```
public struct KeyTransformation: Sendable {
    private let transform: @Sendable (String) -> String

    /// A transformation of your own.
    public init(_ transform: @escaping @Sendable (String) -> String) {
        self.transform = transform
    }

    /// The source key for a property name.
    public func apply(_ name: String) -> String { transform(name) }

    /// `camelCase` property names read `snake_case` keys.
    public static let snakeCase = KeyTransformation { separated($0, by: "_") }

    /// `camelCase` property names read `kebab-case` keys.
    public static let kebabCase = KeyTransformation { separated($0, by: "-") }

    /// Words split at lower→upper case changes and before the last capital of an acronym
    /// (`userIDValue` → `user_id_value`), then lowercased and joined.
    private static func separated(_ name: String, by separator: Character) -> String {
        let characters = Array(name)
        var result = ""
        for (index, character) in characters.enumerated() {
            if character.isUppercase, index > 0 {
                let previous = characters[index - 1]
                let nextIsLower = index + 1 < characters.count && characters[index + 1].isLowercase
                if previous.isLowercase || previous.isNumber || (previous.isUppercase && nextIsLower) {
                    result.append(separator)
                }
            }
            result += character.lowercased()
        }
        return result
    }
}
