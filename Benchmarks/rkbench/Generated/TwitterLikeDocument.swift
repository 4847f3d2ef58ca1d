/// A Twitter search response like `twitter.json`: `{"statuses": [...], "search_metadata": {...}}`
/// with nested users and entities, mixed-script text (raw UTF-8 and `\uXXXX` escapes),
/// escaped slashes, 18-digit ids, nulls and booleans. About 630 KB, indented by 2 like the original.
enum TwitterLikeDocument {
    /// Generates the document.
    static func generate(_ random: inout SplitMix64) -> [UInt8] {
        var json = JSONTextWriter(indent: 2)
        json.escapeSlashes = true
        json.beginObject()
        json.key("statuses")
        json.beginArray()
        var id: Int64 = 505_874_924_095_815_681
        while json.bytes.count < 620_000 {
            id -= Int64(random.int(in: 1_000...9_000_000))
            status(id: id, into: &json, &random, retweet: random.chance(0.4))
        }
        json.endArray()
        json.key("search_metadata")
        json.beginObject()
        json.key("completed_in"); json.raw("0.087")
        json.key("max_id"); json.int(505_874_924_095_815_681 as Int64)
        json.key("max_id_str"); json.string("505874924095815681")
        json.key("next_results"); json.string("?max_id=\(id)&q=%E4%B8%80&count=100&include_entities=1")
        json.key("query"); json.string("%E4%B8%80")
        json.key("count"); json.int(100)
        json.endObject()
        json.endObject()
        return json.bytes
    }

    private static func status(id: Int64, into json: inout JSONTextWriter, _ random: inout SplitMix64, retweet: Bool) {
        json.beginObject()
        json.key("metadata")
        json.beginObject()
        json.key("result_type"); json.string("recent")
        json.key("iso_language_code"); json.string(random.pick(["ja", "en", "es"]))
        json.endObject()
        json.key("created_at"); json.string("Sun Aug 31 00:29:\(random.int(in: 10...59)) +0000 2014")
        json.key("id"); json.int(id)
        json.key("id_str"); json.string(String(id))
        json.escapeNonASCII = random.chance(0.2)
        json.key("text"); json.string(Vocabulary.message(&random))
        json.escapeNonASCII = false
        json.key("source"); json.string("<a href=\"http://twitter.com/download/iphone\" rel=\"nofollow\">Twitter for iPhone</a>")
        json.key("truncated"); json.bool(false)
        json.key("in_reply_to_status_id")
        if random.chance(0.3) { json.int(id - 12_345) } else { json.null() }
        json.key("in_reply_to_user_id"); json.null()
        json.key("user"); user(into: &json, &random)
        json.key("geo"); json.null()
        json.key("coordinates"); json.null()
        json.key("place"); json.null()
        json.key("contributors"); json.null()
        if retweet {
            json.key("retweeted_status")
            status(id: id - Int64(random.int(in: 1...99_999_999)), into: &json, &random, retweet: false)
        }
        json.key("retweet_count"); json.int(random.int(in: 0...5_000))
        json.key("favorite_count"); json.int(random.int(in: 0...800))
        json.key("entities"); entities(into: &json, &random)
        json.key("favorited"); json.bool(false)
        json.key("retweeted"); json.bool(random.chance(0.1))
        json.key("lang"); json.string(random.pick(["ja", "en", "es"]))
        json.endObject()
    }

    private static func user(into json: inout JSONTextWriter, _ random: inout SplitMix64) {
        let id = random.int(in: 10_000_000...2_999_999_999)
        let screenName = "\(random.pick(Vocabulary.firstNames).lowercased())_\(random.int(in: 1...9_999))"
        json.beginObject()
        json.key("id"); json.int(id)
        json.key("id_str"); json.string(String(id))
        json.key("name"); json.string(Vocabulary.fullName(&random))
        json.key("screen_name"); json.string(screenName)
        json.key("location"); json.string(random.pick(Vocabulary.cities))
        json.escapeNonASCII = random.chance(0.3)
        json.key("description"); json.string(Vocabulary.message(&random))
        json.escapeNonASCII = false
        json.key("url"); json.string("http://t.co/\(random.int(in: 100_000...999_999))")
        json.key("entities")
        json.beginObject()
        json.key("url"); json.beginObject(); json.key("urls"); urls(into: &json, &random, count: 1); json.endObject()
        json.key("description"); json.beginObject(); json.key("urls"); urls(into: &json, &random, count: 0); json.endObject()
        json.endObject()
        json.key("protected"); json.bool(false)
        json.key("followers_count"); json.int(random.int(in: 0...100_000))
        json.key("friends_count"); json.int(random.int(in: 0...5_000))
        json.key("listed_count"); json.int(random.int(in: 0...100))
        json.key("created_at"); json.string("Mon Jul 21 09:\(random.int(in: 10...59)):06 +0000 2014")
        json.key("favourites_count"); json.int(random.int(in: 0...20_000))
        json.key("utc_offset"); if random.chance(0.5) { json.int(32_400) } else { json.null() }
        json.key("time_zone"); if random.chance(0.5) { json.string("Tokyo") } else { json.null() }
        json.key("geo_enabled"); json.bool(random.chance(0.3))
        json.key("verified"); json.bool(false)
        json.key("statuses_count"); json.int(random.int(in: 1...200_000))
        json.key("lang"); json.string("ja")
        json.key("profile_background_color"); json.string("C0DEED")
        json.key("profile_image_url"); json.string("http://pbs.twimg.com/profile_images/\(id)/avatar_normal.jpeg")
        json.key("profile_use_background_image"); json.bool(true)
        json.key("default_profile"); json.bool(random.chance(0.5))
        json.key("following"); json.bool(false)
        json.key("notifications"); json.bool(false)
        json.endObject()
    }

    private static func entities(into json: inout JSONTextWriter, _ random: inout SplitMix64) {
        json.beginObject()
        json.key("hashtags")
        json.beginArray()
        for _ in 0..<random.int(in: 0...2) {
            let start = random.int(in: 0...100)
            json.beginObject()
            json.key("text"); json.string(random.pick(Vocabulary.japanese))
            json.key("indices"); json.beginArray(); json.int(start); json.int(start + 6); json.endArray()
            json.endObject()
        }
        json.endArray()
        json.key("symbols"); json.beginArray(); json.endArray()
        json.key("urls"); urls(into: &json, &random, count: random.int(in: 0...1))
        json.key("user_mentions")
        json.beginArray()
        for _ in 0..<random.int(in: 0...2) {
            let id = random.int(in: 10_000_000...2_999_999_999)
            json.beginObject()
            json.key("screen_name"); json.string("\(random.pick(Vocabulary.lastNames).lowercased())\(random.int(in: 1...99))")
            json.key("name"); json.string(Vocabulary.fullName(&random))
            json.key("id"); json.int(id)
            json.key("id_str"); json.string(String(id))
            json.key("indices"); json.beginArray(); json.int(3); json.int(15); json.endArray()
            json.endObject()
        }
        json.endArray()
        json.endObject()
    }

    private static func urls(into json: inout JSONTextWriter, _ random: inout SplitMix64, count: Int) {
        json.beginArray()
        for _ in 0..<count {
            let path = random.int(in: 100_000...999_999)
            json.beginObject()
            json.key("url"); json.string("http://t.co/\(path)")
            json.key("expanded_url"); json.string("http://example.com/\(random.pick(Vocabulary.english))/\(path)")
            json.key("display_url"); json.string("example.com/\(path)")
            json.key("indices"); json.beginArray(); json.int(0); json.int(22); json.endArray()
            json.endObject()
        }
        json.endArray()
    }
}
