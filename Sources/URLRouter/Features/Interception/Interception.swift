import PatternMatcher

/// What an interceptor decides about an open (``RouteRegistrar/intercept(_:name:priority:decide:)``).
///
/// A decision is a value, not a callback: an interceptor cannot forget to call anything, so
/// it can never leave an open, a thread or the router waiting.
public enum Interception: Sendable, Hashable {
    /// Let the open go on: the next interceptor, then the route's handler.
    case proceed
    /// Open `url` instead, matched afresh (and intercepted again), from the original open's
    /// source unless `source` says otherwise: an external open redirected to an internal
    /// route reaches it only when the interceptor writes `source: .app`.
    case redirect(to: String, source: OpenSource? = nil)
    /// Stop the open; `reason` says why (it is reported, never shown to a deep link's sender).
    case reject(String)

    /// Open the URL of a typed route value instead (see ``redirect(to:source:)-enum.case``).
    ///
    /// ```swift
    /// routes.intercept("reader://account/**") { _ in
    ///     session.isLoggedIn ? .proceed : .redirect(to: LoginRoute())
    /// }
    /// ```
    /// A value that cannot be written as a URL rejects the open, naming why.
    public static func redirect<R: TypedRoute>(to route: R, source: OpenSource? = nil) -> Interception {
        do { return .redirect(to: try route.url(), source: source) } catch {
            return .reject("the redirect's value cannot be written as a URL: \(error)")
        }
    }
}

/// An interceptor as results, previews and the route map name it.
///
/// A value held as one reference, made once at registration: the requests and results of
/// every intercepted open copy it with one retain, where its three strings inline took a
/// retain each.
public struct InterceptorInfo: Sendable, Hashable, CustomStringConvertible {
    private final class Storage: Sendable {
        let pattern: String
        let name: String?
        let module: String
        let priority: Int
        let isAsync: Bool

        init(pattern: String, name: String?, module: String, priority: Int, isAsync: Bool) {
            self.pattern = pattern
            self.name = name
            self.module = module
            self.priority = priority
            self.isAsync = isAsync
        }
    }
    private let storage: Storage

    /// The pattern whose matching URLs it sees.
    public var pattern: String { storage.pattern }
    /// Its name, if it was given one.
    public var name: String? { storage.name }
    /// The module that registered it (`Redirects` for an installed redirect table).
    public var module: String { storage.module }
    /// Among interceptors of the same pattern shape, higher runs first.
    public var priority: Int { storage.priority }
    /// Whether it must be awaited (``RouteRegistrar/asyncIntercept(_:name:priority:decide:)``).
    public var isAsync: Bool { storage.isAsync }

    init(pattern: String, name: String?, module: String, priority: Int, isAsync: Bool) {
        storage = Storage(pattern: pattern, name: name, module: module, priority: priority, isAsync: isAsync)
    }

    /// Whether two descriptions are of the same interceptor: the same pattern, name, module,
    /// priority and kind.
    public static func == (lhs: InterceptorInfo, rhs: InterceptorInfo) -> Bool {
        lhs.storage === rhs.storage
            || (lhs.pattern == rhs.pattern && lhs.name == rhs.name && lhs.module == rhs.module
                && lhs.priority == rhs.priority && lhs.isAsync == rhs.isAsync)
    }

    /// Hashes what `==` compares.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(pattern)
        hasher.combine(name)
        hasher.combine(module)
        hasher.combine(priority)
        hasher.combine(isAsync)
    }

    /// The name (or the pattern), and the module; bounded and escaped.
    public var description: String {
        "interceptor " + (name.map { "'\(Echo.quoted($0))' " } ?? "") + "\(Echo.quoted(pattern)) [\(Echo.quoted(module))]"
    }
}

/// The open as its interceptors see it: what the ``InterceptedRequest``s of one run of an
/// open's interceptors share, made once for them instead of copied into each request (its
/// references, each retained and released, and the route's match).
///
/// Holds no handler and no interceptor: an interceptor that keeps its request keeps this
/// object, and a reference from it back to the closures would make a cycle.
final class InterceptionSubject: Sendable {
    let url: String
    let source: OpenSource
    let userInfo: [String: any Sendable]
    /// The route the open would run first, unread; `nil` when no route matches.
    let route: RouteLead?
    let redirectedFrom: RedirectOrigin?
    let router: WeakRouter

    init(url: String, source: OpenSource, userInfo: [String: any Sendable], route: RouteLead?,
         redirectedFrom: RedirectOrigin?, router: WeakRouter) {
        self.url = url
        self.source = source
        self.userInfo = userInfo
        self.route = route
        self.redirectedFrom = redirectedFrom
        self.router = router
    }
}

/// What an interceptor sees of an open.
public struct InterceptedRequest: Sendable {
    /// The URL being opened.
    public var url: String { subject.url }
    /// Where the open came from.
    public var source: OpenSource { subject.source }
    /// The caller's data.
    public var userInfo: [String: any Sendable] { subject.userInfo }
    /// The route the open would run first, with its parameters, or `nil` when no route
    /// matches (an interceptor may redirect a URL that nothing handles). Decoded when read:
    /// an interceptor that never looks costs nothing.
    public var route: ResolvedRoute? {
        subject.route.map { ResolvedRoute(route: $0.info, match: $0.match) }
    }
    /// The URL read as the typed route `R` (see <doc:TypedRoutes>): from the matched route's
    /// parameters when `R` is the type registered for that route, else by `R`'s own pattern,
    /// matched with the router's `MatchOptions` (its size limits, case folding and query
    /// reading). ``TypedRoute/init(parsing:)``, which has no router, uses the defaults. Either
    /// way, the ``InAppLink`` values it carries are checked against the open being intercepted.
    ///
    /// ```swift
    /// routes.intercept("reader://book/**") { request in
    ///     guard let book = try? request.decode(BookRoute.self) else { return .proceed }
    ///     return store.isLocked(book.id) ? .redirect(to: PaywallRoute(book: book.id)) : .proceed
    /// }
    /// ```
    /// - Throws: ``TypedRouteError`` when the URL is not an `R` or its values do not decode.
    public func decode<R: TypedRoute>(_ type: R.Type) throws(TypedRouteError) -> R {
        let shape = TypedRouteShape.of(type)
        // Asked while the open is being intercepted: its context is the one bound.
        let links = LinkCheck(router: subject.router, source: source, context: OpenContext.current)
        if let route = subject.route, route.info.isTypedRoute(type) {
            return try shape.decode(type, parameters: route.match.parameters, query: route.match.query,
                                    matchesOwnPattern: true, links: links)
        }
        guard let options = subject.router.router?.options.matching else { return try shape.parse(url, as: type, links: links) }
        return try shape.parse(url, as: type, options: options, links: links)
    }

    /// The parameters the interceptor's own pattern captured, decoded when read.
    public var interceptorParameters: [String: String] { interceptorMatch.parameters.dictionary }
    /// The interceptor being asked.
    public let interceptor: InterceptorInfo
    /// Where this open was redirected from, when an interceptor redirected it here.
    public var redirectedFrom: RedirectOrigin? { subject.redirectedFrom }
    private let subject: InterceptionSubject
    private let interceptorMatch: MatchedRoute

    /// The router, held weakly, so an interceptor can look up a service (a session) by URL.
    /// For an external open it is bound to that source, as ``RouteRequest/router`` is.
    public var router: Router? { subject.router.router?.bound(to: subject.source) }

    init(subject: InterceptionSubject, interceptor: InterceptorInfo, interceptorMatch: MatchedRoute) {
        self.subject = subject
        self.interceptor = interceptor
        self.interceptorMatch = interceptorMatch
    }
}

/// The open an interceptor redirected: what a login screen reopens once the user has
/// logged in, with the original source and user info.
///
/// ```swift
/// routes.mainActorAction("reader://login") { request in
///     let origin = request.redirectedFrom          // kept by the login screen
///     showLogin { origin?.reopen(with: request.router) }
/// }
/// ```
public struct RedirectOrigin: Sendable, CustomStringConvertible {
    /// The URL that was being opened.
    public let url: String
    /// Its source: a deep link stays a deep link when it is reopened.
    public let source: OpenSource
    /// The caller's data.
    public let userInfo: [String: any Sendable]
    /// The interceptor that redirected it.
    public let interceptor: InterceptorInfo

    /// Opens the original URL again, with its source and user info (interceptors run
    /// again: a login gate now lets it through).
    /// - Returns: the open's result, or `nil` when `router` is `nil`.
    @discardableResult
    public func reopen(with router: Router?, completion: RouteCompletion? = nil) -> OpenResult? {
        router?.open(url, userInfo: userInfo, source: source, completion: completion)
    }

    /// Opens the original URL again and awaits it; see ``reopen(with:completion:)``.
    @discardableResult
    public func reopenAndWait(with router: Router?) async -> OpenResult? {
        await router?.openAndWait(url, userInfo: userInfo, source: source)
    }

    /// The URL (bounded, escaped, userinfo hidden), its source and the interceptor.
    public var description: String {
        "'\(Echo.quotedURL(url))' (source: \(source)), redirected by \(interceptor)"
    }
}

/// One rule of a redirect table: URLs matching `from` open `to` instead, with the
/// parameters `from` captured written into `to` by name, and the query carried over.
public struct RedirectRule: Sendable, Hashable, CustomStringConvertible {
    /// The pattern of the old URLs, for example `reader://b/:id`.
    public let from: String
    /// The pattern of the new URLs, for example `reader://book/:id`.
    public let to: String

    /// Creates a rule.
    public init(from: String, to: String) {
        self.from = from
        self.to = to
    }

    /// `from → to`, bounded and escaped.
    public var description: String { "\(Echo.quoted(from)) → \(Echo.quoted(to))" }
}
