import RestKit

/// The parameters of a realistic checkout request, as a ``Representation``: a user with an
/// address and tags, and 50 line items with nested options, add-on arrays, prices, booleans,
/// a few nulls and non-ASCII text. Deterministic (SplitMix64), about 20 KB URL-encoded.
///
/// ```swift
/// let parameters = OrderParameters.make()
/// let body = try URLEncodedSerializer().serialize(parameters)
/// ```
enum OrderParameters {
    static let productNames = [
        "Café crème mug", "Größe L hoodie", "Ñandú plush", "Crème brûlée kit", "Smørrebrød board",
        "Plain notebook", "USB-C cable (2 m)", "Tea & honey set", "日本茶 sampler", "Zoë's socks",
    ]
    static let colors = ["red", "navy blue", "forest green", "black", "off-white"]
    static let sizes = ["XS", "S", "M", "L", "XL"]
    static let addOns = ["gift wrap", "card: \"Happy birthday!\"", "express", "insurance", "eco packaging"]

    /// Builds the parameters.
    static func make(itemCount: Int = 50, seed: UInt64 = 2024) -> Representation {
        var random = SplitMix64(seed: seed)
        var items: [Representation] = []
        items.reserveCapacity(itemCount)
        for index in 0..<itemCount {
            let addOnCount = random.int(in: 0...3)
            var options: OrderedDictionary<String, Representation> = [
                "color": .string(colors[random.int(in: 0...(colors.count - 1))]),
                "size": .string(sizes[random.int(in: 0...(sizes.count - 1))]),
                "add_ons": .array((0..<addOnCount).map { _ in .string(addOns[random.int(in: 0...(addOns.count - 1))]) }),
            ]
            if index % 7 == 0 { options["engraving"] = .string("Für Anna — ♥ \(index)") }
            items.append([
                "sku": .string("SKU-\(10_000 + index * 37)"),
                "name": .string(productNames[index % productNames.count]),
                "quantity": .int(Int64(random.int(in: 1...5))),
                "unit_price": .double(Double(random.int(in: 199...9_999)) / 100),
                "gift": .bool(index % 3 == 0),
                "note": index % 5 == 0 ? .null : .string("Leave at door #\(index) / ring twice"),
                "options": .object(options),
            ])
        }
        return [
            "user": [
                "id": 31_337,
                "name": "Blake Watters",
                "email": "blake+orders@example.com",
                "address": [
                    "street": "1 Infinite Loop, Suite 100",
                    "city": "São Paulo",
                    "postal_code": "01310-100",
                    "country": "BR",
                ],
                "tags": ["vip", "early adopter", "newsletter"],
                "marketing_opt_in": false,
            ],
            "order": [
                "currency": "EUR",
                "coupon": nil,
                "comment": "Bitte vor 18 Uhr liefern — merci! 🙏",
                "items": .array(items),
            ],
        ]
    }
}
