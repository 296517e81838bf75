extension Router {
    /// Opens a link as screens (see <doc:Navigation>): the same open as `open`, whose purpose is
    /// a plan. The link arrives as any open does (a held external link waits for
    /// ``releaseHeldOpens()``; the observer is told), the interceptors run (a login gate
    /// redirects or rejects it; an asynchronous one is awaited), then the typed route `open`
    /// would run is decoded once, planned with its parents and handed to the navigator
    /// (`Router.Options(navigator:)`) with the steps from what it shows. No handler runs.
    ///
    /// ```swift
    /// let plan = try await router.navigate(to: "reader://book/42/chapter/3", source: .external)
    /// ```
    /// A navigation an interceptor redirected (to a login screen, say) gives the plan of the
    /// URL it was sent to, and ``NavigationPlan/redirectedFrom`` names the link asked for:
    /// after login, `navigate(to: plan.redirectedFrom!)` lands where the user meant.
    /// - Parameters:
    ///   - link: the link: a URL, or a ``TypedRoute`` value.
    ///   - source: as for `open`.
    /// - Returns: the plan shown (or to show, without a navigator).
    /// - Throws: ``NavigationError``: the link was held (``NavigationError/stopped`` is
    ///   ``OpenResult/held(_:)``), an interceptor rejected it (or its redirects looped), or
    ///   there is no plan for the URL it let through.
    public func navigate(to link: some RouteLink, source: OpenSource? = nil) async throws(NavigationError) -> NavigationPlan {
        let url: String
        do { url = try link.routeURL() } catch { throw .notOpened(.refused(.unwritable(error)), url: link.unwrittenURL) }
        var state = RunState()
        let result = await runAwaiting(url, .navigate(coldStart: startsNavigating()), source: source, userInfo: Dictionary(),
                                       channel: nil, state: &state)
        if case .plan(let plan) = state.taken, result.handledRoute != nil { return plan }
        throw NavigationError(result, state, url: url)
    }

    /// Whether this navigation is the router's first, which its placement sees as a cold
    /// start; the next ones are not.
    private func startsNavigating() -> Bool {
        hasNavigated.withLock { hasNavigated in
            defer { hasNavigated = true }
            return !hasNavigated
        }
    }

    /// The screens a link names, without running anything (see <doc:Navigation>): the typed
    /// route `open` would run for `link` (decoded, as a dry run decodes), below it its parents
    /// (``TypedRoute/parent``), and the first ``RootRoute`` among them as the root.
    ///
    /// ```swift
    /// let plan = try router.plan(for: "reader://book/42/chapter/3", source: .external)
    /// plan.root     // AnyRoute(ShelfRoute())
    /// plan.stack    // [AnyRoute(BookRoute(id: 42)), AnyRoute(ChapterRoute(book: 42, n: 3))]
    /// ```
    /// An external source plans only to what it could open (the same answer as `open`); the
    /// parents are values the app derives, and may be internal routes.
    /// - Parameters:
    ///   - link: the link: a URL, or a ``TypedRoute`` value.
    ///   - source: as for `open`.
    /// - Throws: ``NavigationError``: no route would run (``NavigationError/resolution``), the
    ///   route is not a typed route, a parent cannot be written as a URL
    ///   (``NavigationError/unwritableRoute``), its parents come back to a value they passed
    ///   (a cycle), or they go deeper than ``Options/maxNavigationDepth``.
    public func plan(for link: some RouteLink, source: OpenSource? = nil) throws(NavigationError) -> NavigationPlan {
        let url: String
        do { url = try link.routeURL() } catch { throw .notOpened(.refused(.unwritable(error)), url: link.unwrittenURL) }
        let (result, state) = dryRun(url, source: source)
        guard let route = result.handledRoute, case .route(_, let value, let presentations) = state.taken else {
            throw .notOpened(Resolution(result, state), url: url)
        }
        guard let value else { throw .notTypedRoute(route, url: url) }
        // A switched-off route's fallback (see <doc:RulesFromAServer>) is planned, from the link asked for.
        var (planned, last) = (url, result)
        while case .redirected(_, let target, let next) = last { (planned, last) = (target, next) }
        return try plan(endingWith: value, url: planned, redirectedFrom: planned == url ? nil : url,
                        presentations: presentations)
    }

    /// The plan whose top is `value`: its parents below it, up to the first root, each written
    /// as a URL (a plan's URLs are what state restoration saves).
    /// - Parameters:
    ///   - redirectedFrom: the link an interceptor redirected to `url`, if one did.
    ///   - presentations: the installed rules' overrides (see <doc:RulesFromAServer>), of the
    ///     table that matched `url`; `nil`: each route as it declares.
    func plan(endingWith value: any TypedRoute, url: String, redirectedFrom: String? = nil,
              presentations: PresentationOverrides?) throws(NavigationError) -> NavigationPlan {
        func written(_ route: any TypedRoute, isParent: Bool = true) throws(NavigationError) -> AnyRoute {
            do {
                return try AnyRoute(writing: route)
            } catch {
                throw .unwritable(error, isParent: isParent, url: url)
            }
        }
        if value is any RootRoute {
            return NavigationPlan(root: try written(value, isParent: false), stack: [], redirectedFrom: redirectedFrom)
        }
        var chain: [any TypedRoute] = [value]
        var root: AnyRoute?
        var next = value.parent
        while let parent = next {
            if parent is any RootRoute {
                root = try written(parent)
                break
            }
            guard chain.count <= options.maxNavigationDepth else {
                throw Self.cycle(in: chain + [parent], url: url) ?? .tooDeep(options.maxNavigationDepth, url: url)
            }
            chain.append(parent)
            next = parent.parent
        }
        var layers = Layers()
        for (index, route) in chain.enumerated().reversed() {
            layers.append(try written(route, isParent: index > 0), presentations.presentation(of: type(of: route)))
        }
        return NavigationPlan(root: root, stack: layers.stack, modals: layers.modals, redirectedFrom: redirectedFrom)
    }

    /// A plan's stack and modal layers, built bottom first: a route presented modally starts a
    /// layer, and the routes after it are pushed inside it (what a plan makes, and a restore
    /// makes again from the plan's URLs).
    struct Layers {
        private(set) var stack: [AnyRoute] = []
        /// The layers below the top one.
        private var below: [ModalLayer] = []
        /// The top layer, still growing: kept apart so that a route pushed in it is appended,
        /// not copied with the layer (a restore may read many URLs).
        private var top: (presentation: Presentation, stack: [AnyRoute])?

        var modals: [ModalLayer] { below + (top.map { [ModalLayer(presentation: $0.presentation, stack: $0.stack)] } ?? []) }
        var isEmpty: Bool { stack.isEmpty && top == nil }

        mutating func append(_ route: AnyRoute, _ presentation: Presentation) {
            if presentation.isModal {
                if let top { below.append(ModalLayer(presentation: top.presentation, stack: top.stack)) }
                top = (presentation, [route])
            } else if top != nil {
                top?.stack.append(route)
            } else {
                stack.append(route)
            }
        }
    }

    /// The cycle in a chain of parents too deep to plan, when a value comes back in it: its
    /// parents are computed from its values at run time, so registration, which reads them
    /// from one probe value, cannot see every cycle. Looked for only past the depth limit.
    private static func cycle(in chain: [any TypedRoute], url: String) -> NavigationError? {
        var seen: Set<AnyHashable> = []
        for route in chain {
            guard seen.insert(AnyHashable(route)).inserted else { return .parentCycle(TypeName.plain(type(of: route)), url: url) }
        }
        return nil
    }

    /// A plan read back from its URLs (``NavigationPlan/urls``), as state restoration saved
    /// them: each URL that still opens a typed route from `source` becomes its value, decoded
    /// once; a URL that no longer does (a route removed, a value that no longer decodes, a
    /// value that cannot be written back) is left out and listed in
    /// ``NavigationPlan/dropped``. A ``RootRoute`` first is the root; a route presented
    /// modally (``TypedRoute/presentation``, or the installed rules' override of it) starts a
    /// layer of ``NavigationPlan/modals``, as in the plan the URLs came from, so
    /// `restore(plan.urls)` is `plan` again.
    ///
    /// ```swift
    /// let plan = router.restore(savedURLs)                              // the app's own state
    /// let handedOff = router.restore(activityURLs, source: .external)   // state from elsewhere
    /// ```
    /// Each URL is read as an open from `source` would read it: from ``OpenSource/external``
    /// (state handed off from another device, or carried in a link) internal routes and URLs
    /// with userinfo are dropped, as an external open refuses them.
    /// - Parameters:
    ///   - urls: the saved URLs, the root's first.
    ///   - source: as for `open`; `nil` (the default) means the source of the open being
    ///     handled on this task or thread, so a handler of a deep link restores as a deep
    ///     link, and ``OpenSource/app`` outside any handler.
    /// - Returns: the plan; never fails. Its ``NavigationPlan/redirectedFrom`` is `nil`: that
    ///   tells how a navigation got to its plan, not what is on screen, so a redirected plan's
    ///   URLs restore to the same screens without it.
    public func restore(_ urls: [String], source: OpenSource? = nil) -> NavigationPlan {
        var root: AnyRoute?
        var layers = Layers()
        var dropped: [String] = []
        // One document's presentations for every layer, though each URL is read on its own.
        let presentations = current.presentations
        for url in urls {
            let (result, state) = dryRun(url, source: source)
            guard result.handledRoute != nil, case .route(_, let value?, _) = state.taken,
                  let route = try? AnyRoute(writing: value) else {
                dropped.append(url)
                continue
            }
            if root == nil, layers.isEmpty, value is any RootRoute {
                root = route
            } else {
                layers.append(route, presentations.presentation(of: type(of: value)))
            }
        }
        return NavigationPlan(root: root, stack: layers.stack, modals: layers.modals, dropped: dropped)
    }
}

extension NavigationError {
    /// Why a navigation that ended with `result` has no plan.
    init(_ result: OpenResult, _ state: RunState, url: String) {
        var last = result
        var url = url
        while case .redirected(_, let target, let next) = last { (last, url) = (next, target) }
        switch last {
        case .failed(_, let error as NavigationError): self = error
        case .unmatched, .declined, .failed: self = .notOpened(Resolution(last, state), url: url)
        default: self = .stopped(last, url: url)
        }
    }
}

extension Snapshot {
    /// The typed routes whose chains of parents are wrong: a parent type no module registered,
    /// a cycle, a chain deeper than the limit; each naming the type, its pattern and its module.
    static func parentProblems(of registry: Registry) -> [RegistrationError.Problem] {
        // The registered types by identity (a pointer compares for less than a name), made at
        // the first chain with parents: most tables have none.
        var registered: IdentityTable<Void>?
        var problems: [RegistrationError.Problem] = []
        // In no order: the error sorts its problems. A chain without parents has nothing to
        // check (nor has an unknown one).
        for module in registry.modules {
            for (index, decoding) in module.routes.typedDecodings.all where !decoding.parents.parents.isEmpty {
                let chain = decoding.parents
                // Named only for a problem: most chains have none, and a table has hundreds.
                func type() -> String { TypeName.plain(decoding.type) }
                func report(_ reason: String) {
                    problems.append(.parents(type: type(), reason: reason, pattern: module.routes.patterns[index],
                                             module: module.name))
                }
                if chain.isCycle {
                    report("its parents come back to a value they passed: " + ([type()] + chain.parents.map(\.name)).joined(separator: " → "))
                } else if chain.parents.count > registry.maxNavigationDepth {
                    report("it has \(chain.parents.count) parents, more than the limit of \(registry.maxNavigationDepth) (Router.Options(maxNavigationDepth:))")
                }
                let types = registered ?? registeredTypes(of: registry)
                registered = types
                var reported: Set<ParentChain.Parent> = []
                for parent in chain.parents where types[parent.typeID] == nil && reported.insert(parent).inserted {
                    report("its parent type \(Echo.quoted(parent.name)) is not a registered typed route")
                }
            }
        }
        return problems
    }

    /// The typed route types `registry` registers.
    private static func registeredTypes(of registry: Registry) -> IdentityTable<Void> {
        var types = IdentityTable<Void>()
        for module in registry.modules {
            for decoding in module.routes.typedDecodings.values { types.keep((), for: ObjectIdentifier(decoding.type)) }
        }
        return types
    }
}
