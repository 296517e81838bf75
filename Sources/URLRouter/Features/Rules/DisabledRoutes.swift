import PatternMatcher

/// A route the installed rules switch off, as opens meet it: the rule, and its fallback read
/// once. A class, so that an open that meets it copies one reference.
final class DisabledRoute: Sendable {
    /// The route switched off.
    let route: RouteInfo
    /// The route as the document names it: what a refusal says.
    let rule: String
    /// Where its opens go, a pattern whose parameters the route's match fills in; `nil`: nowhere.
    let fallback: RoutePattern?
    /// Whether the fallback is a web page (told to the unmatched handler), not an app URL
    /// (opened as a redirect).
    let isWeb: Bool
    /// What a result's redirect names as having sent the open to the fallback.
    let redirector: InterceptorInfo

    init(route: RouteInfo, rule: String, fallback: RoutePattern?, isWeb: Bool) {
        self.route = route
        self.rule = rule
        self.fallback = fallback
        self.isWeb = isWeb
        redirector = InterceptorInfo(pattern: route.pattern, name: "disabled", module: Router.redirectsModuleName,
                                     priority: 0, isAsync: false)
    }
}

/// The routes the installed rules switch off, by route id.
struct DisabledRoutes: Sendable {
    private let byID: [Int: DisabledRoute]

    /// Every route switched off, sorted by pattern.
    var all: [DisabledRoute] {
        byID.values.sorted { $0.route.pattern.utf8.lexicographicallyPrecedes($1.route.pattern.utf8) }
    }

    /// The rules of `disabled` (checked when installed) for the routes of this table; `nil` when
    /// none names a route of it (a route that left with its module is simply not switched off).
    init?(_ disabled: [RouteRules.Disabled], routes: RouteList, names: [String: Int], converters: Set<String>) {
        guard !disabled.isEmpty else { return nil }
        let byPattern = routes.idsByPattern
        var byID: [Int: DisabledRoute] = [:]
        for rule in disabled {
            guard let id = names[rule.route] ?? byPattern[rule.route], byID[id] == nil else { continue }
            let fallback = rule.fallback.flatMap { try? RoutePattern($0, converters: converters) }
            byID[id] = DisabledRoute(route: routes[id].info, rule: rule.route, fallback: fallback, isWeb: rule.isWeb)
        }
        guard !byID.isEmpty else { return nil }
        self.byID = byID
    }

    subscript(id: Int) -> DisabledRoute? { byID[id] }
}

extension RouteList {
    /// Each route's id by its pattern, as registered: how a rule names a route without a name.
    var idsByPattern: [String: Int] {
        var byPattern: [String: Int] = [:]
        for (slot, module) in modules.enumerated() {
            for index in 0..<module.count { byPattern[module.patterns[index]] = RouteList.id(slot: slot, index: index) }
        }
        return byPattern
    }
}
