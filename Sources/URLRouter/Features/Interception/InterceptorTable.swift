import PatternMatcher

/// One interceptor as the router keeps it.
///
/// A class, so that the list of interceptors an open meets copies each with one retain
/// (its description and its closure were two and more).
final class RegisteredInterceptor: Sendable {
    enum Decider: Sendable {
        case sync(@Sendable (InterceptedRequest) -> Interception)
        case async(@Sendable (InterceptedRequest) async -> Interception)
    }
    let info: InterceptorInfo
    let decide: Decider
    /// Whether it is a redirect rule's: the route map lists the rule, not its interceptor.
    let isRedirect: Bool

    init(info: InterceptorInfo, decide: Decider, isRedirect: Bool = false) {
        self.info = info
        self.decide = decide
        self.isRedirect = isRedirect
    }

    /// A redirect rule as an interceptor: the parameters `rule.from` captured are written
    /// into `rule.to` by name, with the router's declared converters, and the query and the
    /// fragment are carried over, each as it was written.
    static func redirect(_ rule: RedirectRule, module: String) -> RegisteredInterceptor {
        let info = InterceptorInfo(pattern: rule.from, name: "redirect", module: module,
                                   priority: 0, isAsync: false)
        return RegisteredInterceptor(info: info, decide: .sync { request in
            let converters = request.router?.current.converters ?? []
            guard let pattern = try? RoutePattern(rule.to, converters: Set(converters.map(\.name))),
                  let target = try? pattern.url(parameters: request.interceptorParameters, converters: converters) else {
                return .reject("the redirect \(rule) cannot write its target")
            }
            return .redirect(to: target + Self.queryAndFragment(of: request.url))
        }, isRedirect: true)
    }

    /// The query (from the first `?` before any `#`) and the fragment (from the first `#`) of
    /// `url`, as written (Matching rules, "From a URL to a route key"): a `?` inside the
    /// fragment is fragment text.
    static func queryAndFragment(of url: String) -> Substring {
        let hash = url.firstIndex(of: "#") ?? url.endIndex
        return url[(url[..<hash].firstIndex(of: "?") ?? hash)...]
    }
}

/// An interceptor whose pattern matches a URL, and that pattern's match (what it captured).
struct InterceptorHit: Sendable {
    let interceptor: RegisteredInterceptor
    let match: MatchedRoute
}

/// The interceptors whose patterns match a URL, most general first, each with its
/// pattern's match.
///
/// When they are all of one pattern shape (only global interceptors, or only one gate: the
/// common case), the list is the table's own group and the one match they share, so finding them
/// allocates nothing and copies no match; an array of hits, each with a copy of the
/// match, cost an allocation and a copy of the match for each. Several shapes are kept as
/// hits.
struct InterceptorHits: RandomAccessCollection, Sendable {
    /// One shape's interceptors (the table's own group, never empty), or empty when
    /// ``several`` holds them.
    private let group: [RegisteredInterceptor]
    /// The match `group` shares; `nil` when ``several`` holds the interceptors.
    private let match: MatchedRoute?
    /// Interceptors of several shapes, each with its match; empty for one shape.
    private let several: [InterceptorHit]

    /// The interceptors of `group`, all matched by `match`.
    init(_ group: [RegisteredInterceptor], matching match: MatchedRoute) {
        assert(!group.isEmpty, "the table makes a group only for a shape that has interceptors")
        (self.group, self.match, several) = (group, match, [])
    }

    /// Interceptors of several shapes, each with its match, in the order they run.
    init(_ hits: [InterceptorHit]) {
        assert(!hits.isEmpty, "interceptors of several shapes are some")
        (group, match, several) = ([], nil, hits)
    }

    var startIndex: Int { 0 }
    var endIndex: Int { several.isEmpty ? group.count : several.count }

    /// Interceptor number `index`.
    func interceptor(at index: Int) -> RegisteredInterceptor {
        several.isEmpty ? group[index] : several[index].interceptor
    }

    /// What the pattern of interceptor number `index` matched.
    func match(at index: Int) -> MatchedRoute {
        match ?? several[index].match
    }

    subscript(index: Int) -> InterceptorHit {
        InterceptorHit(interceptor: interceptor(at: index), match: match(at: index))
    }
}

/// The interceptors of a table, matched like routes: a table of their patterns (one
/// entry per pattern shape), each entry a group of interceptors ordered by priority.
struct InterceptorTable: Sendable {
    private let table: RouteTable<Int>
    /// Interceptors of one shape, higher priority first.
    private let groups: [[RegisteredInterceptor]]

    var all: [RegisteredInterceptor] { groups.flatMap { $0 } }

    /// The interceptors whose patterns match `url`, most general first (the matcher's
    /// precedence, reversed), each with its pattern's match (what it captured).
    ///
    /// An open that no interceptor's pattern matches costs one lookup and no allocation; a
    /// table of one pattern shape (global interceptors, one gate) needs that one lookup
    /// only. Other tables search on for the more specific patterns.
    /// - Returns: `nil` when no interceptor's pattern matches.
    func ordered(for url: String) -> InterceptorHits? {
        guard case .matched(let bestFound) = table.match(url) else { return nil }
        let best = MatchedRoute(bestFound)
        guard groups.count > 1 else { return InterceptorHits(groups[best.index], matching: best) }
        var matches = table.matches(url).lazy.map(MatchedRoute.init).makeIterator()
        guard let first = matches.next(), let second = matches.next() else {
            return InterceptorHits(groups[best.index], matching: best)
        }
        var all = [first, second]
        while let next = matches.next() { all.append(next) }
        var found: [InterceptorHit] = []
        for match in all.reversed() {
            found += groups[match.index].map { InterceptorHit(interceptor: $0, match: match) }
        }
        return InterceptorHits(found)
    }

    /// Builds the table, adding a problem for each invalid pattern and for each two
    /// interceptors of one shape and one priority (their order would be arbitrary).
    /// - Returns: `nil` when there is no interceptor.
    static func build(_ interceptors: [RegisteredInterceptor], options: MatchOptions,
                      converters: [(module: String, converter: any ParameterConverter)],
                      problems: inout [RegistrationError.Problem]) -> InterceptorTable? {
        guard !interceptors.isEmpty else { return nil }
        // Registering every pattern once tells the invalid ones and groups the rest by shape:
        // two interceptors of one shape are what the table reports as a conflict.
        var builder = RouteTableBuilder<Int>(options: options)
        for (module, converter) in converters { builder.declare(converter, owner: module) }
        for (index, interceptor) in interceptors.enumerated() {
            builder.add(interceptor.info.pattern, value: index, owner: interceptor.info.module)
        }
        var shapeOf = Array(interceptors.indices)
        func root(_ i: Int) -> Int { shapeOf[i] == i ? i : root(shapeOf[i]) }
        var invalid = Set<String>()
        do {
            // Every pattern valid and of a shape of its own: each interceptor is its own group,
            // and this table is the one the groups would build again.
            let table = try builder.build()
            return InterceptorTable(table: table, groups: interceptors.map { [$0] })
        } catch {
            var byPattern: [String: Int] = [:]
            for (index, interceptor) in interceptors.enumerated() {
                if let first = byPattern[interceptor.info.pattern] { shapeOf[root(index)] = root(first) } else {
                    byPattern[interceptor.info.pattern] = index
                }
            }
            for problem in error.problems {
                if problem.patternError != nil {
                    invalid.insert(problem.pattern)
                    problems.append(.table(problem))
                } else if let other = problem.conflictingRoute, let a = byPattern[problem.pattern], let b = byPattern[other.pattern] {
                    shapeOf[root(a)] = root(b)
                }
            }
        }
        var grouped: [Int: [RegisteredInterceptor]] = [:]
        for (index, interceptor) in interceptors.enumerated() where !invalid.contains(interceptor.info.pattern) {
            grouped[root(index), default: []].append(interceptor)
        }
        var groups: [[RegisteredInterceptor]] = []
        var representatives = RouteTableBuilder<Int>(options: options)
        for (module, converter) in converters { representatives.declare(converter, owner: module) }
        for key in grouped.keys.sorted() {
            // Higher priority first; the pattern and module only make a tie's report stable.
            let group = grouped[key]!.sorted { a, b in
                (b.info.priority, a.info.pattern, a.info.module) < (a.info.priority, b.info.pattern, b.info.module)
            }
            for (a, b) in zip(group, group.dropFirst()) where a.info.priority == b.info.priority {
                problems.append(.interceptorTie(a.info, b.info))
            }
            representatives.add(group[0].info.pattern, value: groups.count, owner: group[0].info.module)
            groups.append(group)
        }
        guard let table = try? representatives.build() else { return nil }
        return InterceptorTable(table: table, groups: groups)
    }
}
