/// A ticketing catalog like `citm_catalog.json`: name tables keyed by numeric strings,
/// events keyed by id, and a long array of performances with nested price and seat-category
/// arrays. Mostly integers, indented by 4 (so much of the text is whitespace). About 1.7 MB.
enum CatalogLikeDocument {
    /// Generates the document.
    static func generate(_ random: inout SplitMix64) -> [UInt8] {
        var json = JSONTextWriter(indent: 4, capacity: 2 << 20)
        let areaIDs = (0..<60).map { 205_705_993 + $0 * 3 }
        let subCategoryIDs = (0..<8).map { 337_100_890 + $0 * 17 }
        let seatCategoryIDs = (0..<60).map { 338_937_235 + $0 * 11 }
        let topicIDs = (0..<30).map { 107_888_604 + $0 * 1_331 }
        let subTopicIDs = (0..<20).map { 337_184_262 + $0 * 7 }
        let eventIDs = (0..<180).map { 138_586_341 + $0 * 97 }

        json.beginObject()
        nameTable("areaNames", ids: areaIDs, into: &json, &random)
        nameTable("audienceSubCategoryNames", ids: subCategoryIDs, into: &json, &random)
        json.key("blockNames"); json.beginObject(); json.endObject()
        json.key("events")
        json.beginObject()
        for eventID in eventIDs {
            json.key(String(eventID))
            json.beginObject()
            json.key("description"); json.null()
            json.key("id"); json.int(eventID)
            json.key("logo")
            if random.chance(0.6) { json.string("/images/UE0AAAAAC\(random.int(in: 10_000...99_999))AAAAZDSVRN") } else { json.null() }
            json.key("name"); json.string(random.words(random.int(in: 1...4), from: Vocabulary.accented))
            json.key("subTopicIds"); integers((0..<random.int(in: 1...4)).map { _ in random.pick(subTopicIDs) }, into: &json)
            json.key("subjectCode"); json.null()
            json.key("subtitle"); json.null()
            json.key("topicIds"); integers((0..<random.int(in: 1...3)).map { _ in random.pick(topicIDs) }, into: &json)
            json.endObject()
        }
        json.endObject()
        json.key("performances")
        json.beginArray()
        var performanceID = 339_887_544
        var start: Int64 = 1_372_701_600_000
        while json.bytes.count < 1_600_000 {
            performanceID += random.int(in: 1...40)
            start += Int64(random.int(in: 1...7)) * 86_400_000
            json.beginObject()
            json.key("eventId"); json.int(random.pick(eventIDs))
            json.key("id"); json.int(performanceID)
            json.key("logo"); json.null()
            json.key("name"); json.null()
            json.key("prices")
            json.beginArray()
            let categories = (0..<random.int(in: 2...6)).map { _ in random.pick(seatCategoryIDs) }
            for category in categories {
                json.beginObject()
                json.key("amount"); json.int(random.int(in: 10...200) * 500)
                json.key("audienceSubCategoryId"); json.int(random.pick(subCategoryIDs))
                json.key("seatCategoryId"); json.int(category)
                json.endObject()
            }
            json.endArray()
            json.key("seatCategories")
            json.beginArray()
            for category in categories {
                json.beginObject()
                json.key("areas")
                json.beginArray()
                for _ in 0..<random.int(in: 1...5) {
                    json.beginObject()
                    json.key("areaId"); json.int(random.pick(areaIDs))
                    json.key("blockIds"); json.beginArray(); json.endArray()
                    json.endObject()
                }
                json.endArray()
                json.key("seatCategoryId"); json.int(category)
                json.endObject()
            }
            json.endArray()
            json.key("seatMapImage"); json.null()
            json.key("start"); json.int(start)
            json.key("venueCode"); json.string("PLEYEL_PLEYEL")
            json.endObject()
        }
        json.endArray()
        nameTable("seatCategoryNames", ids: seatCategoryIDs, into: &json, &random)
        nameTable("subTopicNames", ids: subTopicIDs, into: &json, &random)
        json.key("subjectNames"); json.beginObject(); json.endObject()
        nameTable("topicNames", ids: topicIDs, into: &json, &random)
        json.key("topicSubTopics")
        json.beginObject()
        for topic in topicIDs {
            json.key(String(topic))
            integers((0..<random.int(in: 1...5)).map { _ in random.pick(subTopicIDs) }, into: &json)
        }
        json.endObject()
        json.key("venueNames"); json.beginObject(); json.key("PLEYEL_PLEYEL"); json.string("Salle Pleyel"); json.endObject()
        json.endObject()
        return json.bytes
    }

    /// `"title": {"<id>": "<name>", …}`.
    private static func nameTable(_ title: String, ids: [Int], into json: inout JSONTextWriter, _ random: inout SplitMix64) {
        json.key(title)
        json.beginObject()
        for id in ids {
            json.key(String(id))
            json.string(random.words(random.int(in: 1...3), from: Vocabulary.accented))
        }
        json.endObject()
    }

    private static func integers(_ values: [Int], into json: inout JSONTextWriter) {
        json.beginArray()
        for value in values { json.int(value) }
        json.endArray()
    }
}
