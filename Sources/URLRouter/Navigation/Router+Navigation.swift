extension Router {
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
    ///   route is not a typed route, or its parents go deeper than
    ///   ``Options/maxNavigationDepth``.
    public func plan(for link: some RouteLink, source: OpenSource? = nil) throws(NavigationError) -> NavigationPlan {
        let url: String
        do { url = try link.routeURL() } catch { throw .notOpened(.refused(.unwritable(error)), url: link.unwrittenURL) }
        guard case .route(let lookup, let match, _) = dryRun(url, source: source, accepting: { _ in true }) else {
            throw .notOpened(resolve(url, source: source), url: url)
        }
        guard let decoding = lookup.snapshot.routes.typedDecoding(of: match.index),
              case .success(let value) = decoding.value(match.parameters, match.query) else {
            throw .notTypedRoute(lookup.snapshot.routes[match.index].info, url: url)
        }
        return try plan(endingWith: value, url: url)
    }

    /// The plan whose top is `value`: its parents below it, up to the first root.
    func plan(endingWith value: any TypedRoute, url: String) throws(NavigationError) -> NavigationPlan {
        if value is any RootRoute { return NavigationPlan(root: AnyRoute(any: value), stack: []) }
        var stack: [any TypedRoute] = [value]
        var root: AnyRoute?
        var next = value.parent
        while let parent = next {
            if parent is any RootRoute {
                root = AnyRoute(any: parent)
                break
            }
            guard stack.count <= options.maxNavigationDepth else { throw .tooDeep(options.maxNavigationDepth, url: url) }
            stack.append(parent)
            next = parent.parent
        }
        return NavigationPlan(root: root, stack: stack.reversed().map { AnyRoute(any: $0) })
    }

    /// A plan read back from its URLs (``NavigationPlan/urls``), as state restoration saved
    /// them: each URL that still opens a typed route becomes its value, from the app's source;
    /// a URL that no longer does (a route removed, a value that no longer decodes) is left out
    /// and listed in ``NavigationPlan/dropped``. A ``RootRoute`` first is the root.
    /// - Parameter urls: the saved URLs, the root's first.
    /// - Returns: the plan; never fails.
    public func restore(_ urls: [String]) -> NavigationPlan {
        var root: AnyRoute?
        var stack: [AnyRoute] = []
        var dropped: [String] = []
        for url in urls {
            guard case .route(let lookup, let match, _) = dryRun(url, source: .app, accepting: { _ in true }),
                  let decoding = lookup.snapshot.routes.typedDecoding(of: match.index),
                  case .success(let value) = decoding.value(match.parameters, match.query) else {
                dropped.append(url)
                continue
            }
            if root == nil, stack.isEmpty, value is any RootRoute {
                root = AnyRoute(any: value)
            } else {
                stack.append(AnyRoute(any: value))
            }
        }
        return NavigationPlan(root: root, stack: stack, dropped: dropped)
    }
}

extension Snapshot {
    /// The typed routes whose chains of parents are wrong: a parent type no module registered,
    /// a cycle, a chain deeper than the limit; each naming the type, its pattern and its module.
    static func parentProblems(of registry: Registry) -> [RegistrationError.Problem] {
        let registrations = registry.modules.flatMap { module in
            module.routes.typedRegistrations.map { (module: module.name, pattern: $0.pattern, decoding: $0.decoding) }
        }
        let registered = Set(registrations.map(\.decoding.typeName))
        var problems: [RegistrationError.Problem] = []
        for (module, pattern, decoding) in registrations where decoding.parents.isKnown {
            let chain = decoding.parents
            // Named only for a problem: most chains have none, and a table has hundreds.
            func type() -> String { decoding.typeName.split(separator: ".").last.map(String.init) ?? decoding.typeName }
            func report(_ reason: String) {
                problems.append(.parents(type: type(), reason: reason, pattern: pattern, module: module))
            }
            if chain.isCycle {
                report("its parents come back to a value they passed: " + ([type()] + chain.parents.map(\.name)).joined(separator: " → "))
            } else if chain.parents.count > registry.maxNavigationDepth {
                report("it has \(chain.parents.count) parents, more than the limit of \(registry.maxNavigationDepth) (Router.Options(maxNavigationDepth:))")
            }
            var reported: Set<ParentChain.Parent> = []
            for parent in chain.parents where !registered.contains(parent.qualifiedName) && reported.insert(parent).inserted {
                report("its parent type \(Echo.quoted(parent.name)) is not a registered typed route")
            }
        }
        return problems
    }
}
