import PatternMatcher

/// URLRouter's engine alone: `RouteTable.match(_:)` from a URL string to the route's value.
public struct URLRouterMatcher: Contender {
    public static let name = "URLRouter matcher"

    let table: RouteTable<Int>

    public init(routes: [String]) throws {
        var builder = RouteTableBuilder<Int>()
        for (index, pattern) in routes.enumerated() {
            builder.add(pattern, value: index, owner: "Benchmarks")
        }
        table = try builder.build()
    }

    public func lookup(_ url: String) -> Int {
        if case .matched(let match) = table.match(url) { return match.value }
        return -1
    }
}

extension URLRouterMatcher {
    /// The patterns of `routes` that URLRouter's rules refuse, each with the reason: route files
    /// written for HTTP routers can hold some (`/`, which needs `**` here).
    public static func refusedPatterns(in routes: [String]) -> [(pattern: String, reason: String)] {
        do {
            _ = try URLRouterMatcher(routes: routes)
            return []
        } catch let error as RouteTableError {
            return error.problems.map { ($0.pattern, $0.description) }
        } catch {
            return []
        }
    }
}
