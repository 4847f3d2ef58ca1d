/// An auction site like XMark's `xmark_auction.xml`: regions of items, categories, a category
/// graph, people with profiles, open and closed auctions; `id`/`person`/`category`
/// attributes, many repeated elements, and prose with mixed content (`<keyword>`, `<emph>`
/// and `<bold>` inside `<text>`). About 2 MB.
enum AuctionLikeDocument {
    private static let itemCount = 700
    private static let personCount = 650

    /// Generates the document.
    static func generate(_ random: inout SplitMix64) -> [UInt8] {
        var xml = XMLTextWriter(capacity: 3 << 20)
        let categoryCount = 60
        xml.open("site")
        xml.open("regions")
        let regions = ["africa", "asia", "australia", "europe", "namerica", "samerica"]
        for (index, region) in regions.enumerated() {
            xml.open(region)
            for item in stride(from: index, to: itemCount, by: regions.count) {
                self.item(item, categories: categoryCount, into: &xml, &random)
            }
            xml.close(region)
        }
        xml.close("regions")
        xml.open("categories")
        for category in 0..<categoryCount {
            xml.open("category", attributes: [("id", "category\(category)")])
            xml.element("name", text: random.words(2, from: Vocabulary.english))
            description(into: &xml, &random)
            xml.close("category")
        }
        xml.close("categories")
        xml.open("catgraph")
        for _ in 0..<categoryCount {
            xml.element("edge", attributes: [
                ("from", "category\(random.int(in: 0...categoryCount - 1))"),
                ("to", "category\(random.int(in: 0...categoryCount - 1))"),
            ])
        }
        xml.close("catgraph")
        xml.open("people")
        for person in 0..<personCount { self.person(person, categories: categoryCount, into: &xml, &random) }
        xml.close("people")
        xml.open("open_auctions")
        for auction in 0..<(itemCount / 2) {
            xml.open("open_auction", attributes: [("id", "open_auction\(auction)")])
            xml.element("initial", text: money(&random))
            for _ in 0..<random.int(in: 0...6) {
                xml.open("bidder")
                xml.element("date", text: date(&random))
                xml.element("time", text: "\(random.int(in: 10...23)):\(random.int(in: 10...59)):\(random.int(in: 10...59))")
                xml.element("personref", attributes: [("person", "person\(random.int(in: 0...personCount - 1))")])
                xml.element("increase", text: money(&random))
                xml.close("bidder")
            }
            xml.element("current", text: money(&random))
            xml.element("itemref", attributes: [("item", "item\(auction * 2)")])
            xml.element("seller", attributes: [("person", "person\(random.int(in: 0...personCount - 1))")])
            annotation(personCount: personCount, into: &xml, &random)
            xml.element("quantity", text: "1")
            xml.element("type", text: random.pick(["Regular", "Featured", "Dutch"]))
            xml.open("interval")
            xml.element("start", text: date(&random))
            xml.element("end", text: date(&random))
            xml.close("interval")
            xml.close("open_auction")
        }
        xml.close("open_auctions")
        xml.open("closed_auctions")
        for auction in 0..<(itemCount / 2) {
            xml.open("closed_auction")
            xml.element("seller", attributes: [("person", "person\(random.int(in: 0...personCount - 1))")])
            xml.element("buyer", attributes: [("person", "person\(random.int(in: 0...personCount - 1))")])
            xml.element("itemref", attributes: [("item", "item\(auction * 2 + 1)")])
            xml.element("price", text: money(&random))
            xml.element("date", text: date(&random))
            xml.element("quantity", text: "1")
            xml.element("type", text: "Regular")
            annotation(personCount: personCount, into: &xml, &random)
            xml.close("closed_auction")
        }
        xml.close("closed_auctions")
        xml.close("site")
        return xml.bytes
    }

    private static func item(_ item: Int, categories: Int, into xml: inout XMLTextWriter, _ random: inout SplitMix64) {
        var attributes = [("id", "item\(item)")]
        if random.chance(0.1) { attributes.append(("featured", "yes")) }
        xml.open("item", attributes: attributes)
        xml.element("location", text: random.pick(Vocabulary.countries))
        xml.element("quantity", text: String(random.int(in: 1...3)))
        xml.element("name", text: random.words(3, from: Vocabulary.english))
        xml.element("payment", text: random.pick(["Creditcard", "Money order", "Personal Check", "Cash"]))
        description(into: &xml, &random)
        xml.element("shipping", text: "Will ship internationally")
        for _ in 0..<random.int(in: 1...4) {
            xml.element("incategory", attributes: [("category", "category\(random.int(in: 0...categories - 1))")])
        }
        xml.open("mailbox")
        for _ in 0..<random.int(in: 0...3) {
            xml.open("mail")
            xml.element("from", text: "\(Vocabulary.fullName(&random)) mailto:\(random.pick(Vocabulary.lastNames))@example.com")
            xml.element("to", text: "\(Vocabulary.fullName(&random)) mailto:\(random.pick(Vocabulary.lastNames))@example.com")
            xml.element("date", text: date(&random))
            prose("text", into: &xml, &random)
            xml.close("mail")
        }
        xml.close("mailbox")
        xml.close("item")
    }

    private static func person(_ person: Int, categories: Int, into xml: inout XMLTextWriter, _ random: inout SplitMix64) {
        xml.open("person", attributes: [("id", "person\(person)")])
        let name = Vocabulary.fullName(&random)
        xml.element("name", text: name)
        xml.element("emailaddress", text: "mailto:\(name.replacingSpaces)@example.com")
        if random.chance(0.5) { xml.element("phone", text: "+\(random.int(in: 1...99)) (\(random.int(in: 100...999))) \(random.int(in: 1_000_000...9_999_999))") }
        if random.chance(0.5) {
            xml.open("address")
            xml.element("street", text: "\(random.int(in: 1...99)) \(random.pick(Vocabulary.lastNames)) St")
            xml.element("city", text: random.pick(Vocabulary.cities))
            xml.element("country", text: random.pick(Vocabulary.countries))
            xml.element("zipcode", text: String(random.int(in: 10_000...99_999)))
            xml.close("address")
        }
        if random.chance(0.6) {
            xml.open("profile", attributes: [("income", String(format2: random.double(in: 9_000...120_000)))])
            for _ in 0..<random.int(in: 0...5) {
                xml.element("interest", attributes: [("category", "category\(random.int(in: 0...categories - 1))")])
            }
            xml.element("education", text: random.pick(["High School", "College", "Graduate School", "Other"]))
            xml.element("business", text: random.pick(["Yes", "No"]))
            xml.element("age", text: String(random.int(in: 18...80)))
            xml.close("profile")
        }
        xml.open("watches")
        for _ in 0..<random.int(in: 0...4) {
            xml.element("watch", attributes: [("open_auction", "open_auction\(random.int(in: 0...itemCount / 2 - 1))")])
        }
        xml.close("watches")
        xml.close("person")
    }

    private static func annotation(personCount: Int, into xml: inout XMLTextWriter, _ random: inout SplitMix64) {
        xml.open("annotation")
        xml.element("author", attributes: [("person", "person\(random.int(in: 0...personCount - 1))")])
        description(into: &xml, &random)
        xml.element("happiness", text: String(random.int(in: 1...10)))
        xml.close("annotation")
    }

    /// `<description>` holding either one `<text>` or a `<parlist>` of them.
    private static func description(into xml: inout XMLTextWriter, _ random: inout SplitMix64) {
        xml.open("description")
        if random.chance(0.6) {
            prose("text", into: &xml, &random)
        } else {
            xml.open("parlist")
            for _ in 0..<random.int(in: 2...4) {
                xml.open("listitem")
                prose("text", into: &xml, &random)
                xml.close("listitem")
            }
            xml.close("parlist")
        }
        xml.close("description")
    }

    /// `<name>` with prose and inline `<keyword>`, `<emph>`, `<bold>` children (mixed content).
    private static func prose(_ name: String, into xml: inout XMLTextWriter, _ random: inout SplitMix64) {
        xml.newline()
        xml.raw("<\(name)>")
        for _ in 0..<random.int(in: 1...5) {
            xml.text(random.words(random.int(in: 5...30), from: Vocabulary.english) + " ")
            let inline = random.pick(["keyword", "emph", "bold"])
            xml.raw("<\(inline)>")
            xml.text(random.words(random.int(in: 1...3), from: Vocabulary.english))
            xml.raw("</\(inline)> ")
        }
        xml.raw("</\(name)>")
    }

    private static func money(_ random: inout SplitMix64) -> String {
        String(format2: random.double(in: 1...500))
    }

    private static func date(_ random: inout SplitMix64) -> String {
        "\(random.int(in: 10...12))/\(random.int(in: 10...28))/\(random.int(in: 1998...2001))"
    }
}

extension String {
    /// `value` with two decimals (`"12.50"`), without Foundation.
    fileprivate init(format2 value: Double) {
        let cents = Int((value * 100).rounded())
        let fraction = cents % 100
        self = "\(cents / 100).\(fraction < 10 ? "0" : "")\(fraction)"
    }

    /// Spaces replaced by dots (`"Ada.Lovelace"`).
    fileprivate var replacingSpaces: String {
        String(map { $0 == " " ? "." : $0 })
    }
}
