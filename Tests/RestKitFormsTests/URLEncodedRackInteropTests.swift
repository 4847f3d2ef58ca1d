import Foundation
import RestKitCore
import RestKitTestSupport
import Testing

@testable import RestKitForms

/// Cross-checks with Rack (`Rack::Utils`, the parser Rails and Sinatra use; Debian's
/// `ruby-rack`): Rack reads the nested bodies we write, we read the ones it writes, and on a
/// list of awkward queries we read what Rack reads or fail where it fails, except for the
/// documented differences below. Skipped, with a message, when Ruby with Rack is not installed
/// (`make test` installs `ruby-rack` with apt-get when it can).
@Suite(
    "URL-encoded interoperability with Rack",
    .enabled(if: RackScript.isAvailable, "ruby with rack is not installed (apt-get install ruby-rack); Rack checks skipped"))
struct URLEncodedRackInteropTests {
    /// Values in the shape both sides read (strings, nested objects, arrays of strings and of
    /// objects), as Rails forms and API clients send them.
    static let values: [Representation] = [
        ["user": ["name": "Zoë & Co", "email": "zoe+tag@example.com", "bio": "a=b; c?d/e #1 100%"]],
        ["tags": ["swift", "server side", ""], "page": "2"],
        ["order": ["items": [["id": "1", "qty": "2"], ["id": "7", "qty": "1", "note": "gift wrap"]], "coupon": ""]],
        ["a": ["b": ["c": ["d": "deep"]]], "x": ["y": ["1", "2"]]],
        ["unicode": "東京 🎉", "spaces": "  leading and trailing  ", "newline": "one\ntwo\r\n"],
    ]

    @Test("Rack reads what we write as the value we wrote", arguments: [false, true])
    func rackReadsOurBodies(plusForSpace: Bool) async throws {
        let serializer = URLEncodedSerializer(options: .init(spaceEncoding: plusForSpace ? .plus : .percent20))
        let written = try Self.values.map { try serializer.string(from: $0) }
        let read = try await RackScript.parse(written)
        #expect(read.count == Self.values.count)
        for (index, value) in Self.values.enumerated() {
            #expect(read[index] == .parsed(value), "\(written[index])")
        }
    }

    @Test("we read what Rack writes as the value it wrote")
    func weReadRackBodies() async throws {
        let written = try await RackScript.build(Self.values)
        #expect(written.count == Self.values.count)
        for (index, value) in Self.values.enumerated() {
            #expect(try URLEncodedParser().parse(Array(written[index].utf8)) == value, "\(written[index])")
        }
    }

    /// Queries where parsers disagree; ours must read what Rack reads (or fail where it fails).
    static let awkward: [String] = [
        "a=1&b=2", "a[b][c]=1&a[b][d]=2", "a[]=1&a[]=2", "x[][a]=1&x[][b]=2&x[][a]=3", "x[][a]=1&x[][a]=2",
        "a%5Bb%5D=1", "a+b=c+d", "a=%E2%82%AC", "&&a=1&&", "a=1=2", "=1", "a[b]=1&a[c][]=2&a[c][]=3",
        "a=1&a[]=2", "a[]=1&a[b]=2", "a=1&a[b]=2", "a[b]c=1", "a=%ZZ", "a[][b][c]=1&a[][b][d]=2",
    ]

    /// Where we differ from every Rack, on purpose: the query, and what we read instead.
    /// - `a[0]=x` indices: Rack keeps an object with keys `"0"`, `"1"`; we read an array
    ///   (`indicesFormArrays`, on by default), as Rails' strong parameters treat them.
    /// - A pair with no `=`: Rack reads `null`; we read `""` (a form field that is present).
    /// - A repeated plain key (`a=1&a=2`): Rack keeps the last value; we keep both, as an
    ///   array (what `URLEncodedSerializer`'s `.repeatedKey` style, Python's and Go's forms
    ///   write for a list).
    /// - A plain value after a nested one for the same key (`a[b]=1&a=2`): Rack lets the later
    ///   value replace the object (and fails in the other order); we fail in both orders,
    ///   naming the key (a silently dropped object is data lost).
    static let intendedDifferences: [String: RackScript.Reading] = [
        "a[0]=x&a[1]=y": .parsed(["a": ["x", "y"]]),
        "flag": .parsed(["flag": ""]),
        "a[]": .parsed(["a": [""]]),
        "a=1&a=2": .parsed(["a": ["1", "2"]]),
        "a[b]=1&a=2": .failed,
    ]

    /// Where Rack 2 (Debian 12's `ruby-rack` is 2.2) reads differently from Rack 3, whose
    /// `normalize_params` our parser follows: nested arrays (`k[][][]`, which Rack 2 turns
    /// into `[nil]`) and malformed brackets (Rack 2's pattern drops a stray `[` or `]`, Rack 3
    /// keeps it in the key).
    static let rack2Differences: [String: RackScript.Reading] = [
        "k[][][]=v": .parsed(["k": [[["v"]]]]),
        "a[b=1": .parsed(["a": ["[b": "1"]]),
        "a]=1": .parsed(["a]": "1"]),
        "[a]=1": .parsed(["[a]": "1"]),
    ]

    static func ours(_ query: String) -> RackScript.Reading {
        do {
            return .parsed(try URLEncodedParser().parse(Array(query.utf8)))
        } catch {
            return .failed
        }
    }

    @Test("on awkward queries we read what Rack reads, or fail where it fails (but for the documented differences)")
    func awkwardQueries() async throws {
        let queries = Self.awkward + Self.intendedDifferences.keys + Self.rack2Differences.keys
        let rack = try await RackScript.parse(queries)
        let documented = RackScript.release.hasPrefix("2.")
            ? Self.intendedDifferences.merging(Self.rack2Differences) { first, _ in first } : Self.intendedDifferences
        for (query, rackReading) in zip(queries, rack) {
            let ours = Self.ours(query)
            if let expected = documented[query] {
                #expect(ours == expected, "\(query)")
                #expect(rackReading != ours, "\(query): Rack \(RackScript.release) now reads it as we do; drop it from the differences")
            } else {
                #expect(ours == rackReading, "\(query): Rack \(RackScript.release) \(rackReading), RestKit \(ours)")
            }
        }
    }
}

/// Rack's `parse_nested_query` and `build_nested_query`, run by Ruby over JSON.
enum RackScript {
    static let script = #"""
    require 'rack'
    require 'json'
    input = JSON.parse(STDIN.read)
    if ARGV[0] == 'parse'
      out = input.map do |query|
        begin
          { 'value' => Rack::Utils.parse_nested_query(query) }
        rescue StandardError => e
          { 'error' => e.class.name }
        end
      end
      puts JSON.generate(out)
    else
      puts JSON.generate(input.map { |hash| Rack::Utils.build_nested_query(hash) })
    end
    """#

    /// `Rack.release`, as the installed Rack reports it.
    static let release: String = {
        guard let ruby = ExternalProgram("ruby"), let outcome = try? ruby.runBlocking(["-e", "require 'rack'; print Rack.release"]) else { return "" }
        return outcome.text
    }()

    static let isAvailable: Bool = {
        guard let ruby = ExternalProgram("ruby") else { return false }
        return (try? ruby.runBlocking(["-e", "require 'rack'; require 'json'"]).status) == 0
    }()

    /// What Rack (or we) made of a query.
    enum Reading: Equatable, CustomStringConvertible {
        case parsed(Representation)
        case failed

        var description: String {
            switch self {
            case .parsed(let value): "\(value)"
            case .failed: "an error"
            }
        }
    }

    static func run(_ mode: String, _ input: Representation) async throws -> Representation {
        let ruby = try #require(ExternalProgram("ruby"))
        let outcome = try await ruby.run(["-e", script, mode], input: try JSONWriter().write(input))
        guard outcome.status == 0 else { throw ExternalProgram.Failure(description: "ruby: \(outcome.errors)") }
        return try outcome.output.withUnsafeBytes { try JSONScanner(maximumDepth: 64, parserName: "rack-output").scan($0) }
    }

    static func parse(_ queries: [String]) async throws -> [Reading] {
        let results = try await run("parse", .array(queries.map { .string($0) }))
        return (results.arrayValue ?? []).map { result in
            if let value = result["value"] { return .parsed(value) }
            return .failed
        }
    }

    static func build(_ values: [Representation]) async throws -> [String] {
        let results = try await run("build", .array(values))
        return (results.arrayValue ?? []).compactMap(\.stringValue)
    }
}
