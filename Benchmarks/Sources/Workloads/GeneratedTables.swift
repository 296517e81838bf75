/// The generated tables (deep and flat, 100 to 10,000 routes), made here by rule rather than read from files.
public enum GeneratedTables {
    /// `deep N`: 100 routes per module `m<k>`; route `j` of a module cycles through four shapes.
    /// The same lines as `synthetic_<N>.txt`, without the method.
    public static func deepPatterns(count: Int) -> [String] {
        (0..<count).map { i in
            let module = i / 100
            let j = i % 100
            switch j % 4 {
            case 0: return "/m\(module)/page\(j)"
            case 1: return "/m\(module)/page\(j)/:id"
            case 2: return "/m\(module)/items/:id/sub\(j)"
            default: return "/m\(module)/page\(j)/:id/detail/:tab"
            }
        }
    }

    /// `flat N`: one level with N/2 static siblings, `/p<i>` for even i and `/p<i>/:id` for odd i.
    /// The same lines as `flat_<N>.txt`, without the method.
    public static func flatPatterns(count: Int) -> [String] {
        (0..<count).map { $0.isMultiple(of: 2) ? "/p\($0)" : "/p\($0)/:id" }
    }

    /// The deep table of `count` routes, every route looked up once in a fixed shuffled order.
    public static func deep(count: Int) -> Workload {
        let routes = deepPatterns(count: count)
        return Workload(
            name: "deep \(count.formatted)", origin: "generated, as synthetic_\(count).txt",
            series: .init(family: "deep", routeCount: count), routes: routes,
            requests: RequestGeneration.shuffled(RequestGeneration.requests(forPatterns: routes)))
    }

    /// The flat table of `count` routes, every route looked up once in a fixed shuffled order.
    public static func flat(count: Int) -> Workload {
        let routes = flatPatterns(count: count)
        return Workload(
            name: "flat \(count.formatted)", origin: "generated, as flat_\(count).txt",
            series: .init(family: "flat", routeCount: count), routes: routes,
            requests: RequestGeneration.shuffled(RequestGeneration.requests(forPatterns: routes)))
    }
}

extension Int {
    /// `10000` → `10,000`, without Foundation.
    package var formatted: String {
        let digits = String(magnitude)
        var out = ""
        for (i, c) in digits.enumerated() {
            if i > 0 && (digits.count - i) % 3 == 0 { out.append(",") }
            out.append(c)
        }
        return (self < 0 ? "-" : "") + out
    }
}
