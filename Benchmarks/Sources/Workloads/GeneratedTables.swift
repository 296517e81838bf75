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

    /// `one node N`: N literal siblings under one host, `reader://base/<i>`: the shape that made
    /// registration quadratic while the builder's edge table gave one node's children few slots.
    public static func siblingPatterns(count: Int) -> [String] {
        (0..<count).map { "reader://base/\($0)" }
    }

    /// `100 hosts N`: the routes of ``siblingPatterns(count:)`` with route `i` under host `h<i mod 100>`,
    /// so that no node has more than N/100 literal children: the baseline of the sibling registration.
    public static func spreadPatterns(count: Int, hosts: Int = 100) -> [String] {
        (0..<count).map { "reader://h\($0 % hosts)/\($0)" }
    }

    /// A table measured only for its registration (no requests): `name` and its patterns.
    public static func registrationOnly(_ name: String, origin: String, routes: [String]) -> Workload {
        Workload(name: name, origin: origin, routes: routes, requests: [])
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
