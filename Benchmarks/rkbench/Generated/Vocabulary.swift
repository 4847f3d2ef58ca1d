/// Word lists the generators draw from: English prose, CJK and accented text, emoji,
/// names and places, so generated strings have realistic lengths and UTF-8 mixes.
enum Vocabulary {
    static let english = [
        "the", "of", "and", "to", "in", "is", "that", "for", "it", "as", "was", "with", "be", "by", "on",
        "not", "he", "this", "are", "or", "his", "from", "at", "which", "but", "have", "an", "had", "they",
        "you", "were", "their", "one", "all", "we", "can", "her", "has", "there", "been", "if", "more",
        "when", "will", "would", "who", "so", "no", "release", "server", "mapping", "object", "request",
        "response", "network", "library", "swift", "parser", "document", "coffee", "morning", "weekend",
        "concert", "football", "weather", "tonight", "amazing", "breaking", "news", "update", "photo",
    ]
    static let japanese = [
        "今日は", "とても", "楽しかった", "ありがとう", "東京", "大阪", "ラーメン", "食べたい", "明日",
        "天気", "いい", "です", "ね", "仕事", "終わった", "アニメ", "新しい", "写真", "フォロー", "お願いします",
    ]
    static let accented = [
        "Arrière-scène", "Abonné", "Théâtre", "Café", "Zürich", "Málaga", "Ñandú", "Øresund", "Kraków",
        "Salle Pleyel", "Parterre", "Balcon", "Loge", "Mezzanine", "Orchestre", "Corbeille",
    ]
    static let emoji = ["😀", "🎉", "☕", "🚀", "❤️", "👍", "🌸", "⚽", "🎶", "✨"]
    static let firstNames = [
        "Ada", "Grace", "Alan", "Edsger", "Barbara", "Donald", "Frances", "John", "Margaret", "Ken",
        "Dennis", "Radia", "Leslie", "Tim", "Yukihiro", "Guido", "Bjarne", "Anders", "Chris", "Sophie",
    ]
    static let lastNames = [
        "Lovelace", "Hopper", "Turing", "Dijkstra", "Liskov", "Knuth", "Allen", "McCarthy", "Hamilton",
        "Thompson", "Ritchie", "Perlman", "Lamport", "Berners-Lee", "Matsumoto", "van Rossum", "Stroustrup",
    ]
    static let cities = [
        "Paris", "Tokyo", "New York", "São Paulo", "Berlin", "Montréal", "Lagos", "Mumbai", "Sydney", "Oslo",
    ]
    static let countries = [
        "United States", "France", "Japan", "Brazil", "Germany", "Canada", "Nigeria", "India", "Australia",
        "Norway",
    ]

    /// A person's full name.
    static func fullName(_ random: inout SplitMix64) -> String {
        "\(random.pick(firstNames)) \(random.pick(lastNames))"
    }

    /// A short mixed-script message like a tweet.
    static func message(_ random: inout SplitMix64) -> String {
        var parts: [String] = []
        for _ in 0..<random.int(in: 6...18) {
            switch random.int(in: 0...9) {
            case 0...5: parts.append(random.pick(english))
            case 6...8: parts.append(random.pick(japanese))
            default: parts.append(random.pick(emoji))
            }
        }
        if random.chance(0.3) { parts.append("\"quoted\"\n") }
        return parts.joined(separator: " ")
    }
}
