/// A GeoJSON border like `canada.json`: one feature whose polygon has hundreds of rings of
/// `[longitude, latitude]` pairs written with 15 decimals (`-65.613616999999977`), compact.
/// About 2.2 MB, almost all of it numbers.
enum GeoJSONLikeDocument {
    /// Generates the document.
    static func generate(_ random: inout SplitMix64) -> [UInt8] {
        var json = JSONTextWriter(indent: nil, capacity: 3 << 20)
        json.beginObject()
        json.key("type"); json.string("FeatureCollection")
        json.key("features")
        json.beginArray()
        json.beginObject()
        json.key("type"); json.string("Feature")
        json.key("properties"); json.beginObject(); json.key("name"); json.string("Canada"); json.endObject()
        json.key("geometry")
        json.beginObject()
        json.key("type"); json.string("Polygon")
        json.key("coordinates")
        json.beginArray()
        var longitude = -65.613617
        var latitude = 43.420273
        while json.bytes.count < 2_200_000 {
            json.beginArray()
            for _ in 0..<random.int(in: 20...400) {
                longitude += random.double(in: -0.02...0.02)
                latitude += random.double(in: -0.02...0.02)
                json.beginArray()
                json.raw(decimal(longitude, &random))
                json.raw(decimal(latitude, &random))
                json.endArray()
            }
            json.endArray()
            longitude = random.double(in: -141...(-52))
            latitude = random.double(in: 42...83)
        }
        json.endArray()
        json.endObject()
        json.endObject()
        json.endArray()
        json.endObject()
        return json.bytes
    }

    /// `value` with 15 decimals whose last digits are noise, like coordinates written from
    /// binary doubles (`43.420273000000009`).
    private static func decimal(_ value: Double, _ random: inout SplitMix64) -> String {
        let micro = Int64((abs(value) * 1e6).rounded())
        let whole = micro / 1_000_000
        let fraction = String(micro % 1_000_000)
        let padding = String(repeating: "0", count: 6 - fraction.count)
        let noise = random.chance(0.5) ? "00000000\(random.int(in: 1...9))" : "99999999\(random.int(in: 0...9))"
        return "\(value < 0 ? "-" : "")\(whole).\(padding)\(fraction)\(noise)"
    }
}
