@_exported import PatternMatcher

/// Routes URLs between the modules of an app (and of a server).
///
/// The app lists its modules once; the registration phase validates the whole table and
/// reports every problem at once; the result is an immutable table that any thread reads
/// without waiting for a lock held during work.
///
/// ```swift
/// let router = try Router(modules: [BookshelfModule.self, BookDetailModule.self]) { routes in
///     routes.action("reader://**", name: "fallback") { request in print("no screen for", request.url) }
/// }
/// router.open("reader://book/42?from=shelf")
/// router.open("reader://book/42", source: .external)     // a deep link: external routes only
/// let url = try router.url(for: "book", parameters: ["id": "7"])
/// ```
///
/// Registration after start-up (``register(_:)``, ``deregister(pattern:)``,
/// ``deregister(_:)``, ``removeAll()``) builds a new table and publishes it atomically:
/// an open sees the old table or the new one, never half a change. No user code (a
/// handler, a factory, a converter, or the `deinit` of something the router releases)
/// runs while a router lock is held, so any of them may use the router.
public final class Router: Sendable, CustomStringConvertible {
    /// How a router reads URLs and what it does with those nothing matches.
    public struct Options: Sendable {
        /// Case folding, the reading of a query's `+` and limits for matching (Matching rules).
        public var matching: MatchOptions
        /// Told about URLs that no route matches.
        public var unmatched: UnmatchedHandler?
        /// How many opens may be handled one inside another (a handler that opens a URL
        /// whose handler opens another...) on one task or thread, counting `open`,
        /// `await open` and `object(for:)`. One more is refused with
        /// ``Refusal/nestingLimit(_:firstURL:)``, so a forwarding route fed a crafted deep
        /// link ends in a result, never in a stack overflow, whatever the thread's stack
        /// size. Default: 16 (about 40 KB of stack). Redirects do not add to the stack: an
        /// open follows them one after another, not one inside another.
        public var maxNestedOpens: Int

        /// How many redirects (by interceptors and redirect rules) one open may follow. One
        /// more ends the open with ``Refusal/redirectLoop(_:)``, which lists the chain. The
        /// redirects are followed in a loop, so a chain uses the stack of one open; the result
        /// nests one ``OpenResult/redirected(_:to:_:)`` per redirect. Default: 5.
        public var maxRedirects: Int

        /// How many parents a typed route's chain may have (see <doc:Navigation>): a deeper
        /// chain is a registration problem, and ``Router/plan(for:source:)`` stops there.
        /// Default: 8.
        public var maxNavigationDepth: Int

        /// The app's navigation, handed the plans of ``Router/navigate(to:source:)`` and the
        /// objects main-actor object routes make for opens (see <doc:Navigation>); `nil` (the
        /// default): plans are returned, objects go to the open's completion only.
        public var navigator: (any Navigator)?

        /// Told once per top-level open, after its outcome is known (see <doc:OpeningURLs>,
        /// "Observing every open"): analytics, tracing. `nil` (the default): nothing is measured.
        public var observer: (@Sendable (OpenEvent) -> Void)?

        /// Where a navigation's screens land among those on screen (see <doc:Navigation>),
        /// by the link's source and whether it is a cold start: the first
        /// ``Router/navigate(to:source:)`` since the router was made, or a link the first
        /// ``Router/releaseHeldOpens()`` replays. The navigator is handed the steps it gives.
        /// Default: ``Placement/replace`` on a cold start, ``Placement/keepCommonPrefix`` when warm.
        public var placement: @Sendable (OpenSource, _ coldStart: Bool) -> Placement

        /// The ways the app's links arrive: its custom scheme and its universal-link hosts
        /// (see <doc:MatchingRules>, "Origins"). Empty (the default): URLs match as written.
        public var origins: [Origin]

        /// Seconds within which the same URL from the same external channel opens once (see
        /// <doc:WhereLinksComeFrom>, "Open once"): the second is refused with
        /// ``Refusal/duplicate(within:)``. Counts top-level opens and navigations from an
        /// external channel; opens from the app, dry runs, object lookups, replays of held opens,
        /// redirects and nested opens never count. At most 256 links are remembered. Default: 0, off (a widget tapped twice on purpose opens
        /// twice). 1 s suits an app whose scene delegate and `onOpenURL` can both deliver a link.
        public var duplicateWindow: Double

        /// The query items an observer sees unredacted in ``OpenEvent/campaign`` (and in
        /// ``OpenEvent/url``), whatever the route: marketing parameters. Routing and typed
        /// decoding ignore them. Default: ``defaultCampaignItems``.
        public var campaignItems: Set<String>

        /// The `utm_*` five, `gclid` and `fbclid`.
        public static let defaultCampaignItems: Set<String> = [
            "utm_source", "utm_medium", "utm_campaign", "utm_term", "utm_content", "gclid", "fbclid",
        ]

        /// Creates options.
        /// - Parameters:
        ///   - matching: case folding and limits for matching.
        ///   - unmatched: told about URLs that no route matches.
        ///   - maxNestedOpens: how many opens may be handled one inside another.
        ///   - maxRedirects: how many redirects one open may follow.
        ///   - origins: the app's custom scheme and universal-link hosts, so that one route in
        ///     the custom-scheme form serves both kinds of link.
        ///   - maxNavigationDepth: how many parents a typed route's chain may have.
        ///   - navigator: the app's navigation, handed plans and screens.
        ///   - observer: told once per top-level open, after its outcome is known.
        ///   - placement: where a navigation's screens land, by source and cold start.
        ///   - duplicateWindow: seconds within which the same URL from the same external
        ///     channel opens once; 0 (the default) is off.
        ///   - campaignItems: the query items observers see unredacted, in ``OpenEvent/campaign``.
        public init(matching: MatchOptions = MatchOptions(), unmatched: UnmatchedHandler? = nil,
                    maxNestedOpens: Int = 16, maxRedirects: Int = 5, origins: [Origin] = [],
                    maxNavigationDepth: Int = 8, navigator: (any Navigator)? = nil,
                    observer: (@Sendable (OpenEvent) -> Void)? = nil,
                    placement: @escaping @Sendable (OpenSource, _ coldStart: Bool) -> Placement = { _, coldStart in
                        coldStart ? .replace : .keepCommonPrefix
                    },
                    duplicateWindow: Double = 0, campaignItems: Set<String> = Options.defaultCampaignItems) {
            self.duplicateWindow = duplicateWindow
            self.campaignItems = campaignItems
            self.navigator = navigator
            self.observer = observer
            self.placement = placement
            self.matching = matching
            self.unmatched = unmatched
            self.maxNestedOpens = maxNestedOpens
            self.maxRedirects = maxRedirects
            self.origins = origins
            self.maxNavigationDepth = maxNavigationDepth
        }
    }

    /// The name under which routes registered inline (in the initializer's closure) are reported.
    public static let inlineModuleName = "App"
    /// The module name of the rules installed at run time (``install(_:allowingHosts:)``,
    /// ``installRedirects(_:allowingHosts:)``): their redirects, and the redirect that sends a
    /// switched-off route to its fallback.
    public static let redirectsModuleName = "Redirects"

    let options: Options
    /// The declared origins, read for every lookup; `nil` when there are none.
    let origins: DeclaredOrigins?
    /// The published table: read under the lock only to copy one reference.
    private let published: Locked<Snapshot>
    /// What is registered: changed only by one writer at a time.
    private let registry: Locked<Registry>
    /// The external opens held until the app is ready (``holdExternalOpens(limit:maxAge:)``).
    let holds: Locked<HeldOpens>
    /// The external opens of the last ``Options/duplicateWindow`` seconds.
    let recentOpens: Locked<RecentOpens>
    /// Whether a navigation has arrived yet: the first is a cold start (`Options.placement`).
    let hasNavigated: Locked<Bool>
    /// This router, held weakly, for the requests handed to handlers and interceptors.
    let weakReference: WeakRouter
    /// The source every open through this router is narrowed to: `nil` for a router made by
    /// an initializer; an external source for the view a deep link's request hands out
    /// (``RouteRequest/router``), so that no route it reaches, at any time and on any thread,
    /// is one its source could not reach.
    let boundSource: OpenSource?

    /// Registers `modules` (and the routes declared in `routes`), validating everything.
    /// - Parameters:
    ///   - modules: the app's modules, each listed once.
    ///   - options: matching options and the unmatched handler.
    ///   - routes: routes the app declares itself, reported as module ``inlineModuleName``.
    /// - Throws: ``RegistrationError`` listing every invalid pattern, conflict and
    ///   duplicate name, each with its module.
    public init(modules: [any RouteModule.Type] = [], options: Options = Options(),
                routes: (inout RouteRegistrar) -> Void = { _ in }) throws(RegistrationError) {
        self.options = options
        self.weakReference = WeakRouter()
        self.boundSource = nil
        self.holds = Locked(HeldOpens())
        self.recentOpens = Locked(RecentOpens())
        self.hasNavigated = Locked(false)
        switch DeclaredOrigins.make(options.origins) {
        case .success(let declared): self.origins = declared
        case .failure(let error): throw error
        }
        var registry = Registry()
        registry.maxNavigationDepth = options.maxNavigationDepth
        var declared = modules.map { Self.declare($0.moduleName, $0.registerRoutes) }
        let inline = Self.declare(Self.inlineModuleName, routes)
        if !inline.routes.isEmpty || !inline.converters.isEmpty || !inline.interceptors.isEmpty
            || !inline.services.isEmpty || !inline.serviceOverrides.isEmpty || !inline.requirements.isEmpty {
            declared.append(inline)
        }
        var problems: [RegistrationError.Problem] = []
        registry.reserveCapacity(forAdding: declared.count)
        for module in declared {
            if registry.contains(module.name) {
                problems.append(.moduleAlreadyRegistered(module.name))
            } else {
                registry.add(module)
            }
        }
        let snapshot: Snapshot
        do throws(RegistrationError) {
            snapshot = try Snapshot(registry: registry, options: options.matching)
        } catch {
            throw RegistrationError(problems: problems + error.problems)
        }
        guard problems.isEmpty else { throw RegistrationError(problems: problems) }
        self.published = Locked(snapshot)
        self.registry = Locked(registry)
        weakReference.router = self
    }

    /// Ends the external opens it holds: each completion gets `nil` and the observer is told,
    /// at once (``holdExternalOpens(limit:maxAge:)``).
    deinit {
        endHeldOpens()
    }

    /// The same router seen from `source`: its tables, its registrations and its options,
    /// with every open narrowed to `source` (``OpenSource/narrowed(to:)``).
    private init(_ base: Router, boundTo source: OpenSource) {
        options = base.options
        origins = base.origins
        published = base.published
        registry = base.registry
        holds = base.holds
        recentOpens = base.recentOpens
        hasNavigated = base.hasNavigated
        weakReference = base.weakReference
        boundSource = source
    }

    /// This router as code acting for `source` may use it: itself for the app, a view bound
    /// to `source` for an external one.
    func bound(to source: OpenSource) -> Router {
        guard source.isExternal, boundSource != source else { return self }
        return Router(self, boundTo: source)
    }

    /// The current table; lookups hold the lock only to copy this reference.
    var current: Snapshot { published.withLock { $0 } }

    /// What is registered now and the table published from it, read together.
    var registryAndTable: (Registry, Snapshot) { registry.withLock { ($0, published.withLock { $0 }) } }

    /// The routes registered now, in registration order.
    public var routes: [RouteInfo] { current.routes.infos }

    /// The current route tree, as PatternMatcher's `RouteTable` draws it.
    public var description: String { current.all.description }

    private static func declare(_ name: String, _ body: (inout RouteRegistrar) -> Void) -> ModuleRegistration {
        let cache = InstanceStore(moduleName: name)
        var registrar = RouteRegistrar(moduleName: name, targetCache: cache)
        body(&registrar)
        return ModuleRegistration(name: name, routes: registrar.routes, interceptors: registrar.interceptors,
                                  redirects: registrar.redirects,
                                  converters: registrar.converters, targets: cache,
                                  services: registrar.services, serviceOverrides: registrar.serviceOverrides,
                                  requirements: registrar.requirements, typeProblems: registrar.typeProblems)
    }

    // MARK: Registration after start-up

    /// Registers one more module and publishes the new table.
    /// - Throws: ``RegistrationError`` if its routes are invalid, conflict with registered
    ///   ones or reuse a name, or if the module is already registered; the router is then
    ///   unchanged.
    public func register(_ module: any RouteModule.Type) throws(RegistrationError) {
        try register(Self.declare(module.moduleName, module.registerRoutes))
    }

    /// Registers routes declared inline under `moduleName`.
    public func register(moduleNamed moduleName: String, routes: (inout RouteRegistrar) -> Void) throws(RegistrationError) {
        try register(Self.declare(moduleName, routes))
    }

    private func register(_ module: ModuleRegistration) throws(RegistrationError) {
        try update(adding: module) { registry throws(RegistrationError) in
            guard !registry.contains(module.name) else {
                throw RegistrationError(problems: [.moduleAlreadyRegistered(module.name)])
            }
            var next = registry
            next.add(module)
            return next
        }
    }

    /// Removes the route registered with exactly `pattern` (as written) and publishes the
    /// new table; every other route stays.
    /// - Returns: whether such a route was registered.
    @discardableResult
    public func deregister(pattern: String) -> Bool {
        (try? update { registry in
            var next = registry
            return next.removeRoute(pattern: pattern) ? next : nil
        }) == true
    }

    /// Removes every route of `module` and releases its cached targets.
    /// - Returns: the number of routes removed.
    @discardableResult
    public func deregister(_ module: any RouteModule.Type) -> Int {
        deregister(moduleNamed: module.moduleName)
    }

    /// Removes every route registered under `moduleName` and releases its cached targets.
    /// - Returns: the number of routes removed.
    @discardableResult
    public func deregister(moduleNamed moduleName: String) -> Int {
        var removed: ModuleRegistration?
        _ = try? update { registry in
            var next = registry
            removed = next.removeModule(moduleName)
            return removed == nil ? nil : next
        }
        removed?.targets.releaseAll()
        return removed?.routes.count ?? 0
    }

    /// Removes every route, module and declared converter.
    public func removeAll() {
        var modules: [ModuleRegistration] = []
        _ = try? update { registry in
            modules = registry.modules
            var emptied = Registry()
            emptied.maxNavigationDepth = registry.maxNavigationDepth
            return emptied
        }
        modules.forEach { $0.targets.releaseAll() }
    }

    /// Drops the cached targets of `module` (CTMediator's `releaseCachedTarget`).
    public func releaseCachedTargets(of module: any RouteModule.Type) {
        releaseCachedTargets(moduleNamed: module.moduleName)
    }

    /// Drops the cached targets of the module registered as `moduleName`.
    public func releaseCachedTargets(moduleNamed moduleName: String) {
        registry.withLock { $0.modules.first { $0.name == moduleName }?.targets }?.releaseAll()
    }

    /// Drops every module's cached targets.
    public func releaseAllCachedTargets() {
        registry.withLock { $0.modules.map(\.targets) }.forEach { $0.releaseAll() }
    }

    /// Applies `change` to the registry and publishes the table for the result; `change`
    /// returns `nil` when there is nothing to do.
    ///
    /// The new table is built with no lock held (building asks converters for their
    /// names, user code), then published only if no other change came first; otherwise
    /// the change is made again on the newer registry. What the change replaces (the old
    /// registry, the old table, with their handlers and whatever those capture) is
    /// released after the locks are, so a `deinit` it runs may use the router.
    /// - Returns: whether a new table was published.
    ///
    /// When the change only adds `module`, which declares no converter, the new table
    /// extends the published one: only the module's routes are parsed and checked.
    @discardableResult
    func update(adding module: ModuleRegistration? = nil,
                _ change: (Registry) throws(RegistrationError) -> Registry?) throws(RegistrationError) -> Bool {
        while true {
            // The published table is the registry's: both change under the registry lock.
            let (base, baseTable) = registryAndTable
            guard var next = try change(base) else { return false }
            next.generation = base.generation + 1
            let snapshot = if let module, module.converters.isEmpty {
                try Snapshot(extending: baseTable, with: module, registry: next, options: options.matching)
            } else {
                try Snapshot(registry: next, options: options.matching)
            }
            let replaced: (Registry, Snapshot)? = registry.withLock { registry in
                guard registry.generation == base.generation else { return nil }
                var old = next
                swap(&registry, &old)
                var table = snapshot
                published.withLock { swap(&$0, &table) }
                return (old, table)
            }
            if replaced != nil { return true }
        }
    }
}

/// A router, held weakly: what a request keeps, so that a kept request keeps neither the
/// router nor its handlers alive. One per router, made with it: a request copies one
/// strong reference to it, where a weak reference of its own was made and released with
/// every request.
///
/// Audit (`@unchecked Sendable`): `router` is written once, at the end of `Router.init`,
/// before the router can reach another thread; afterwards it is only read, and the
/// runtime makes reading a weak reference safe from any thread.
final class WeakRouter: @unchecked Sendable {
    fileprivate(set) weak var router: Router?
}
