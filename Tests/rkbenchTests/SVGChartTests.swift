import Foundation
import RestKitCore
import RestKitXML
@testable import rkbench
import Testing

/// `rkbench --chart`: the SVG is well-formed, has one bar per comparison, escapes names, and
/// puts each bar on the right side of the 1× line.
struct SVGChartTests {
    static func row(_ benchmark: String, _ subject: String, _ baseline: String, ratio: Double) -> Comparison {
        Comparison(benchmark: benchmark, subject: subject, baseline: baseline,
                   subjectSeconds: 0.001, baselineSeconds: 0.001 * ratio, inputBytes: 1000)
    }

    static let rows = [
        row("parse/twitter.json", "swift", "JSONSerialization", ratio: 2.31),
        row("parse/twitter.json", "yajl", "json_loadb", ratio: 0.5),
        row("parse/<&\">'.json", "a&b", "<c>", ratio: 1.25),
        row("map/twitter.json", "mapper", "JSONDecoder", ratio: 0.2),
        row("store/articles", "SQLiteStore", "GRDB", ratio: 40),
    ]

    static func render(_ rows: [Comparison], notes: [String] = ["corpus: generated & <embedded>", "mode: quick"]) -> String {
        SVGChart(title: "rkbench, 2026-11-25 02:31 UTC", notes: notes, comparisons: rows).render()
    }

    /// The values under `key` of an XMLReader-shaped object: one element, or each of several.
    static func elements(_ key: String, in object: Representation?) -> [Representation] {
        guard let value = object?[key] else { return [] }
        return value.arrayValue ?? [value]
    }

    /// Every panel (`<g class="panel">`) of the parsed document.
    static func panels(of svg: String) throws -> [Representation] {
        let document = try LibXML2Parser().parse(text: svg)
        return elements("g", in: document["svg"]).filter { $0["class"]?.stringValue == "panel" }
    }

    static func number(_ value: Representation?) throws -> Double {
        try #require(value?.stringValue.flatMap(Double.init))
    }

    @Test func parsesAsXMLWithOneBarPerComparisonInGroupPanels() throws {
        let panels = try Self.panels(of: Self.render(Self.rows))
        #expect(panels.count == 3)  // parse, map, store: in run order
        let bars = panels.flatMap { Self.elements("rect", in: $0) }.filter { $0["class"]?.stringValue?.hasPrefix("bar") == true }
        #expect(bars.count == Self.rows.count)
        #expect(panels.map { Self.elements("text", in: $0).first?["text"]?.stringValue } == ["parse", "map", "store"])
    }

    @Test func escapesNamesAndNotes() throws {
        let svg = Self.render(Self.rows)
        #expect(!svg.contains("<&"))
        let document = try LibXML2Parser().parse(text: svg)
        let texts = Self.elements("g", in: document["svg"]).flatMap { Self.elements("text", in: $0) }
            .compactMap { $0["text"]?.stringValue }
        #expect(texts.contains("<&\">'.json: a&b vs <c>"))
        let notes = Self.elements("text", in: document["svg"]).compactMap { $0["text"]?.stringValue }
        #expect(notes.contains("corpus: generated & <embedded>"))
    }

    @Test func slowerBarsEndLeftOfParityAndFasterOnesStartRightOfIt() throws {
        for panel in try Self.panels(of: Self.render(Self.rows)) {
            let parity = try #require(Self.elements("line", in: panel).first { $0["class"]?.stringValue == "parity" })
            let parityX = try Self.number(parity["x1"])
            let bars = Self.elements("rect", in: panel).filter { $0["class"]?.stringValue?.hasPrefix("bar") == true }
            #expect(!bars.isEmpty)
            for bar in bars {
                let x = try Self.number(bar["x"]), width = try Self.number(bar["width"])
                let title = try #require(bar["title"]?.stringValue)
                if bar["class"]?.stringValue == "bar slower" {
                    #expect(x + width <= parityX, "\(title)")
                    #expect(x < parityX - 10, "\(title)")
                } else {
                    #expect(bar["class"]?.stringValue == "bar faster")
                    #expect(x >= parityX, "\(title)")
                    #expect(x + width > parityX + 10, "\(title)")
                }
            }
        }
        let slower = try Self.panels(of: Self.render([Self.rows[1]]))
        #expect(Self.elements("rect", in: slower.first).contains { $0["class"]?.stringValue == "bar slower" })
    }

    @Test func ratioTextsAndTicks() {
        #expect(SVGChart.ratioText(2.3149) == "2.31×")
        #expect(SVGChart.ratioText(0.5) == "0.50×")
        #expect(SVGChart.ratioText(40) == "40.0×")
        #expect(SVGChart.ratioText(123.4) == "123×")
        #expect(SVGChart.ratioText(0.03125) == "0.031×")
        #expect(SVGChart.ratioText(.infinity) == "n/a")
        #expect((-2...3).map { SVGChart.tickText(exponent: $0) } == ["0.25×", "0.5×", "1×", "2×", "4×", "8×"])
        #expect(SVGChart.tickText(exponent: -6) == "1/64×")
    }

    @Test func axisCoversAtLeastAQuarterToEightAndWidensToTheData() {
        let standard = SVGChart.Axis(ratios: [1.1, 0.9], left: 0)
        #expect(standard.exponents == -2...3)
        let wide = SVGChart.Axis(ratios: [0.05, 40, .nan, 0], left: 0)
        #expect(wide.exponents == -5...6)
        #expect(wide.x(ratio: 1e-9) == wide.x(exponent: -5))  // clamped to the axis
    }

    @Test func aHundredRowsStackWithoutOverlap() throws {
        let rows = (0..<100).map { index in
            Self.row("\(["parse", "map", "serialize", "store"][index % 4])/input-\(index).json", "subject", "baseline",
                     ratio: pow(2, Double(index % 9) - 4))
        }
        let svg = Self.render(rows)
        let document = try LibXML2Parser().parse(text: svg)
        let height = try Self.number(document["svg"]?["height"])
        var bottoms: [Double] = []
        for panel in try Self.panels(of: svg) {
            let ys = try Self.elements("rect", in: panel).filter { $0["class"]?.stringValue?.hasPrefix("bar") == true }
                .map { try Self.number($0["y"]) }
            #expect(ys == ys.sorted() && Set(ys).count == ys.count)  // one row each, top to bottom
            bottoms.append(ys.max() ?? 0)
        }
        #expect(bottoms.count == 4 && bottoms.allSatisfy { $0 < height })
    }

    @Test func emptyRunStillWritesAValidDocument() throws {
        let document = try LibXML2Parser().parse(text: Self.render([]))
        #expect(document["svg"] != nil)
        #expect(try Self.panels(of: Self.render([])).isEmpty)
    }

    @Test func longNotesWrapAndForbiddenCharactersAreReplaced() throws {
        let note = "corpus: " + String(repeating: "embedded generated documents ", count: 20) + "\u{1}"
        let document = try LibXML2Parser().parse(text: Self.render(Self.rows, notes: [note]))
        let lines = Self.elements("text", in: document["svg"]).compactMap { $0["text"]?.stringValue }
        #expect(lines.filter { $0.contains("embedded") }.count > 1)
        #expect(lines.contains { $0.hasSuffix("\u{FFFD}") })
    }
}
