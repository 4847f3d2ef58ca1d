import Foundation
import RestKit
import RestKitTestSupport
import Testing

/// A small tweet model, as the README's streaming example and rkbench's `stream-map` use.
struct StreamedTweet: Equatable {
    var id: Int64 = 0
    var text = ""
    var createdAt: Date?
    var retweetCount = 0
    var favorited = false
    var userID: Int64 = 0
    var screenName = ""

    /// `Sun Aug 31 00:29:15 +0000 2014`, as Twitter writes dates.
    static let twitterDate = DateFormat(
        name: "twitter",
        parse: { value in
            guard let text = value.stringValue else { return nil }
            let parts = text.split(separator: " ")
            let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
            guard parts.count == 6, let month = months.firstIndex(of: String(parts[1])), let day = Int(parts[2]),
                  let year = Int(parts[5]), parts[4] == "+0000"
            else { return nil }
            let time = parts[3].split(separator: ":").compactMap { Int($0) }
            guard time.count == 3 else { return nil }
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
            return calendar.date(from: DateComponents(
                year: year, month: month + 1, day: day, hour: time[0], minute: time[1], second: time[2]))
        },
        format: { _ in .null })

    static let mapping = ObjectMapping(StreamedTweet.init) { tweet in
        tweet.map("id", to: \.id)
        tweet.map("text", to: \.text)
        tweet.map("created_at", to: \.createdAt, transform: .dates([twitterDate]))
        tweet.map("retweet_count", to: \.retweetCount)
        tweet.map("favorited", to: \.favorited)
        tweet.map("user.id", to: \.userID)
        tweet.map("user.screen_name", to: \.screenName)
    }
}

/// Bytes delivered as an async sequence of chunks of one size (the last may be shorter).
struct ChunkedBytes: AsyncSequence, Sendable {
    let bytes: [UInt8]
    let chunkSize: Int

    func makeAsyncIterator() -> Iterator { Iterator(bytes: bytes, chunkSize: chunkSize) }

    struct Iterator: AsyncIteratorProtocol {
        let bytes: [UInt8]
        let chunkSize: Int
        var start = 0

        mutating func next() async -> ArraySlice<UInt8>? {
            guard start < bytes.count else { return nil }
            let end = start + Swift.min(chunkSize, bytes.count - start)
            defer { start = end }
            return bytes[start..<end]
        }
    }
}

struct StreamingMappingTests {
    static let chunkSizes = [1, 2, 3, 7, 64, 4096, Int.max]

    static func tweetText(_ id: Int, retweets: String = "3") -> String {
        #"{"id":\#(id),"text":"tweet \#(id) ✓","created_at":"Sun Aug 31 00:29:15 +0000 2014","retweet_count":\#(retweets),"#
            + #""favorited":\#(id % 2 == 0),"entities":{"urls":[{"u":[1,2]}]},"user":{"id":\#(id * 10),"screen_name":"u\#(id)"}}"#
    }

    static let document = #"{"search_metadata":{"statuses":[0]},"statuses":["#
        + (1...20).map { tweetText($0) }.joined(separator: ",\n")
        + #"],"after":{"statuses":"no"}}"#

    static func collect(_ text: String, at keyPath: String?, chunkSize: Int) async throws -> [StreamedTweet] {
        var tweets: [StreamedTweet] = []
        for try await tweet in StreamedTweet.mapping.stream(from: ChunkedBytes(bytes: Array(text.utf8), chunkSize: chunkSize), at: keyPath) {
            tweets.append(tweet)
        }
        return tweets
    }

    @Test(arguments: chunkSizes)
    func sameModelsAsMappingTheWholeDocument(chunkSize: Int) async throws {
        let whole = try YAJLParser().parse(text: Self.document)
        let expected = try StreamedTweet.mapping.mapCollection(whole[keyPath: "statuses"] ?? .null)
        let streamed = try await Self.collect(Self.document, at: "statuses", chunkSize: chunkSize)
        #expect(streamed == expected)
        #expect(streamed.count == 20)
        #expect(streamed.last?.screenName == "u20")
        #expect(streamed.first?.createdAt == Date(timeIntervalSince1970: 1_409_444_955))
    }

    @Test(arguments: [1, 64, Int.max])
    func topLevelArrayAndCallbackForm(chunkSize: Int) async throws {
        let text = "[" + (1...5).map { Self.tweetText($0) }.joined(separator: ",") + "]"
        var ids: [Int64] = []
        let count = try await StreamedTweet.mapping.stream(from: ChunkedBytes(bytes: Array(text.utf8), chunkSize: chunkSize)) { tweet in
            ids.append(tweet.id)
        }
        #expect(count == 5)
        #expect(ids == [1, 2, 3, 4, 5])
        #expect(try await Self.collect("[]", at: nil, chunkSize: chunkSize).isEmpty)
    }

    /// A mapping error stops the stream after the good elements, naming the element.
    @Test(arguments: [1, 4096])
    func mappingErrorNamesTheElement(chunkSize: Int) async throws {
        let text = #"{"data":{"items":["# + [Self.tweetText(1), Self.tweetText(2, retweets: #""many""#), Self.tweetText(3)]
            .joined(separator: ",") + "]}}"
        var received: [Int64] = []
        do {
            for try await tweet in StreamedTweet.mapping.stream(from: ChunkedBytes(bytes: Array(text.utf8), chunkSize: chunkSize), at: "data.items") {
                received.append(tweet.id)
            }
            Issue.record("expected a mapping error")
        } catch let error as MappingError {
            #expect(error.keyPath == "data.items.1.retweet_count")
            #expect(error.errorType == .typeMismatch)
        }
        #expect(received == [1])
    }

    @Test func parseErrorsEndTheStream() async throws {
        let truncated = "[" + Self.tweetText(1) + "," + Self.tweetText(2).prefix(30)
        await #expect {
            _ = try await Self.collect(truncated, at: nil, chunkSize: 16)
        } throws: { ($0 as? ParseError)?.errorType == .truncated }
        await #expect {
            _ = try await Self.collect(#"{"statuses":{}}"#, at: "statuses", chunkSize: 3)
        } throws: { ($0 as? ParseError)?.errorType == .keyPathMismatch }
    }

    @Test(.enabled(if: SharedCorpus.directory("corpora/json") != nil, Comment(rawValue: SharedCorpus.missingMessage("corpora/json"))),
          arguments: [7, 4096, Int.max])
    func twitterCorpusStatuses(chunkSize: Int) async throws {
        let directory = try #require(SharedCorpus.directory("corpora/json"))
        let bytes = try SharedCorpus.bytes(of: directory.appendingPathComponent("twitter.json"))
        let whole = try YAJLParser().parse(bytes)
        let expected = try StreamedTweet.mapping.mapCollection(whole["statuses"] ?? .null)
        var streamed: [StreamedTweet] = []
        for try await tweet in StreamedTweet.mapping.stream(from: ChunkedBytes(bytes: bytes, chunkSize: chunkSize), at: "statuses") {
            streamed.append(tweet)
        }
        #expect(streamed.count == expected.count)
        #expect(streamed == expected)
        #expect(streamed.allSatisfy { $0.createdAt != nil })
    }
}
