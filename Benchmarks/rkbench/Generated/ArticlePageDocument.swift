import Foundation

/// An API payload of `count` articles, the input of the `store` group: one JSON array of
/// objects shaped like a REST response page, each with a nested author (to-one, shared
/// between articles) and 1–5 tags (to-many, shared), and searchable title and body text.
///
/// ```json
/// [{"id": 1, "title": "Morning coffee in Zürich", "body": "the café and …", "score": 12.5,
///   "views": 3051, "published": true, "published_at": "2026-03-14T09:26:53Z",
///   "author": {"id": 17, "name": "Zoë Lovelace"},
///   "tags": [{"id": 3, "name": "swift"}, {"id": 141, "name": "travel-guide"}]}, …]
/// ```
///
/// - Ids run 1…`count` in order; dates are whole seconds in UTC, written the way the store
///   writes ISO 8601 (so the hand-written baseline can bind the text as is).
/// - Authors: ids drawn from 1…``authorCount`` (2,000), skewed so that some authors write far
///   more than others; an author's name is a function of its id, so every article naming an
///   author carries the same object.
/// - Tags: 1–5 distinct tags per article, ids from 1…``tagCount`` (500), skewed the same way;
///   a tag's name is a function of its id (`swift`, `travel-guide`, `café-culture`…).
/// - Text: words drawn from ``ArticleText/words`` (≈ 560 words, function words first, some
///   accented: `café`, `Zürich`, `crème`…) with a Zipf-like skew, so common words are in
///   nearly every article and rarer ones in a few percent: a title of 4–10 words, a body of
///   25–70. About 600 bytes an article (59.7 MB for 100,000).
///
/// ```swift
/// var random = SplitMix64(seed: GeneratedDocuments.seed)
/// let bytes = ArticlePageDocument.generate(count: 100_000, &random)
/// ```
enum ArticlePageDocument {
    /// Distinct authors the articles draw from.
    static let authorCount = 2_000
    /// Distinct tags the articles draw from.
    static let tagCount = 500
    /// 2026-01-01T00:00:00Z.
    static let firstPublished = 1_767_225_600

    /// Generates the document.
    static func generate(count: Int, _ random: inout SplitMix64) -> [UInt8] {
        var json = JSONTextWriter(indent: nil, capacity: count * 700 + 16)
        var published = firstPublished
        json.beginArray()
        for id in stride(from: 1, through: count, by: 1) {
            writeArticle(id: id, published: &published, into: &json, &random)
        }
        json.endArray()
        return json.bytes
    }

    /// Writes article `id` (an object) into `json`; `published` moves 1–600 s forward.
    static func writeArticle(id: Int, published: inout Int, into json: inout JSONTextWriter, _ random: inout SplitMix64) {
        published += random.int(in: 1...600)
        json.beginObject()
        json.key("id"); json.int(id)
        json.key("title"); json.string(ArticleText.sentence(random.int(in: 4...10), capitalized: true, &random))
        json.key("body"); json.string(ArticleText.sentence(random.int(in: 25...70), capitalized: false, &random) + ".")
        json.key("score"); json.raw(String(format: "%.2f", random.double(in: 0...100)))
        json.key("views"); json.int(random.int(in: 0...1_000_000))
        json.key("published"); json.bool(random.chance(0.8))
        json.key("published_at"); json.string(iso8601(published))
        let author = skewed(authorCount, &random)
        json.key("author")
        json.beginObject()
        json.key("id"); json.int(author)
        json.key("name"); json.string(authorName(author))
        json.endObject()
        var tags: [Int] = []
        let tagsWanted = random.int(in: 1...5)
        while tags.count < tagsWanted {
            let tag = skewed(tagCount, &random)
            if !tags.contains(tag) { tags.append(tag) }
        }
        json.key("tags")
        json.beginArray()
        for tag in tags {
            json.beginObject()
            json.key("id"); json.int(tag)
            json.key("name"); json.string(tagName(tag))
            json.endObject()
        }
        json.endArray()
        json.endObject()
    }

    /// An id in 1…`count`, lower ids more often (id 1 about 20 times as often as id `count`).
    private static func skewed(_ count: Int, _ random: inout SplitMix64) -> Int {
        let u = Double.random(in: 0..<1, using: &random)
        return min(count, 1 + Int(Double(count) * u * u))
    }

    /// Author `id`'s name: a first and a last name (some accented), plus an initial past
    /// the first 380 combinations, so that most names are distinct.
    static func authorName(_ id: Int) -> String {
        let first = ArticleText.firstNames[(id - 1) % ArticleText.firstNames.count]
        let lastIndex = ((id - 1) / ArticleText.firstNames.count) % ArticleText.lastNames.count
        let last = ArticleText.lastNames[lastIndex]
        let round = (id - 1) / (ArticleText.firstNames.count * ArticleText.lastNames.count)
        guard round > 0 else { return "\(first) \(last)" }
        let initial = Character(UnicodeScalar(UInt8(64 + (round - 1) % 26 + 1)))
        return "\(first) \(initial). \(last)"
    }

    /// Tag `id`'s name: a topic, then (past the first 50) `-` and a qualifier.
    static func tagName(_ id: Int) -> String {
        let topic = ArticleText.topics[(id - 1) % ArticleText.topics.count]
        let round = (id - 1) / ArticleText.topics.count
        return round == 0 ? topic : "\(topic)-\(ArticleText.qualifiers[(round - 1) % ArticleText.qualifiers.count])"
    }

    /// `2026-01-01T00:00:00Z` for whole seconds since 1970, UTC.
    private static func iso8601(_ seconds: Int) -> String {
        var time = time_t(seconds)
        var parts = tm()
        gmtime_r(&time, &parts)
        return String(
            format: "%04d-%02d-%02dT%02d:%02d:%02dZ", Int(parts.tm_year) + 1900, Int(parts.tm_mon) + 1, Int(parts.tm_mday),
            Int(parts.tm_hour), Int(parts.tm_min), Int(parts.tm_sec))
    }
}

/// The words of ``ArticlePageDocument``'s text, author names and tags.
enum ArticleText {
    /// Most frequent first: words are drawn with a Zipf-like skew over this order.
    static let words: [String] = functionWords + contentWords

    static let functionWords = [
        "the", "of", "and", "to", "in", "a", "is", "that", "for", "it", "as", "was", "with", "be", "by", "on",
        "not", "this", "are", "or", "from", "at", "which", "but", "have", "an", "had", "they", "you", "were",
        "their", "one", "all", "we", "can", "her", "has", "there", "been", "if", "more", "when", "will", "would",
        "who", "so", "no", "its", "our", "new", "after", "first", "also", "into", "than", "about", "over", "two",
    ]

    static let contentWords = [
        // ≈ 500 words, interleaved themes so every theme has common and rare words.
        "city", "release", "coffee", "team", "market", "music", "server", "weather", "morning", "street",
        "library", "season", "river", "museum", "network", "garden", "kitchen", "festival", "swift", "café",
        "train", "village", "response", "bread", "concert", "data", "mountain", "school", "request", "cheese",
        "football", "island", "parser", "harbour", "Zürich", "wine", "station", "object", "bridge", "summer",
        "document", "theatre", "weekend", "forest", "mapping", "recipe", "winter", "tower", "update", "lake",
        "photo", "breaking", "amazing", "tonight", "news", "crème", "Málaga", "naïve", "résumé", "façade",
        "spring", "autumn", "evening", "night", "family", "friends", "travel", "journey", "ticket", "airport",
        "hotel", "beach", "sunset", "storm", "rain", "snow", "wind", "cloud", "sky", "ocean",
        "database", "query", "index", "cache", "thread", "memory", "socket", "packet", "router", "compiler",
        "function", "closure", "protocol", "generic", "module", "package", "build", "test", "deploy", "review",
        "chocolate", "pastry", "croissant", "espresso", "brûlée", "jalapeño", "piñata", "soufflé", "pâté", "purée",
        "Kraków", "São", "Paulo", "Montréal", "Besançon", "Genève", "Malmö", "Reykjavík", "Łódź", "Córdoba",
        "election", "minister", "council", "budget", "policy", "vote", "parliament", "mayor", "reform", "debate",
        "painting", "gallery", "sculpture", "novel", "poem", "author", "stage", "opera", "ballet", "cinema",
        "player", "coach", "league", "match", "goal", "stadium", "tournament", "record", "victory", "defeat",
        "doctor", "hospital", "health", "vaccine", "patient", "research", "study", "science", "energy", "climate",
        "solar", "battery", "electric", "engine", "vehicle", "bicycle", "tram", "metro", "highway", "traffic",
        "apple", "orange", "lemon", "cherry", "tomato", "potato", "onion", "garlic", "pepper", "salt",
        "butter", "sugar", "flour", "honey", "olive", "rice", "pasta", "noodle", "soup", "salad",
        "castle", "church", "palace", "square", "avenue", "market", "harbour", "quay", "canal", "park",
        "déjà", "vu", "über", "señor", "mañana", "fiancée", "cliché", "entrée", "protégé", "rosé",
        "keyboard", "screen", "laptop", "phone", "camera", "printer", "speaker", "headphones", "watch", "tablet",
        "teacher", "student", "lesson", "exam", "university", "campus", "lecture", "thesis", "degree", "class",
        "river", "valley", "hill", "meadow", "field", "farm", "barn", "orchard", "vineyard", "cellar",
        "jazz", "rock", "piano", "guitar", "violin", "drum", "choir", "orchestra", "album", "song",
        "bank", "loan", "interest", "price", "inflation", "salary", "tax", "rent", "mortgage", "pension",
        "startup", "founder", "investor", "product", "customer", "service", "platform", "launch", "growth", "funding",
        "wolf", "bear", "fox", "deer", "eagle", "owl", "salmon", "whale", "dolphin", "turtle",
        "Ærøskøbing", "Tromsø", "Göteborg", "Düsseldorf", "Köln", "Würzburg", "Salzburg", "Brno", "Plzeň", "Győr",
        "history", "war", "peace", "empire", "king", "queen", "treaty", "revolution", "century", "ancient",
        "mystery", "detective", "crime", "trial", "judge", "lawyer", "police", "witness", "evidence", "verdict",
        "recipe", "oven", "grill", "pan", "knife", "spoon", "plate", "bowl", "cup", "glass",
        "holiday", "birthday", "wedding", "party", "dinner", "lunch", "breakfast", "picnic", "barbecue", "feast",
        "satellite", "rocket", "planet", "moon", "star", "galaxy", "telescope", "orbit", "launchpad", "astronaut",
        "shirt", "jacket", "shoes", "scarf", "hat", "dress", "coat", "boots", "gloves", "umbrella",
        "language", "grammar", "dictionary", "translation", "accent", "dialect", "alphabet", "word", "sentence", "story",
        "crêpe", "gâteau", "fondue", "raclette", "paella", "gazpacho", "tapas", "churros", "strudel", "smørrebrød",
        "volunteer", "charity", "donation", "community", "neighbour", "shelter", "support", "campaign", "petition", "rally",
        "bakery", "butcher", "grocer", "florist", "bookshop", "pharmacy", "tailor", "barber", "cobbler", "jeweller",
        "algorithm", "benchmark", "latency", "throughput", "profiler", "allocation", "pointer", "buffer", "stream", "parser",
        "château", "auberge", "brasserie", "bistro", "boulangerie", "pâtisserie", "fromagerie", "crèmerie", "épicerie", "café-bar",
        "sunrise", "twilight", "horizon", "breeze", "fog", "frost", "thunder", "lightning", "rainbow", "drought",
        "painter", "sculptor", "poet", "novelist", "composer", "dancer", "actor", "director", "singer", "critic",
        "marathon", "cyclist", "swimmer", "skier", "climber", "sailor", "runner", "boxer", "archer", "rower",
        "lantern", "candle", "mirror", "carpet", "curtain", "pillow", "blanket", "sofa", "table", "chair",
        "Ñandú", "Øresund", "Arrière-scène", "Abonné", "Théâtre", "Orchestre", "Corbeille", "Mezzanine", "Balcon", "Loge",
    ]

    static let firstNames = [
        "Ada", "Grace", "Alan", "Edsger", "Barbara", "Donald", "Frances", "John", "Margaret", "Ken",
        "Zoë", "José", "Chloé", "Renée", "Søren", "Björn", "Anaïs", "Iñigo", "Łukasz", "Hélène",
    ]

    static let lastNames = [
        "Lovelace", "Hopper", "Turing", "Dijkstra", "Liskov", "Knuth", "Allen", "McCarthy", "Hamilton",
        "Thompson", "Ritchie", "Perlman", "Lamport", "Berners-Lee", "Matsumoto", "Müller", "Ångström",
        "Núñez", "Dvořák",
    ]

    static let topics = [
        "swift", "travel", "food", "music", "politics", "science", "sport", "health", "finance", "art",
        "cinema", "books", "history", "climate", "energy", "space", "fashion", "education", "startups", "databases",
        "café-culture", "wine", "cycling", "football", "opera", "jazz", "photography", "gardening", "cooking", "baking",
        "linux", "networking", "security", "privacy", "open-source", "design", "architecture", "urbanism", "transport", "economy",
        "français", "español", "deutsch", "norsk", "polski", "crime", "law", "community", "weather", "nature",
    ]

    static let qualifiers = ["news", "guide", "tips", "review", "opinion", "interview", "analysis", "weekly", "video"]

    /// `count` words, the first capitalized (a title) or not.
    static func sentence(_ count: Int, capitalized: Bool, _ random: inout SplitMix64) -> String {
        var text = ""
        text.reserveCapacity(count * 8)
        for index in 0..<count {
            let word = words[zipfIndex(&random)]
            if index > 0 { text += " " }
            if index == 0 && capitalized {
                text += word.prefix(1).uppercased() + word.dropFirst()
            } else {
                text += word
            }
        }
        return text
    }

    /// An index into ``words``: index `k` about as often as `(k + 1)^-0.55` (more common first).
    private static func zipfIndex(_ random: inout SplitMix64) -> Int {
        let u = Double.random(in: 0..<1, using: &random)
        return min(words.count - 1, Int(Double(words.count) * pow(u, 2.2)))
    }
}
