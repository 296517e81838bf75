import RoutingKit

/// Vapor's RoutingKit 4 `TrieRouter`, the real package: the path split into `[String]` as Vapor's
/// responder does, then `route(path:parameters:)`.
public struct RoutingKitTrie: Contender {
    public static let name = "RoutingKit TrieRouter"

    let router: TrieRouter<Int>

    public init(routes: [String]) throws {
        // TrieRouter traps (`precondition`) on two parameter names at one position; refuse instead.
        try ParameterNameCheck.check(routes)
        let router = TrieRouter(Int.self)
        for (index, pattern) in routes.enumerated() {
            router.register(index, at: pattern.pathComponents)
        }
        self.router = router
    }

    public func lookup(_ url: String) -> Int {
        // One `Parameters` per request, as each Vapor `Request` has; the router's logger is reused
        // so that no logger is bootstrapped per lookup.
        var parameters = Parameters(router.logger)
        let path = url.split(separator: "/").map(String.init)
        return router.route(path: path, parameters: &parameters) ?? -1
    }
}

/// The registration rule of RoutingKit's trie that it enforces with a trap.
enum ParameterNameCheck {
    struct Conflict: Error, CustomStringConvertible {
        let pattern: String
        let name: String
        let existing: String
        var description: String { "\(pattern): parameter :\(name) where another route has :\(existing)" }
    }

    static func check(_ patterns: [String]) throws(Conflict) {
        var names: [String: Substring] = [:]
        for pattern in patterns {
            var prefix = ""
            for segment in pattern.split(separator: "/") {
                if segment.first == ":" {
                    let name = segment.dropFirst()
                    if let existing = names[prefix], existing != name {
                        throw Conflict(pattern: pattern, name: String(name), existing: String(existing))
                    }
                    names[prefix] = name
                    prefix += "/:"
                } else {
                    prefix += "/" + segment
                }
            }
        }
    }
}
