import Foundation
import RestKit

/// Baseline `Foundation`: the straightforward URL encoder most Swift code has — flatten the
/// value recursively into `(key, value)` string pairs (`user[name]`, `tags[]`), encode each
/// with `addingPercentEncoding(withAllowedCharacters:)` and an unreserved character set (plus
/// `[` `]` for keys), and `joined(separator: "&")`. It writes the same bytes as
/// ``URLEncodedSerializer`` with default options (checked once when the case is set up).
///
/// ```swift
/// let workload = FoundationURLEncodeWorkload(parameters: OrderParameters.make())
/// let body = try FoundationURLEncodeWorkload.encode(workload.parameters)
/// ```
struct FoundationURLEncodeWorkload: Workload {
    let name = "Foundation"
    /// The parameters to encode (must be an object).
    let parameters: Representation

    static let unreserved = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~"
    static let valueCharacters = CharacterSet(charactersIn: unreserved)
    static let keyCharacters = CharacterSet(charactersIn: unreserved + "[]")

    /// Encodes the parameters; returns the body's length in UTF-8 bytes.
    func run() throws -> Int {
        try Self.encode(parameters).utf8.count
    }

    /// The encoded body.
    static func encode(_ parameters: Representation) throws -> String {
        guard let members = parameters.objectValue else { throw BaselineError("parameters must be an object") }
        var pairs: [(String, String)] = []
        for (key, value) in members { flatten(value, key: key, into: &pairs) }
        var encoded: [String] = []
        encoded.reserveCapacity(pairs.count)
        for (key, value) in pairs {
            guard let key = key.addingPercentEncoding(withAllowedCharacters: keyCharacters),
                  let value = value.addingPercentEncoding(withAllowedCharacters: valueCharacters)
            else { throw BaselineError("addingPercentEncoding failed") }
            encoded.append(key + "=" + value)
        }
        return encoded.joined(separator: "&")
    }

    private static func flatten(_ value: Representation, key: String, into pairs: inout [(String, String)]) {
        switch value.content {
        case .null: pairs.append((key, ""))
        case .bool(let flag): pairs.append((key, flag ? "true" : "false"))
        case .int(let integer): pairs.append((key, String(integer)))
        case .double, .number: pairs.append((key, value.numberText ?? ""))
        case .string(let text): pairs.append((key, text))
        case .array(let elements):
            for element in elements { flatten(element, key: key + "[]", into: &pairs) }
        case .object(let members):
            for (name, member) in members { flatten(member, key: key + "[" + name + "]", into: &pairs) }
        }
    }
}
