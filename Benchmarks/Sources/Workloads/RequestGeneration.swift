/// Turns patterns into concrete requests, the way the published anchors of those route lists did:
/// every `:name` is replaced by a concrete value, `:tab` by `reviews`.
public enum RequestGeneration {
    /// The concrete value that stands for the parameter `name`: `v` followed by 7919 × the length
    /// of the name (`:id` → `v15838`, `:owner` → `v39595`), and `reviews` for `:tab`.
    public static func value(forParameter name: Substring) -> String {
        name == "tab" ? "reviews" : "v\(7919 * name.utf8.count)"
    }

    /// The request that must match route `index`, whose pattern is `pattern`.
    public static func request(forPattern pattern: String, route index: Int) -> Request {
        var parameters: [Request.Parameter] = []
        let segments = pattern.split(separator: "/", omittingEmptySubsequences: false).map { segment -> Substring in
            guard segment.first == ":" else { return segment }
            let name = segment.dropFirst()
            let value = value(forParameter: name)
            parameters.append(Request.Parameter(name: String(name), value: value))
            return Substring(value)
        }
        return Request(url: segments.joined(separator: "/"), expectedRoute: index, parameters: parameters)
    }

    /// One request per route, in registration order.
    public static func requests(forPatterns patterns: [String]) -> [Request] {
        patterns.enumerated().map { request(forPattern: $1, route: $0) }
    }

    /// The Fisher–Yates shuffle driven by a 64-bit LCG (Knuth's MMIX constants), so the order is the
    /// same on every machine and every run.
    public static func shuffled<T>(_ elements: [T], seed: UInt64 = 42) -> [T] {
        var result = elements
        var state = seed
        func next() -> UInt64 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return state >> 33
        }
        guard result.count > 1 else { return result }
        for i in stride(from: result.count - 1, to: 0, by: -1) {
            let j = Int(next() % UInt64(i + 1))
            result.swapAt(i, j)
        }
        return result
    }
}
