import FuzzSupport
import RestKitHTTP

/// Every HTTP target this executable serves.
let httpTargets: [FuzzTarget] = [
    FuzzTarget(
        name: "pathpattern", summary: "PathPattern: pattern (up to a newline) matched against a path; matches filled back in",
        dictionary: "pathpattern", seeds: { pathPatternSeeds }, check: checkPathPattern),
]

/// `pattern \n path` pairs.
let pathPatternSeeds: [[UInt8]] = [
    "/gists/:gistID\n/gists/a1b2", "communities/:communityId/posts.json\n/communities/42/posts.json",
    "/articles?page=:currentPage&per_page=:perPage\n/articles?page=2", "/:a:b/x\n/12/x", "/users/:login/gists\n/users/octo%20cat/gists",
    "/:id.:format\n/%FF.json%G1", "//\n/", ":\n:",
].map { Array($0.utf8) }

/// Pattern and path from the input; a match's parameters fill the pattern back in.
private func checkPathPattern(_ bytes: [UInt8]) {
    var input = FuzzInput(bytes)
    let pattern = PathPattern(String(decoding: input.field(upTo: 0x0A), as: UTF8.self))
    let path = String(decoding: input.rest(), as: UTF8.self)
    _ = pattern.parameterNames
    guard let parameters = pattern.match(path) else { return }
    _ = try? pattern.path(with: parameters)
}
