import PatternMatcher
import Synchronization
import URLRouter
import Workloads

// The typed workloads' contenders: a typed open beside the string open of the same URL, and the
// parts of each (writing the URL, matching, decoding, reading by name) timed alone. Those that read
// values answer the `witness` of the value read (-1 when nothing handled the URL, -2 when another
// route's handler ran, -3 when a read by name found nothing), so that "right" means the right route
// *and* the right values; `typed url()` answers the URL's length, the pattern-alone match its value.

/// The names of the typed contenders, the same whatever the route type.
public enum TypedContenderName {
    public static let openReadingByName = "URLRouter open, reads by name"
    public static let typedOpen = "URLRouter typed open"
    public static let openTypedHandler = "URLRouter open, typed handler"
    public static let urlWriting = "typed url()"
    public static let parsing = "typed init(parsing:)"
    public static let patternMatch = "RouteTable.match, pattern alone"
    public static let keptDecode = "RouteRequest.decode, kept request"
    public static let keptReadsByName = "reads by name, kept request"
}

/// Where a handler leaves what it read, so that `lookup` can answer it.
final class Witness: Sendable {
    let value = Atomic<Int>(-1)

    func store(_ witness: Int) { value.store(witness, ordering: .relaxed) }
    func load() -> Int { value.load(ordering: .relaxed) }
}

/// The router of the typed workloads: the app table as string actions whose handlers only note
/// that they ran (-2), and `Route.pattern`, registered by `registerRoute` (as a string action
/// or as a typed one).
func typedWorkloadRouter<Route: BenchmarkedRoute>(
    _ route: Route.Type, routes: [String], witness: Witness,
    registerRoute: (inout RouteRegistrar) -> Void
) throws -> Router {
    guard routes.contains(Route.pattern) else {
        throw TypedWorkloadError(description: "the table does not hold \(Route.pattern)")
    }
    return try Router { registrar in
        for pattern in routes {
            if pattern == Route.pattern {
                registerRoute(&registrar)
            } else {
                registrar.action(pattern) { _ in witness.store(-2) }
            }
        }
    }
}

/// A table a typed contender cannot be built on (one without its route's pattern).
struct TypedWorkloadError: Error, CustomStringConvertible {
    let description: String
}

/// The string open of a typed workload's URL, its handler reading the route's properties by name
/// (`request.int("id")`, `request.string("from")`): what an app without typed routes writes, and
/// the reference of the "typed open ≤ 3× string open" target.
public struct URLRouterOpenReadingByName<Route: BenchmarkedRoute>: Contender {
    public static var name: String { TypedContenderName.openReadingByName }

    let router: Router
    let witness = Witness()

    public init(routes: [String]) throws {
        let witness = witness
        router = try typedWorkloadRouter(Route.self, routes: routes, witness: witness) { registrar in
            registrar.action(Route.pattern) { request in witness.store(Route(readingByName: request)?.witness ?? -3) }
        }
    }

    public func lookup(_ url: String) -> Int {
        router.open(url).isHandled ? witness.load() : -1
    }

    public func expectedAnswer(for request: Request, position: Int) -> Int {
        Route.sample(for: request.url).value.witness
    }
}

/// `router.open(value)`: the value's URL written (`try value.url()`), opened as a string, and
/// decoded back into a `Route` for the typed handler (`routes.action(Route.self) { value, _ in }`).
public struct URLRouterTypedOpen<Route: BenchmarkedRoute>: Contender {
    public static var name: String { TypedContenderName.typedOpen }

    let router: Router
    let witness = Witness()

    public init(routes: [String]) throws {
        let witness = witness
        router = try typedWorkloadRouter(Route.self, routes: routes, witness: witness) { registrar in
            registrar.action(Route.self) { value, _ in witness.store(value.witness) }
        }
    }

    public func call(for request: Request, position: Int) -> Route {
        Route.sample(for: request.url).value
    }

    public func lookup(_ value: Route) -> Int {
        router.open(value).isHandled ? witness.load() : -1
    }

    public func expectedAnswer(for request: Request, position: Int) -> Int {
        Route.sample(for: request.url).value.witness
    }
}

/// The typed open without writing the URL: the URL string opened on the router of the typed
/// open, so the typed handler decodes it. The typed open minus this is what `url()` costs inside
/// an open; this minus "open, reads by name" is what the decode costs beyond reading by name.
public struct URLRouterOpenTypedHandler<Route: BenchmarkedRoute>: Contender {
    public static var name: String { TypedContenderName.openTypedHandler }

    let typed: URLRouterTypedOpen<Route>

    public init(routes: [String]) throws {
        typed = try URLRouterTypedOpen(routes: routes)
    }

    public func lookup(_ url: String) -> Int {
        typed.router.open(url).isHandled ? typed.witness.load() : -1
    }

    public func expectedAnswer(for request: Request, position: Int) -> Int {
        Route.sample(for: request.url).value.witness
    }
}

/// `try value.url()` alone: the encoder pass and the URL string, no router. It answers the URL's
/// length in bytes, checked against the URL written by hand.
public struct TypedURLWriting<Route: BenchmarkedRoute>: Contender {
    public static var name: String { TypedContenderName.urlWriting }

    public init(routes: [String]) throws {}

    public func call(for request: Request, position: Int) -> Route {
        Route.sample(for: request.url).value
    }

    public func lookup(_ value: Route) -> Int {
        (try? value.url())?.utf8.count ?? -1
    }

    public func expectedAnswer(for request: Request, position: Int) -> Int {
        request.url.utf8.count
    }
}

/// `try Route(parsing: url)`: the URL matched against `Route.pattern` alone, then decoded; no
/// router, no handler.
public struct TypedParsing<Route: BenchmarkedRoute>: Contender {
    public static var name: String { TypedContenderName.parsing }

    public init(routes: [String]) throws {}

    public func lookup(_ url: String) -> Int {
        (try? Route(parsing: url))?.witness ?? -1
    }

    public func expectedAnswer(for request: Request, position: Int) -> Int {
        Route.sample(for: request.url).value.witness
    }
}

/// The matching half of `init(parsing:)`: the URL matched against a table of `Route.pattern`
/// alone (with the route's converters), as `init(parsing:)` matches it, and nothing decoded.
/// `init(parsing:)` minus this is the decode. It answers 0, the pattern's value, when it matches.
public struct PatternAloneMatch<Route: BenchmarkedRoute>: Contender {
    public static var name: String { TypedContenderName.patternMatch }

    let table: RouteTable<Int>

    public init(routes: [String]) throws {
        var builder = RouteTableBuilder<Int>()
        for converter in Route.converters { builder.declare(converter) }
        builder.add(Route.pattern, value: 0)
        table = try builder.build()
    }

    public func lookup(_ url: String) -> Int {
        if case .matched(let match) = table.match(url) { return match.value }
        return -1
    }

    public func expectedAnswer(for request: Request, position: Int) -> Int { 0 }
}

/// The requests a handler kept: each URL opened once, untimed, on a router whose handler of
/// `Route.pattern` stores its request (a handler may keep its request), so that a lookup can
/// read a prepared match with public API only.
final class KeptRequests<Route: BenchmarkedRoute>: Sendable {
    let router: Router

    /// Where the handler leaves its request: made before the router, whose handler captures it.
    private final class Slot: Sendable {
        let request = Mutex<RouteRequest?>(nil)
    }
    private let slot: Slot

    init(routes: [String]) throws {
        let slot = Slot()
        router = try typedWorkloadRouter(Route.self, routes: routes, witness: Witness()) { registrar in
            registrar.action(Route.pattern) { request in slot.request.withLock { $0 = request } }
        }
        self.slot = slot
    }

    /// The request the handler of `Route.pattern` received for `url`.
    func request(for url: String) -> RouteRequest {
        slot.request.withLock { $0 = nil }
        guard router.open(url).isHandled, let request = slot.request.withLock({ $0 }) else {
            preconditionFailure("\(Route.workloadName): \(url) did not reach \(Route.pattern)")
        }
        return request
    }
}

/// `request.decode(Route.self)` on a request a handler kept: the decode alone, from a prepared
/// match, plus the lookup of the route type's shape (`TypedRouteShape.of`, under a lock) that
/// this public entry point makes on every call. Its allocations are the decode's.
public struct KeptRequestDecode<Route: BenchmarkedRoute>: Contender {
    public static var name: String { TypedContenderName.keptDecode }

    let requests: KeptRequests<Route>

    public init(routes: [String]) throws {
        requests = try KeptRequests(routes: routes)
    }

    public func call(for request: Request, position: Int) -> RouteRequest {
        requests.request(for: request.url)
    }

    public func lookup(_ request: RouteRequest) -> Int {
        (try? request.decode(Route.self))?.witness ?? -1
    }

    public func expectedAnswer(for request: Request, position: Int) -> Int {
        Route.sample(for: request.url).value.witness
    }
}

/// The same properties read by name from a kept request (`request.int("id")`, …): the string
/// handler's counterpart of ``KeptRequestDecode``.
public struct KeptRequestReadsByName<Route: BenchmarkedRoute>: Contender {
    public static var name: String { TypedContenderName.keptReadsByName }

    let requests: KeptRequests<Route>

    public init(routes: [String]) throws {
        requests = try KeptRequests(routes: routes)
    }

    public func call(for request: Request, position: Int) -> RouteRequest {
        requests.request(for: request.url)
    }

    public func lookup(_ request: RouteRequest) -> Int {
        Route(readingByName: request)?.witness ?? -1
    }

    public func expectedAnswer(for request: Request, position: Int) -> Int {
        Route.sample(for: request.url).value.witness
    }
}
