import Foundation

/// Draws the comparisons as a self-contained SVG 1.1 bar chart of ratios, one panel per group.
///
/// Groups (`parse`, `map`, …: the part of a benchmark name before its first `/`) are stacked
/// vertically in run order. Each panel has one horizontal bar per subject × baseline row,
/// labelled `input: subject vs baseline`, drawn from the 1× line (parity) to the row's ratio
/// on a logarithmic axis (ticks at powers of two, at least 0.25× to 8×, widened to the data):
/// bars of a faster subject (ratio above 1) go right in one colour, slower ones go left in
/// another, and each bar ends with its ratio (`2.31×`). The title, the notes (corpus, mode,
/// samples) and a legend come first. No external font, style sheet or script; every text is
/// XML-escaped; sizes follow from the number of rows and the longest label.
///
/// ```swift
/// let chart = SVGChart(title: "rkbench, 2026-11-25 02:31 UTC",
///                      notes: ["corpus: …", "mode: quick, 3 samples …"],
///                      comparisons: results.flatMap(\.comparisons))
/// let svg = chart.render()            // "<?xml version=\"1.0\" …<svg …>…</svg>\n"
/// try chart.write(to: "bench.svg")
/// ```
struct SVGChart {
    /// The first line, in bold.
    var title: String
    /// Lines under the title (wrapped to the chart's width).
    var notes: [String]
    /// The rows, in run order.
    var comparisons: [Comparison]

    /// Bars drawn from 2^-12 to 2^12 at most; ratios beyond stop at the edge (their text stays exact).
    static let exponentLimit = 12
    static let faster = "#2b7bba"
    static let slower = "#e4572e"
    /// The legend's second line.
    static let axisNote = "ratio = baseline seconds / subject seconds, logarithmic axis; bars start at 1× (parity)"

    /// Writes ``render()`` to `path` as UTF-8.
    func write(to path: String) throws {
        try Data(render().utf8).write(to: URL(fileURLWithPath: path))
    }

    /// The whole document.
    func render() -> String {
        let layout = Layout(comparisons: comparisons, notes: notes, title: title)
        var svg = SVGText()
        svg.line(#"<?xml version="1.0" encoding="UTF-8"?>"#)
        let width = coordinate(layout.width), height = coordinate(layout.height)
        svg.line(#"<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="\#(width)" height="\#(height)" "#
            + #"viewBox="0 0 \#(width) \#(height)" "#
            + #"font-family="DejaVu Sans, Verdana, Arial, sans-serif" font-size="12">"#)
        svg.element("title", text: title)
        svg.element("rect", ["width": "100%", "height": "100%", "fill": "#ffffff"])
        var y = drawHeader(into: &svg, layout: layout)
        let panels = Self.panels(of: comparisons)
        if panels.isEmpty {
            y += Layout.rowHeight
            svg.element("text", ["x": coordinate(Layout.margin), "y": coordinate(y)], text: "no comparisons were measured")
        }
        for panel in panels {
            y = draw(panel, into: &svg, layout: layout, top: y)
        }
        svg.line("</svg>")
        return svg.text
    }

    // MARK: Grouping

    /// One group's rows, in run order.
    struct Panel {
        let group: String
        let rows: [Comparison]
    }

    /// The rows split by group, groups in order of first appearance.
    static func panels(of comparisons: [Comparison]) -> [Panel] {
        var order: [String] = []
        var rows: [String: [Comparison]] = [:]
        for row in comparisons {
            let group = Self.group(of: row.benchmark)
            if rows[group] == nil { order.append(group) }
            rows[group, default: []].append(row)
        }
        return order.map { Panel(group: $0, rows: rows[$0] ?? []) }
    }

    /// `"parse"` for `"parse/twitter.json"`; the whole name when it has no `/`.
    static func group(of benchmark: String) -> String {
        benchmark.firstIndex(of: "/").map { String(benchmark[..<$0]) } ?? benchmark
    }

    /// `"twitter.json: swift vs JSONSerialization"`.
    static func label(of row: Comparison) -> String {
        let input = row.benchmark.firstIndex(of: "/").map { String(row.benchmark[row.benchmark.index(after: $0)...]) } ?? ""
        return (input.isEmpty ? "" : input + ": ") + "\(row.subject) vs \(row.baseline)"
    }

    /// `"2.31×"`: two decimals from 0.1 to 10, then at least two significant digits
    /// (`"40.0×"`, `"123×"`, `"0.031×"`); `"n/a"` for a ratio that is not a positive number.
    static func ratioText(_ ratio: Double) -> String {
        guard ratio.isFinite, ratio > 0 else { return "n/a" }
        let digits = ratio >= 100 ? 0 : ratio >= 10 ? 1 : ratio >= 0.1 ? 2 : ratio >= 0.01 ? 3 : 4
        return String(format: "%.\(digits)f×", ratio)
    }

    /// `"0.25×"`, `"1×"`, `"16×"`, `"1/64×"`.
    static func tickText(exponent: Int) -> String {
        if exponent >= 0 { return "\(1 << exponent)×" }
        if exponent >= -3 { return String(format: "%g×", pow(2.0, Double(exponent))) }
        return "1/\(1 << -exponent)×"
    }

    // MARK: Drawing

    private func drawHeader(into svg: inout SVGText, layout: Layout) -> Double {
        var y = Layout.margin + 18
        svg.element("text", ["x": coordinate(Layout.margin), "y": coordinate(y), "font-size": "18", "font-weight": "bold"], text: title)
        for line in layout.noteLines {
            y += 17
            svg.element("text", ["x": coordinate(Layout.margin), "y": coordinate(y), "fill": "#444444"], text: line)
        }
        y += 26
        var x = Layout.margin
        for (colour, text) in [(Self.faster, "subject faster (ratio > 1)"), (Self.slower, "subject slower (ratio < 1)")] {
            svg.element("rect", ["x": coordinate(x), "y": coordinate(y - 10), "width": "14", "height": "12", "fill": colour])
            svg.element("text", ["x": coordinate(x + 20), "y": coordinate(y)], text: text)
            x += 20 + Layout.textWidth(text, size: 12) + 24
        }
        y += 18
        svg.element("text", ["x": coordinate(Layout.margin), "y": coordinate(y), "fill": "#444444"],
                    text: Self.axisNote)
        return y + 14
    }

    /// Draws one panel from `top`; returns where the next one starts.
    private func draw(_ panel: Panel, into svg: inout SVGText, layout: Layout, top: Double) -> Double {
        let axis = layout.axis
        svg.line(#"<g class="panel">"#)
        svg.element("rect", ["x": coordinate(Layout.margin), "y": coordinate(top), "width": coordinate(layout.width - 2 * Layout.margin),
                             "height": coordinate(Layout.panelHeaderHeight - 4), "fill": "#eeeeee"])
        svg.element("text", ["x": coordinate(Layout.margin + 6), "y": coordinate(top + 15), "font-size": "14", "font-weight": "bold"],
                    text: panel.group)
        let rowsTop = top + Layout.panelHeaderHeight
        let rowsBottom = rowsTop + Double(panel.rows.count) * Layout.rowHeight
        for index in panel.rows.indices where index % 2 == 1 {
            svg.element("rect", ["x": coordinate(Layout.margin), "y": coordinate(rowsTop + Double(index) * Layout.rowHeight),
                                 "width": coordinate(layout.width - 2 * Layout.margin), "height": coordinate(Layout.rowHeight), "fill": "#f7f7f7"])
        }
        for exponent in axis.exponents where exponent != 0 {
            let x = axis.x(exponent: exponent)
            svg.element("line", ["x1": coordinate(x), "y1": coordinate(rowsTop), "x2": coordinate(x), "y2": coordinate(rowsBottom + 4),
                                 "stroke": "#cccccc", "stroke-width": "1"])
        }
        for (index, row) in panel.rows.enumerated() {
            drawBar(row, into: &svg, layout: layout, top: rowsTop + Double(index) * Layout.rowHeight)
        }
        let parity = axis.x(exponent: 0)
        svg.element("line", ["class": "parity", "x1": coordinate(parity), "y1": coordinate(rowsTop - 2), "x2": coordinate(parity),
                             "y2": coordinate(rowsBottom + 4), "stroke": "#222222", "stroke-width": "2"])
        for exponent in axis.exponents {
            svg.element("text", ["x": coordinate(axis.x(exponent: exponent)), "y": coordinate(rowsBottom + 17), "text-anchor": "middle",
                                 "font-size": "11", "fill": exponent == 0 ? "#222222" : "#666666",
                                 "font-weight": exponent == 0 ? "bold" : "normal"],
                        text: Self.tickText(exponent: exponent))
        }
        svg.line("</g>")
        return rowsBottom + Layout.panelFooterHeight
    }

    private func drawBar(_ row: Comparison, into svg: inout SVGText, layout: Layout, top: Double) {
        let axis = layout.axis
        let label = Self.label(of: row)
        let middle = top + Layout.rowHeight / 2
        let details = "\(row.benchmark): \(row.subject) vs \(row.baseline): \(Self.ratioText(row.ratio)) "
            + "(subject \(TableReport.milliseconds(row.subjectSeconds)) ms, baseline \(TableReport.milliseconds(row.baselineSeconds)) ms)"
        svg.element("text", ["x": coordinate(layout.labelRight), "y": coordinate(middle + 4), "text-anchor": "end"],
                    text: Layout.truncated(label), title: details)
        let parity = axis.x(exponent: 0)
        guard row.ratio.isFinite, row.ratio > 0 else {
            svg.element("text", ["x": coordinate(parity + 6), "y": coordinate(middle + 4), "font-size": "11", "fill": "#666666"], text: "n/a")
            return
        }
        let end = axis.x(ratio: row.ratio)
        let isFaster = row.ratio >= 1
        let left = min(parity, end), width = max(abs(end - parity), 1)
        svg.element("rect", ["class": isFaster ? "bar faster" : "bar slower", "x": coordinate(isFaster ? left : min(left, parity - 1)),
                             "y": coordinate(middle - Layout.barHeight / 2), "width": coordinate(width), "height": coordinate(Layout.barHeight),
                             "fill": isFaster ? Self.faster : Self.slower],
                    title: details)
        svg.element("text", ["x": coordinate(isFaster ? max(end, parity + 1) + 4 : min(end, parity - 1) - 4), "y": coordinate(middle + 4),
                             "text-anchor": isFaster ? "start" : "end", "font-size": "11", "fill": "#222222"],
                    text: Self.ratioText(row.ratio))
    }
}

// MARK: - Geometry

extension SVGChart {
    /// The logarithmic ratio axis: whole powers of two, at least 2^-2 … 2^3.
    struct Axis {
        let minimumExponent: Int
        let maximumExponent: Int
        let left: Double
        /// Pixels per doubling.
        let unit: Double

        init(ratios: [Double], left: Double) {
            let logs = ratios.filter { $0.isFinite && $0 > 0 }.map(log2)
            let low = (logs.min() ?? 0).rounded(.down), high = (logs.max() ?? 0).rounded(.up)
            minimumExponent = max(-SVGChart.exponentLimit, min(-2, Int(low)))
            maximumExponent = min(SVGChart.exponentLimit, max(3, Int(high)))
            self.left = left
            unit = max(60, 560 / Double(maximumExponent - minimumExponent))
        }

        var exponents: ClosedRange<Int> { minimumExponent...maximumExponent }
        var right: Double { x(exponent: maximumExponent) }

        func x(exponent: Int) -> Double { left + Double(exponent - minimumExponent) * unit }

        /// Clamped to the axis.
        func x(ratio: Double) -> Double {
            let exponent = min(max(log2(ratio), Double(minimumExponent)), Double(maximumExponent))
            return left + (exponent - Double(minimumExponent)) * unit
        }
    }

    /// Sizes that follow from the rows, the labels and the notes.
    struct Layout {
        static let margin = 24.0
        static let rowHeight = 20.0
        static let barHeight = 12.0
        static let panelHeaderHeight = 26.0
        static let panelFooterHeight = 34.0
        /// Labels longer than this are cut (the bar's tooltip keeps the whole name).
        static let maximumLabelCharacters = 64
        /// Room left of the axis for a ratio printed left of a bar that reaches the axis' start.
        static let ratioRoom = 60.0

        let labelRight: Double
        let axis: Axis
        let width: Double
        let height: Double
        let noteLines: [String]

        init(comparisons: [Comparison], notes: [String], title: String) {
            let labels = comparisons.map { SVGChart.truncatedLabel(of: $0) }
            let labelWidth = max(120, labels.map { Self.textWidth($0, size: 12) }.max() ?? 0)
            labelRight = Self.margin + labelWidth
            axis = Axis(ratios: comparisons.map(\.ratio), left: labelRight + Self.ratioRoom)
            let legendWidth = Self.textWidth(SVGChart.axisNote, size: 12)
            width = (max(axis.right + Self.ratioRoom, Self.margin + max(legendWidth, Self.textWidth(title, size: 20)))
                + Self.margin).rounded(.up)
            let columns = max(40, Int((width - 2 * Self.margin) / Self.characterWidth(size: 12)))
            noteLines = notes.flatMap { Self.wrapped($0, columns: columns) }
            let groups = SVGChart.panels(of: comparisons).count
            // The steps of drawHeader(into:layout:).
            let header = Self.margin + 18 + Double(noteLines.count) * 17 + 26 + 18 + 14
            let panels = Double(groups) * (Self.panelHeaderHeight + Self.panelFooterHeight)
                + Double(comparisons.count) * Self.rowHeight
            height = (header + max(panels, Self.rowHeight * 2) + Self.margin).rounded(.up)
        }

        /// An upper estimate of a character's advance in the sans-serif fonts named (DejaVu Sans is the widest).
        static func characterWidth(size: Double) -> Double { size * 0.62 }

        static func textWidth(_ text: String, size: Double) -> Double { Double(text.count) * characterWidth(size: size) }

        static func truncated(_ text: String) -> String {
            text.count <= maximumLabelCharacters ? text : String(text.prefix(maximumLabelCharacters - 1)) + "…"
        }

        /// `text` split at spaces into lines of at most `columns` characters (longer words are cut).
        static func wrapped(_ text: String, columns: Int) -> [String] {
            var lines: [String] = []
            var current = ""
            for word in text.split(separator: " ") {
                if !current.isEmpty && current.count + 1 + word.count > columns {
                    lines.append(current)
                    current = ""
                }
                current += (current.isEmpty ? "" : " ") + word
                while current.count > columns {
                    lines.append(String(current.prefix(columns)))
                    current = String(current.dropFirst(columns))
                }
            }
            if !current.isEmpty || lines.isEmpty { lines.append(current) }
            return lines
        }
    }

    static func truncatedLabel(of row: Comparison) -> String { Layout.truncated(label(of: row)) }
}

// MARK: - Markup

/// The SVG text being built, with XML escaping.
private struct SVGText {
    private(set) var text = ""

    mutating func line(_ markup: String) {
        text += markup + "\n"
    }

    /// `<name a="…">text<title>title</title></name>`, attributes in sorted order, everything escaped.
    mutating func element(_ name: String, _ attributes: [String: String] = [:], text content: String? = nil, title: String? = nil) {
        var markup = "<" + name
        for key in attributes.keys.sorted() {
            markup += " \(key)=\"\(Self.escaped(attributes[key] ?? ""))\""
        }
        if content == nil && title == nil {
            line(markup + "/>")
            return
        }
        markup += ">" + Self.escaped(content ?? "")
        if let title { markup += "<title>" + Self.escaped(title) + "</title>" }
        line(markup + "</\(name)>")
    }

    /// `text` with `& < > " '` as entities and characters XML 1.0 forbids as U+FFFD.
    static func escaped(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&apos;"
            case "\t", "\n", "\r": result.unicodeScalars.append(scalar)
            default:
                let value = scalar.value
                let allowed = (0x20...0xD7FF).contains(value) || (0xE000...0xFFFD).contains(value) || value >= 0x10000
                result.unicodeScalars.append(allowed ? scalar : "\u{FFFD}")
            }
        }
        return result
    }
}

/// A coordinate with at most one decimal (`"12.5"`, `"40"`); `"0"` for a value that is not finite.
private func coordinate(_ value: Double) -> String {
    guard value.isFinite, abs(value) < 1e9 else { return "0" }
    let rounded = (value * 10).rounded() / 10
    return rounded == rounded.rounded() ? String(Int(rounded)) : String(format: "%.1f", rounded)
}
