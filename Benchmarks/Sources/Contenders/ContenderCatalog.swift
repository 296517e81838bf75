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

    /// A typed workload and the contenders measured on it, in the order of the results table.
    public struct TypedRun {
        public let workload: Workload
        public let contenders: [Entry]
        /// The samples whose value writes another URL than the one its string contenders open.
        public let mismatchedSamples: () -> [String]
    }

    /// The typed workloads: a typed open beside the string open of the same URLs, and its parts
    /// (writing the URL, matching the pattern alone, decoding) timed alone.
    public static var typed: [TypedRun] {
        [typedRun(BookRoute.self), typedRun(NoteRoute.self)]
    }

    /// The matcher (the reference of the ratios) and the plain string open on `Route`'s workload,
    /// then the typed contenders.
    public static func typedRun<Route: BenchmarkedRoute>(_ route: Route.Type) -> TypedRun {
        TypedRun(workload: Route.workload, contenders: [
            Entry(URLRouterMatcher.self),
            Entry(URLRouterOpen.self),
            Entry(URLRouterOpenReadingByName<Route>.self),
            Entry(URLRouterTypedOpen<Route>.self),
            Entry(URLRouterOpenTypedHandler<Route>.self),
            Entry(TypedURLWriting<Route>.self, hasRouteTable: false),
            Entry(TypedParsing<Route>.self, hasRouteTable: false),
            Entry(PatternAloneMatch<Route>.self, hasRouteTable: false),
            Entry(KeptRequestDecode<Route>.self),
            Entry(KeptRequestReadsByName<Route>.self),
        ], mismatchedSamples: { Route.mismatchedSamples })
    }

    final class Box<T> {
        let value: T
        init(_ value: T) { self.value = value }
    }
}
