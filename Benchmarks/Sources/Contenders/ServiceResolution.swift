import URLRouter

/// What `router.service(_:)` costs once a `.shared` service is built, beside a dictionary lookup by
/// a `String` key (what a service locator keyed by name does): the Report's service row and the
/// allocation gate of the ordo-one benchmarks.
public struct ServiceResolution: Sendable {
    /// The service the router gives.
    public protocol Store: Sendable { var shelves: Int { get } }
    struct LiveStore: Store { let shelves = 12 }

    let key = ServiceKey<any Store>("bookStore")
    let router: Router
    /// As many entries as the router has services and routes, keyed by name.
    let dictionary: [String: Int]

    /// A router of `routeCount` routes and `serviceCount` shared services, each built once.
    public init(routeCount: Int = 100, serviceCount: Int = 30) throws {
        let key = self.key
        router = try Router { routes in
            for index in 0..<routeCount { routes.action("reader://r\(index)/:id") { _ in } }
            for index in 0..<serviceCount - 1 {
                routes.provide(ServiceKey<any Store>("other-\(index)")) { _ in LiveStore() }
            }
            routes.provide(key, lifetime: .shared) { _ in LiveStore() }
        }
        dictionary = Dictionary(uniqueKeysWithValues: (0..<serviceCount - 1).map { ("other-\($0)", $0) } + [("bookStore", 12)])
        _ = try resolve()
    }

    /// One `router.service(_:)` of the built service.
    public func resolve() throws -> Int {
        try router.service(key).shelves
    }

    /// One lookup of the same name in a dictionary of the same size.
    public func lookUpByName(_ name: String = "bookStore") -> Int {
        dictionary[name] ?? -1
    }
}
