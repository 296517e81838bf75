import PatternMatcher

extension Router {
    /// Installs routing rules loaded at run time (see <doc:RulesFromAServer>), replacing the rules
    /// installed before, and publishes them atomically with the routes: an open sees the old
    /// rules or the new ones, never part of a document.
    ///
    /// ```swift
    /// try router.install(try RouteRules(json: downloaded), allowingHosts: ["reader.example.com"])
    /// try router.install(RouteRules())      // back to the shipped table
    /// ```
    /// The whole document is checked against the routes registered now before anything
    /// changes: every route it switches off must be registered (by name, or by pattern for a
    /// route without one); every fallback and every redirect target must be a route links may
    /// reach (an external route: a document from a server may never point at an internal
    /// one), or, for a fallback, an `https` page on a host in `allowedHosts`; every
    /// presentation override must name an external typed route, once, presented as its type
    /// could declare (a ``RootRoute`` is never modal).
    /// - Parameters:
    ///   - rules: the document; ``RouteRules/init()`` removes the installed rules.
    ///   - allowedHosts: hosts (lowercased) a fallback or a redirect may send a link to
    ///     without it being one of the app's routes.
    /// - Throws: ``RouteRulesError`` listing every problem; the router is then unchanged.
    ///
    /// The check and the publication see the same routes: when a module is registered or
    /// unregistered between them, the document is checked again, against the new table.
    public func install(_ rules: RouteRules, allowingHosts allowedHosts: Set<String> = []) throws(RouteRulesError) {
        while true {
            let (checked, generation) = try check(rules, allowingHosts: allowedHosts)
            if try publish(checked, checkedAgainst: generation) { return }
        }
    }

    /// Publishes `rules`, checked against the registry of `generation`, if nothing was
    /// registered or unregistered since.
    /// - Returns: whether they were published; `false` when the table changed after the check.
    package func publish(_ rules: RouteRules, checkedAgainst generation: Int) throws(RouteRulesError) -> Bool {
        do {
            return try update { registry in
                guard registry.generation == generation else { return nil }
                var next = registry
                next.installedRules = rules
                return next
            }
        } catch {
            // The check built this very table with these rules; a failure here is still said.
            throw RouteRulesError(error.problems.map { .init(place: "redirects", $0.description, registration: $0) })
        }
    }

    /// Installs a redirect table loaded at run time: a shorthand for installing a rules
    /// document that holds these redirects and nothing else (``install(_:allowingHosts:)``),
    /// which replaces every installed rule (see <doc:RulesFromAServer>).
    ///
    /// ```swift
    /// try router.installRedirects([RedirectRule(from: "reader://b/:id", to: "reader://book/<int:id>")])
    /// ```
    /// Every rule is validated before anything changes: its patterns must be valid, its
    /// target must get every parameter from the old pattern, and the target must be an
    /// external route's pattern (as registered) or point at a host in `allowedHosts`.
    /// - Parameters:
    ///   - rules: the table; an empty one removes the installed rules.
    ///   - allowedHosts: hosts (lowercased) a rule may point at without being a registered route.
    /// - Throws: ``RegistrationError`` listing every invalid rule (module ``redirectsModuleName``);
    ///   the router is then unchanged.
    public func installRedirects(_ rules: [RedirectRule], allowingHosts allowedHosts: Set<String> = []) throws(RegistrationError) {
        do {
            try install(RouteRules(disabled: [], redirects: rules), allowingHosts: allowedHosts)
        } catch {
            throw RegistrationError(problems: error.found.map { problem in
                if let registration = problem.registration { return registration }
                let rule = Self.index(of: problem.place).flatMap { rules.indices.contains($0) ? rules[$0] : nil }
                    ?? RedirectRule(from: "", to: "")
                return .invalidRedirect(rule, module: Self.redirectsModuleName, reason: problem.message)
            })
        }
    }

    /// The number in `redirects[3].to`.
    private static func index(of place: String) -> Int? {
        guard let open = place.firstIndex(of: "["), let close = place.firstIndex(of: "]") else { return nil }
        return Int(place[place.index(after: open)..<close])
    }

    /// Checks `rules` against the routes registered now, and returns them as they will be
    /// installed (each fallback known as a web page or an app URL).
    /// - Throws: every problem, in the document's order.
    package func validate(_ rules: RouteRules, allowingHosts allowedHosts: Set<String>) throws(RouteRulesError) -> RouteRules {
        try check(rules, allowingHosts: allowedHosts).rules
    }

    /// Checks `rules` as ``validate(_:allowingHosts:)`` does, and says which registry they
    /// were checked against (its generation), for ``publish(_:checkedAgainst:)``.
    package func check(_ rules: RouteRules,
                       allowingHosts allowedHosts: Set<String>) throws(RouteRulesError) -> (rules: RouteRules, generation: Int) {
        let (registry, snapshot) = registryAndTable
        var check = RulesCheck(snapshot: snapshot, allowedHosts: Set(allowedHosts.map { $0.lowercased() }),
                               originHosts: Set(origins?.hosts.keys.map { $0 } ?? []))
        let checked = check.run(rules)
        var problems = check.problems
        // What only the whole table tells (an invalid old pattern, two redirects of one shape)
        // is found by building it; the rest the check above said in the document's terms.
        var next = registry
        next.installedRules = checked
        do {
            _ = try Snapshot(registry: next, options: options.matching)
        } catch {
            for problem in error.problems where !problem.isInvalidRedirect {
                let index = rules.redirects.firstIndex { $0.from == problem.pattern }
                let message = problem.isInterceptorTie
                    ? "'\(Echo.quoted(problem.pattern))' has the shape of another redirect or interceptor, so only one could apply: \(problem)"
                    : problem.description
                problems.append(.init(place: index.map { "redirects[\($0)].from" } ?? "redirects", message, registration: problem))
            }
        }
        guard problems.isEmpty else { throw RouteRulesError(problems) }
        return (checked, registry.generation)
    }
}

/// The check of a rules document against one published table.
struct RulesCheck {
    let snapshot: Snapshot
    let allowedHosts: Set<String>
    /// The router's universal-link hosts: a link there is the app's, not a web page.
    let originHosts: Set<String>
    private(set) var problems: [RouteRulesError.Problem] = []
    /// The route registered by each pattern, as written (one at most: two routes of one shape
    /// conflict at registration).
    private let byPattern: [String: Int]
    /// The route registered by each pattern shape (``shape(of:)``), read on the first fallback
    /// with parameters.
    private lazy var byShape: [String: Int] = {
        var byShape: [String: Int] = [:]
        for (pattern, id) in byPattern {
            if let parsed = try? RoutePattern(pattern, converters: snapshot.converterNames) { byShape[Self.shape(of: parsed)] = id }
        }
        return byShape
    }()

    init(snapshot: Snapshot, allowedHosts: Set<String>, originHosts: Set<String>) {
        self.snapshot = snapshot
        self.allowedHosts = allowedHosts
        self.originHosts = originHosts
        byPattern = snapshot.routes.idsByPattern
    }

    /// The route `name` names: the route of that name, else the route of that pattern.
    func route(named name: String) -> Int? {
        snapshot.names[name] ?? byPattern[name]
    }

    /// Checks every rule, recording each problem; returns the rules with their fallbacks read.
    mutating func run(_ rules: RouteRules) -> RouteRules {
        var disabledBy: [Int: Int] = [:]
        for (index, rule) in rules.disabled.enumerated() {
            guard let id = route(named: rule.route) else {
                problems.append(.init(place: "disabled[\(index)].route",
                                      "no registered route is named or written '\(Echo.quoted(rule.route))'"))
                continue
            }
            if let first = disabledBy[id] {
                problems.append(.init(place: "disabled[\(index)].route",
                                      "'\(Echo.quoted(rule.route))' is switched off already by disabled[\(first)]"))
            } else {
                disabledBy[id] = index
            }
        }
        var disabled: [RouteRules.Disabled] = []
        for (index, rule) in rules.disabled.enumerated() {
            var read = rule
            if let fallback = rule.fallback, let route = route(named: rule.route) {
                read.isWeb = checkFallback(fallback, of: route, at: "disabled[\(index)].fallback", disabled: disabledBy)
            }
            disabled.append(read)
        }
        for (index, rule) in rules.redirects.enumerated() {
            checkRedirect(rule, at: "redirects[\(index)]")
        }
        var overriddenBy: [Int: Int] = [:]
        for (index, rule) in rules.presentations.enumerated() {
            checkPresentation(rule, at: index, overriddenBy: &overriddenBy)
        }
        return RouteRules(disabled: disabled, redirects: rules.redirects, presentations: rules.presentations)
    }

    /// Checks the presentation override at `index`: a registered typed route links may reach,
    /// overridden once, and presented as registration would let it declare.
    private mutating func checkPresentation(_ rule: RouteRules.PresentationOverride, at index: Int,
                                            overriddenBy: inout [Int: Int]) {
        let (place, shown) = ("presentation[\(index)]", "'\(Echo.quoted(rule.route))'")
        guard let id = route(named: rule.route) else {
            problems.append(.init(place: "\(place).route", "no registered route is named or written \(shown)"))
            return
        }
        if let first = overriddenBy[id] {
            problems.append(.init(place: "\(place).route", "\(shown) is presented otherwise already by presentation[\(first)]"))
            return
        }
        overriddenBy[id] = index
        guard let decoding = snapshot.routes.typedDecoding(of: id) else {
            problems.append(.init(place: "\(place).route", "\(shown) is not a typed route: only a typed route has a presentation"))
            return
        }
        if !snapshot.routes[id].info.exposure.isExternal {
            problems.append(.init(place: "\(place).route", "\(shown) is an internal route: "
                                  + "a rules document may only name what links may reach"))
        }
        if let reason = TypedRouteCheck.refusal(of: rule.presentation, for: decoding.type) {
            problems.append(.init(place: "\(place).presentation", "\(shown) may not be presented so: \(reason)"))
        }
    }

    /// Checks the fallback of route `id`; returns whether it is a web page.
    private mutating func checkFallback(_ fallback: String, of id: Int, at place: String, disabled: [Int: Int]) -> Bool {
        let shown = "'\(Echo.quotedURL(fallback))'"
        let pattern: RoutePattern
        do {
            pattern = try RoutePattern(fallback, converters: snapshot.converterNames)
        } catch {
            problems.append(.init(place: place, "\(shown) is not a URL or a pattern: \(error)"))
            return false
        }
        let route = snapshot.routes[id].info
        let captured = (try? RoutePattern.captures(of: route.pattern, converters: snapshot.converterNames))?.names ?? []
        if let reason = Snapshot.writingProblem(pattern.captures, capturedBy: captured, capturer: "the route") {
            problems.append(.init(place: place, "\(shown): \(reason)"))
            return false
        }
        if let host = Self.webHost(of: pattern) {
            if originHosts.contains(host) {
                problems.append(.init(place: place, "\(shown) is on the app's own universal-link host: write it in the app's custom scheme"))
                return false
            }
            if pattern.segments[0].literal == "https", allowedHosts.contains(host) { return true }
        }
        if pattern.parameterNames.isEmpty && pattern.segments.allSatisfy({ $0.literal != nil }) {
            checkReached(fallback, at: place, disabled: disabled)
        } else {
            check(byShape[Self.shape(of: pattern)], fallback, at: place,
                  what: "a fallback with parameters must have the shape of a registered route's pattern "
                      + "(its parameters may be named otherwise), or be an https URL on an allowed host", disabled: disabled)
        }
        return false
    }

    /// Checks a concrete app URL: the route it reaches, from the app, must be external and on.
    private mutating func checkReached(_ url: String, at place: String, disabled: [Int: Int]) {
        let shown = "'\(Echo.quotedURL(url))'"
        switch snapshot.all.match(url) {
        case .malformed(let error):
            problems.append(.init(place: place, "\(shown) is malformed: \(error)"))
        case .notFound:
            problems.append(.init(place: place, "\(shown) reaches no registered route, nor is it an https URL on an allowed host"))
        case .matched(let match):
            let route = snapshot.routes[match.value].info
            if !route.exposure.isExternal {
                problems.append(.init(place: place, "\(shown) reaches the internal route '\(Echo.quoted(route.pattern))': "
                                      + "a rules document may only point at what links may reach"))
            } else if disabled[match.value] != nil {
                problems.append(.init(place: place, "\(shown) reaches '\(Echo.quoted(route.pattern))', which this document switches off"))
            }
        }
    }

    /// Checks a target written as a pattern, registered as the route `id`: there must be one,
    /// external, not switched off by the document.
    private mutating func check(_ id: Int?, _ target: String, at place: String, what: String, disabled: [Int: Int]) {
        let shown = "'\(Echo.quoted(target))'"
        guard let id else {
            problems.append(.init(place: place, "\(what): \(shown) is not"))
            return
        }
        if !snapshot.routes[id].info.exposure.isExternal {
            problems.append(.init(place: place, "\(shown) is an internal route: a rules document may only point at what links may reach"))
        } else if disabled[id] != nil {
            problems.append(.init(place: place, "\(shown) is switched off by this document"))
        }
    }

    /// Checks a redirect: valid patterns, a target that gets every parameter from the old
    /// pattern, and a target links may reach (an external route, or a host allowed).
    private mutating func checkRedirect(_ rule: RedirectRule, at place: String) {
        // An invalid old pattern is reported by the table built for the rules, with its column.
        guard let from = try? RoutePattern(rule.from, converters: snapshot.converterNames) else { return }
        let to: RoutePattern
        do {
            to = try RoutePattern(rule.to, converters: snapshot.converterNames)
        } catch {
            problems.append(.init(place: "\(place).to", "'\(Echo.quoted(rule.to))' is not a valid pattern: \(error)"))
            return
        }
        if let reason = Snapshot.writingProblem(to.captures, capturedBy: from.parameterNames, capturer: "the old pattern") {
            problems.append(.init(place: "\(place).to", "'\(Echo.quoted(rule.to))': \(reason)"))
            return
        }
        if byPattern[rule.to] == nil, to.hasHost, let host = to.segments[1].literal, allowedHosts.contains(host.lowercased()) {
            return
        }
        check(byPattern[rule.to], rule.to, at: "\(place).to",
              what: "the target must be a registered route's pattern, as registered, or on an allowed host", disabled: [:])
    }

    /// What a pattern matches, whatever its parameters are named: two patterns of one shape
    /// match the same URLs.
    static func shape(of pattern: RoutePattern) -> String {
        var shape = pattern.hasScheme ? "s" : "-"
        shape += pattern.hasHost ? "h" : "-"
        for segment in pattern.segments {
            if let literal = segment.literal {
                shape += "/=" + literal
            } else if segment.isCatchAll {
                shape += "/**"
            } else if segment.isWildcard {
                shape += "/*"
            } else {
                shape += "/:" + (segment.converterName ?? "")
            }
        }
        return shape
    }

    /// The host of an `http` or `https` pattern, lowercased, when both are literals.
    static func webHost(of pattern: RoutePattern) -> String? {
        guard pattern.hasScheme, pattern.hasHost, let scheme = pattern.segments[0].literal,
              scheme == "https" || scheme == "http", let host = pattern.segments[1].literal else { return nil }
        return host.lowercased()
    }
}
