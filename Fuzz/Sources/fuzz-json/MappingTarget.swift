import Foundation
import FuzzSupport
import RestKitCore
import RestKitJSON
import RestKitMapping

/// `json-mapping`: an `ObjectMapping` applied to a fuzzed document twice, on the parser's tape
/// and on its `materialized()` copy, must give the same models or the same error. On the tape
/// the mapping reads plain-key paths in one pass over each object (`SourceLookupPlan`, keys
/// matched as bytes); on the copy, through `SourceKeyPath` and dictionaries.
let mappingTarget = FuzzTarget(
    name: "json-mapping", summary: "differential: ObjectMapping on the tape vs on materialized() (models or errors)",
    dictionary: "json", seeds: { mappingSeeds + jsonSeeds }, check: checkMappingAgrees)

/// A user, reached through relationships.
private struct MappedUser: Equatable {
    var id = 0
    var name: String?
    var score = 0.0
    var admin = false
}

/// A status: attributes of every kind, nested and operator key paths, and relationships.
private struct MappedStatus: Equatable {
    var id: Int64 = 0
    var text = ""
    var created: Date?
    var retweets: Int?
    var ratio: Double?
    var flag: Bool?
    var userID: Int?
    var userName: String?
    var deep: String?
    var tagCount = 0
    var tags: [String] = []
    var user: MappedUser?
    var replies: [MappedUser] = []
}

private let userMapping = ObjectMapping(MappedUser.init) { user in
    user.map("id", to: \.id)
    user.map("name", to: \.name)
    user.map("score", to: \.score)
    user.map("admin", to: \.admin)
}

private let statusMapping = ObjectMapping(MappedStatus.init) { status in
    status.map("id", to: \.id)
    status.map("text", to: \.text)
    status.map("created_at", to: \.created)
    status.map("retweet_count", to: \.retweets)
    status.map("ratio", to: \.ratio)
    status.map("flag", to: \.flag)
    status.map("user.id", to: \.userID)
    status.map("user.name", to: \.userName)
    status.map("a.b.c", to: \.deep)
    status.map("tags.@count", to: \.tagCount)
    status.map("tags", to: \.tags)
    status.relationship("user", to: \.user, mapping: userMapping)
    status.relationship("replies", to: \.replies, mapping: userMapping)
}

/// Documents that reach every property, for a start.
private let mappingSeeds: [[UInt8]] = [
    #"{"id":1,"text":"t","created_at":"2014-08-31T00:29:15Z","retweet_count":3,"ratio":0.5,"flag":true,"user":{"id":2,"name":"n","score":1.5,"admin":false},"a":{"b":{"c":"d"}},"tags":["x","y"],"replies":[{"id":3},{"id":4,"name":null}]}"#,
    #"[{"id":1,"id":2,"user":{"id":5,"id":6}},{"text":null,"user":null,"replies":{"id":7}}]"#,
    #"{"id":"1","ratio":"x","user":[1],"a":{"b":null},"tags":"one"}"#,
    #"{"te\u0078t":"escaped key","user":{"na\u006de":"é"},"":1}"#,
].map { Array($0.utf8) }

private func checkMappingAgrees(_ bytes: [UInt8]) {
    guard let document = try? JSONParser().parse(bytes) else { return }
    let copy = document.materialized()
    var options = MappingOptions()
    options.assignsNilForMissingKeys = bytes.count % 2 == 1
    let onTape = mapped(document, options)
    let onCopy = mapped(copy, options)
    if onTape != onCopy {
        FuzzCheck.mismatch("the tape and its materialized copy map differently\n tape: \(onTape)\n copy: \(onCopy)", input: bytes)
    }
}

/// The models (a collection when the document is an array) or the error, comparable.
private enum MappingOutcome: Equatable, CustomStringConvertible {
    case models([MappedStatus])
    case error(MappingError)

    var description: String {
        switch self {
        case .models(let models): "\(models)"
        case .error(let error): "error: \(error)"
        }
    }
}

private func mapped(_ document: Representation, _ options: MappingOptions) -> MappingOutcome {
    do throws(MappingError) {
        if document.kind == .array {
            return .models(try statusMapping.mapCollection(document, options: options))
        }
        return .models([try statusMapping.map(document, options: options)])
    } catch {
        return .error(error)
    }
}
