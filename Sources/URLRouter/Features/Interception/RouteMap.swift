/// Every route, interceptor, redirect and service of a router, sorted and stable, as text and
/// JSON: a CI job keeps it and diffs it between releases, to catch an external route that was
/// renamed or removed, or a service that disappeared.
///
/// ```swift
/// let map = router.routeMap.json    // a CI job compares it with the last release's
/// print(router.routeMap.text)
/// // route  external  reader://book/<int:id>  name=book  module=BookDetail  handler=action
/// ```
///
/// The map is read as text or JSON; code that looks at the routes reads ``Router/routes``.
public struct RouteMap: Sendable, Hashable {
    /// One route.
    package struct Route: Sendable, Hashable {
        /// The pattern as registered.
        package let pattern: String
        /// The route's name, if any.
        package let name: String?
        /// The module that registered it.
        package let module: String
        /// Who may reach it.
        package let exposure: Exposure
        /// The kind of handler: `action`, `mainActorAction`, `asyncAction`, `object`,
        /// `mainActorObject` or `asyncObject`.
        package let handler: String
        /// The module-qualified name of the ``TypedRoute`` type registered for the route, or
        /// `nil` for a route registered by pattern.
        package let typedRoute: String?
        /// What replaces the route, when it was registered as deprecated
        /// (``RouteInfo/deprecation``), or `nil`.
        package let deprecatedFor: String?
    }

    /// One redirect rule.
    package struct Redirect: Sendable, Hashable {
        /// The rule.
        package let rule: RedirectRule
        /// The module that declared it, or ``Router/redirectsModuleName`` for the installed table.
        package let module: String
    }

    /// One route the installed rules switch off (see <doc:RulesFromAServer>).
    package struct Disabled: Sendable, Hashable {
        /// The route's pattern, as registered.
        package let pattern: String
        /// The route as the rules document names it.
        package let rule: String
        /// Where its opens go, as the document writes it, or `nil`: they are refused.
        package let fallback: String?
    }

    /// One typed route the installed rules present otherwise than it declares (see
    /// <doc:RulesFromAServer>).
    package struct Presented: Sendable, Hashable {
        /// The route's pattern, as registered.
        package let pattern: String
        /// The route as the rules document names it.
        package let rule: String
        /// How plans present it: `push`, `sheet` or `fullScreen`.
        package let presentation: String
    }

    /// One provided service.
    package struct Service: Sendable, Hashable {
        /// The key's name.
        package let key: String
        /// The module-qualified name of the service type.
        package let type: String
        /// The module that provides it (the module of a test override, where one replaced it).
        package let module: String
        /// `shared` or `perCall`.
        package let lifetime: String
        /// Whether it is provided on the main actor.
        package let isMainActor: Bool
        /// The modules that declare they require it, sorted.
        package let requiredBy: [String]
    }

    /// The routes, sorted by pattern (UTF-8 byte order), then module.
    package let routes: [Route]
    /// The interceptors, sorted by pattern, then module, then priority; a redirect rule is
    /// listed once, as a redirect of ``text`` and ``json``.
    public let interceptors: [InterceptorInfo]
    /// The redirect rules, sorted by old pattern, then module.
    package let redirects: [Redirect]
    /// The services, sorted by key, then type.
    package let services: [Service]
    /// The routes the installed rules switch off, sorted by pattern.
    package let disabled: [Disabled]
    /// The typed routes the installed rules present otherwise, sorted by pattern.
    package let presented: [Presented]
    /// The router's origins (``Router/Options/origins``), in declaration order.
    public let origins: [Origin]
    /// Whether the router folds the case of path literals (`MatchOptions.caseInsensitivePaths`):
    /// its association file then claims paths in any case.
    package let caseInsensitivePaths: Bool

    init(snapshot: Snapshot, origins: [Origin], caseInsensitivePaths: Bool = false) {
        self.origins = origins
        self.caseInsensitivePaths = caseInsensitivePaths
        routes = snapshot.routes.map { route in
            Route(pattern: route.info.pattern, name: route.info.name, module: route.info.module,
                  exposure: route.info.exposure, handler: route.handler.kindName, typedRoute: route.info.typedRoute,
                  deprecatedFor: route.info.deprecation)
        }.sorted { Self.precedes(($0.pattern, $0.module), ($1.pattern, $1.module)) }
        interceptors = (snapshot.interceptors?.all.filter { !$0.isRedirect }.map(\.info) ?? []).sorted {
            ($0.pattern, $0.module) == ($1.pattern, $1.module) ? $0.priority > $1.priority
                : Self.precedes(($0.pattern, $0.module), ($1.pattern, $1.module))
        }
        redirects = snapshot.redirects.map { Redirect(rule: $0.rule, module: $0.module) }
            .sorted { Self.precedes(($0.rule.from, $0.module), ($1.rule.from, $1.module)) }
        disabled = (snapshot.disabled?.all ?? []).map {
            Disabled(pattern: $0.route.pattern, rule: $0.rule, fallback: $0.fallback?.text)
        }
        presented = (snapshot.presentations?.all ?? []).map {
            Presented(pattern: $0.route.pattern, rule: $0.rule, presentation: $0.presentation.description)
        }
        services = snapshot.services.values.map { provision in
            Service(key: provision.name, type: provision.typeName, module: provision.module,
                    lifetime: provision.lifetime.description, isMainActor: provision.isMainActor,
                    requiredBy: (snapshot.serviceRequirements[provision.id] ?? []).sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) })
        }.sorted { Self.precedes(($0.key, $0.type), ($1.key, $1.type)) }
    }

    /// Byte order of the first string, then of the second: the same on every platform.
    private static func precedes(_ a: (String, String), _ b: (String, String)) -> Bool {
        a.0 != b.0 ? a.0.utf8.lexicographicallyPrecedes(b.0.utf8) : a.1.utf8.lexicographicallyPrecedes(b.1.utf8)
    }

    /// One line per entry, columns separated by two spaces.
    public var text: String {
        var lines: [String] = []
        for route in routes {
            lines.append(["route", route.exposure.description, route.pattern, "name=\(route.name ?? "-")",
                          "module=\(route.module)", "handler=\(route.handler)"].joined(separator: "  ")
                         + (route.typedRoute.map { "  type=\($0)" } ?? "")
                         + (route.deprecatedFor.map { "  deprecated=\($0)" } ?? ""))
        }
        for interceptor in interceptors {
            lines.append(["interceptor", interceptor.pattern, "name=\(interceptor.name ?? "-")", "module=\(interceptor.module)",
                          "priority=\(interceptor.priority)", interceptor.isAsync ? "async" : "sync"].joined(separator: "  "))
        }
        for redirect in redirects {
            lines.append(["redirect", redirect.rule.from, "to=\(redirect.rule.to)", "module=\(redirect.module)"]
                .joined(separator: "  "))
        }
        for entry in disabled {
            lines.append(["disabled", entry.pattern, "rule=\(entry.rule)", "fallback=\(entry.fallback ?? "-")",
                          "module=\(Router.redirectsModuleName)"].joined(separator: "  "))
        }
        for entry in presented {
            lines.append(["presentation", entry.pattern, "rule=\(entry.rule)", "presentation=\(entry.presentation)",
                          "module=\(Router.redirectsModuleName)"].joined(separator: "  "))
        }
        for origin in origins {
            lines.append((origin.scheme.map { ["origin", "scheme=\($0)"] }
                          ?? ["origin", "universalLink=\(origin.host ?? "")"]
                          + (origin.aliases.isEmpty ? [] : ["aliases=\(origin.aliases.joined(separator: ","))"]))
                .joined(separator: "  "))
        }
        for service in services {
            lines.append(["service", service.key, "type=\(service.type)", "module=\(service.module)",
                          "lifetime=\(service.lifetime)" + (service.isMainActor ? "  mainActor" : ""),
                          "requiredBy=\(service.requiredBy.isEmpty ? "-" : service.requiredBy.joined(separator: ","))"]
                .joined(separator: "  "))
        }
        return lines.joined(separator: "\n")
    }

    /// A JSON object with the arrays `disabled` (when installed rules switch routes off),
    /// `interceptors`, `origins` (when the router declares some), `presentation` (when
    /// installed rules present routes otherwise), `redirects`, `routes` and `services`, keys sorted,
    /// one entry per line, written without an encoder. A route has the key `deprecatedFor`
    /// only when it is deprecated, so the maps of routers without deprecations do not change.
    public var json: String {
        func object(_ fields: [(String, String)]) -> String {
            "{" + fields.map { "\(quoted($0.0)): \($0.1)" }.joined(separator: ", ") + "}"
        }
        func string(_ text: String?) -> String { text.map(quoted) ?? "null" }
        func array(_ items: [String]) -> String {
            items.isEmpty ? "[]" : "[\n    " + items.joined(separator: ",\n    ") + "\n  ]"
        }
        let routes = routes.map {
            object(($0.deprecatedFor.map { [("deprecatedFor", string($0))] } ?? [])
                   + [("exposure", string($0.exposure.description)), ("handler", string($0.handler)),
                    ("module", string($0.module)), ("name", string($0.name)), ("pattern", string($0.pattern)),
                      ("typedRoute", string($0.typedRoute))])
        }
        let interceptors = interceptors.map {
            object([("async", $0.isAsync ? "true" : "false"), ("module", string($0.module)), ("name", string($0.name)),
                    ("pattern", string($0.pattern)), ("priority", String($0.priority))])
        }
        let redirects = redirects.map {
            object([("from", string($0.rule.from)), ("module", string($0.module)), ("to", string($0.rule.to))])
        }
        let services = services.map {
            object([("key", string($0.key)), ("lifetime", string($0.lifetime)), ("mainActor", $0.isMainActor ? "true" : "false"),
                    ("module", string($0.module)), ("requiredBy", "[" + $0.requiredBy.map(quoted).joined(separator: ", ") + "]"),
                    ("type", string($0.type))])
        }
        let origins = origins.map {
            $0.scheme.map { object([("scheme", string($0))]) }
                ?? object([("aliases", "[" + $0.aliases.map(quoted).joined(separator: ", ") + "]"), ("universalLink", string($0.host))])
        }
        let disabled = disabled.map {
            object([("fallback", string($0.fallback)), ("pattern", string($0.pattern)), ("rule", string($0.rule))])
        }
        let presented = presented.map {
            object([("pattern", string($0.pattern)), ("presentation", string($0.presentation)), ("rule", string($0.rule))])
        }
        return "{\n" + (disabled.isEmpty ? "" : "  \"disabled\": \(array(disabled)),\n")
            + "  \"interceptors\": \(array(interceptors)),\n"
            + (origins.isEmpty ? "" : "  \"origins\": \(array(origins)),\n")
            + (presented.isEmpty ? "" : "  \"presentation\": \(array(presented)),\n")
            + "  \"redirects\": \(array(redirects)),\n"
            + "  \"routes\": \(array(routes)),\n  \"services\": \(array(services))\n}"
    }
}

/// `text` as a JSON string literal: quotes, backslashes and control characters escaped.
func quoted(_ text: String) -> String {
    var out = "\""
    for scalar in text.unicodeScalars {
        switch scalar {
        case "\"": out += "\\\""
        case "\\": out += "\\\\"
        case "\n": out += "\\n"
        case "\r": out += "\\r"
        case "\t": out += "\\t"
        case _ where scalar.value < 0x20:
            let hex = String(scalar.value, radix: 16)
            out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        default: out.unicodeScalars.append(scalar)
        }
    }
    return out + "\""
}

extension Router {
    /// Every route, interceptor, redirect and service registered now, sorted and stable.
    public var routeMap: RouteMap {
        RouteMap(snapshot: current, origins: options.origins, caseInsensitivePaths: options.matching.caseInsensitivePaths)
    }
}

extension RouteHandler {
    /// The registrar method that made it.
    var kindName: String {
        switch self {
        case .action: "action"
        case .mainActorAction: "mainActorAction"
        case .asyncAction: "asyncAction"
        case .object: "object"
        case .mainActorObject: "mainActorObject"
        case .asyncObject: "asyncObject"
        }
    }
}
