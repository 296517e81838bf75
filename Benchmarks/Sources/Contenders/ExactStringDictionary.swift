/// The minimal URL router of the seed articles: a dictionary from the exact URL string to a closure.
///
/// It knows no parameters (a pattern is registered as the literal string it is), so it is the lower
/// bound for static URLs and misses every URL that carries a value.
public struct ExactStringDictionary: Contender {
    public static let name = "Exact-string dictionary"

    let handlers: [String: () -> Int]

    public init(routes: [String]) throws {
        var handlers: [String: () -> Int] = [:]
        handlers.reserveCapacity(routes.count)
        for (index, pattern) in routes.enumerated() {
            handlers[pattern] = { index }
        }
        self.handlers = handlers
    }

    public func lookup(_ url: String) -> Int {
        guard let handler = handlers[url] else { return -1 }
        return handler()
    }
}
