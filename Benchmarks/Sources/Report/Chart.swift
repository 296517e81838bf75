import Foundation

/// The chart of lookup time against route count: one panel per table family (deep, flat), one line
/// per contender, both axes logarithmic. Plain SVG, written here, so that it needs no dependency.
struct Chart {
    struct Series {
        let contender: String
        /// (route count, ns per lookup)
        let points: [(Double, Double)]
    }

    let title: String
    /// Family name and its series, one panel each.
    let panels: [(family: String, series: [Series])]

    static let palette = ["#d62728", "#ff7f0e", "#7f7f7f", "#2ca02c", "#9467bd", "#1f77b4", "#8c564b",
                          "#e377c2", "#17becf", "#bcbd22"]
    static let dashes = ["", "6 3", "2 3", "", "", "", "8 3 2 3", "4 4", "1 2", ""]

    func svg() -> String {
        let panelWidth = 430.0, panelHeight = 330.0
        let left = 70.0, top = 50.0, gap = 60.0, legendWidth = 210.0
        let width = left + Double(panels.count) * panelWidth + Double(panels.count - 1) * gap + 20 + legendWidth
        let height = top + panelHeight + 60

        let values = panels.flatMap { $0.series.flatMap { $0.points.map(\.1) } }.filter { $0 > 0 }
        let xs = panels.flatMap { $0.series.flatMap { $0.points.map(\.0) } }
        guard let yMinValue = values.min(), let yMaxValue = values.max(),
              let xMinValue = xs.min(), let xMaxValue = xs.max() else { return "" }
        let yLow = floor(log10(yMinValue)), yHigh = max(ceil(log10(yMaxValue)), yLow + 1)
        let xLow = floor(log10(xMinValue)), xHigh = max(ceil(log10(xMaxValue)), xLow + 1)

        var names: [String] = []
        for panel in panels {
            for series in panel.series where !names.contains(series.contender) { names.append(series.contender) }
        }

        var out = """
        <svg xmlns="http://www.w3.org/2000/svg" width="\(Int(width))" height="\(Int(height))" \
        viewBox="0 0 \(Int(width)) \(Int(height))" font-family="Helvetica, Arial, sans-serif" font-size="12">
        <rect width="100%" height="100%" fill="white"/>
        <text x="\(left)" y="24" font-size="16" font-weight="bold">\(escape(title))</text>

        """
        for (index, panel) in panels.enumerated() {
            let x0 = left + Double(index) * (panelWidth + gap)
            func px(_ routes: Double) -> Double { x0 + (log10(routes) - xLow) / (xHigh - xLow) * panelWidth }
            func py(_ ns: Double) -> Double { top + panelHeight - (log10(ns) - yLow) / (yHigh - yLow) * panelHeight }

            out += "<text x=\"\(x0 + panelWidth / 2)\" y=\"\(top - 8)\" text-anchor=\"middle\" font-weight=\"bold\">\(escape(panel.family)) tables</text>\n"
            out += "<rect x=\"\(x0)\" y=\"\(top)\" width=\"\(panelWidth)\" height=\"\(panelHeight)\" fill=\"none\" stroke=\"#333\"/>\n"
            // Grid: decades on both axes, 2× and 5× minor lines on the time axis.
            var decade = yLow
            while decade <= yHigh {
                let y = py(pow(10, decade))
                out += "<line x1=\"\(x0)\" y1=\"\(y)\" x2=\"\(x0 + panelWidth)\" y2=\"\(y)\" stroke=\"#ccc\"/>\n"
                out += "<text x=\"\(x0 - 6)\" y=\"\(y + 4)\" text-anchor=\"end\">\(escape(timeLabel(pow(10, decade))))</text>\n"
                for minor in [2.0, 5.0] where decade + log10(minor) < yHigh {
                    let y = py(minor * pow(10, decade))
                    out += "<line x1=\"\(x0)\" y1=\"\(y)\" x2=\"\(x0 + panelWidth)\" y2=\"\(y)\" stroke=\"#eee\"/>\n"
                }
                decade += 1
            }
            decade = xLow
            while decade <= xHigh {
                let x = px(pow(10, decade))
                out += "<line x1=\"\(x)\" y1=\"\(top)\" x2=\"\(x)\" y2=\"\(top + panelHeight)\" stroke=\"#ccc\"/>\n"
                out += "<text x=\"\(x)\" y=\"\(top + panelHeight + 18)\" text-anchor=\"middle\">\(Int(pow(10, decade)))</text>\n"
                decade += 1
            }
            out += "<text x=\"\(x0 + panelWidth / 2)\" y=\"\(top + panelHeight + 40)\" text-anchor=\"middle\">routes in the table</text>\n"
            if index == 0 {
                out += "<text transform=\"translate(16 \(top + panelHeight / 2)) rotate(-90)\" text-anchor=\"middle\">median time per lookup</text>\n"
            }
            for series in panel.series {
                guard let colorIndex = names.firstIndex(of: series.contender) else { continue }
                let color = Self.palette[colorIndex % Self.palette.count]
                let dash = Self.dashes[colorIndex % Self.dashes.count]
                let points = series.points.filter { $0.1 > 0 }.sorted { $0.0 < $1.0 }
                let path = points.map { "\(format(px($0.0), digits: 1)),\(format(py($0.1), digits: 1))" }
                    .joined(separator: " ")
                out += "<polyline points=\"\(path)\" fill=\"none\" stroke=\"\(color)\" stroke-width=\"2\"\(dash.isEmpty ? "" : " stroke-dasharray=\"\(dash)\"")/>\n"
                for point in points {
                    out += "<circle cx=\"\(format(px(point.0), digits: 1))\" cy=\"\(format(py(point.1), digits: 1))\" r=\"3\" fill=\"\(color)\"/>\n"
                }
            }
        }
        let legendX = left + Double(panels.count) * panelWidth + Double(panels.count - 1) * gap + 20
        for (index, name) in names.enumerated() {
            let y = top + 10 + Double(index) * 22
            let color = Self.palette[index % Self.palette.count]
            let dash = Self.dashes[index % Self.dashes.count]
            out += "<line x1=\"\(legendX)\" y1=\"\(y)\" x2=\"\(legendX + 26)\" y2=\"\(y)\" stroke=\"\(color)\" stroke-width=\"2\"\(dash.isEmpty ? "" : " stroke-dasharray=\"\(dash)\"")/>\n"
            out += "<circle cx=\"\(legendX + 13)\" cy=\"\(y)\" r=\"3\" fill=\"\(color)\"/>\n"
            out += "<text x=\"\(legendX + 34)\" y=\"\(y + 4)\">\(escape(name))</text>\n"
        }
        out += "</svg>\n"
        return out
    }

    func timeLabel(_ ns: Double) -> String {
        switch ns {
        case ..<1_000: "\(Int(ns)) ns"
        case ..<1_000_000: "\(Int(ns / 1_000)) µs"
        case ..<1_000_000_000: "\(Int(ns / 1_000_000)) ms"
        default: "\(Int(ns / 1_000_000_000)) s"
        }
    }

    func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
    }
}
