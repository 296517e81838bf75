import Workloads

/// Every contender, in the order of the results table; the first is the reference of the ratios.
public enum ContenderCatalog {
    /// Makes one contender: registers `routes`, prepares the calls for `requests`.
    public struct Entry {
        public let name: String
        /// Whether the contender has a route table at all (a target-action mediator has none).
        public let hasRouteTable: Bool
        /// Registers a table and prepares calls; throws when the contender refuses the table.
        public let prepare: (_ routes: [String], _ requests: [Request]) throws -> PreparedContender
        /// Registers a table and returns the router, so that its cost and footprint can be measured.
        public let register: (_ routes: [String]) throws -> AnyObject

        init<C: Contender>(_ type: C.Type, hasRouteTable: Bool = true) {
            name = C.name
            self.hasRouteTable = hasRouteTable
            prepare = { routes, requests in PreparedContender(try C(routes: routes), requests: requests) }
            register = { routes in Box(try C(routes: routes)) }
        }
    }

    public static var all: [Entry] {[
        Entry(URLRouterMatcher.self),
        Entry(URLRouterOpen.self),
        Entry(URLRouterOpenIntercepted.self),
        Entry(ExactStringDictionary.self),
        Entry(MGJRouterAlgorithm.self),
        Entry(JLRoutesAlgorithm.self),
        Entry(RoutingKitTrie.self),
        Entry(TargetActionUncached.self, hasRouteTable: false),
        Entry(TargetActionCached.self, hasRouteTable: false),
        Entry(TargetActionURL.self, hasRouteTable: false),
    ]}

    final class Box<T> {
        let value: T
        init(_ value: T) { self.value = value }
    }
}
