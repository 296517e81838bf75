import Dispatch
import PatternMatcher

/// One top-level open, as an observer (`Router.Options(observer:)`) is told it, once, after its
/// outcome is known (see <doc:OpeningURLs>, "Observing every open").
///
/// ```swift
/// let router = try Router(modules: all, options: .init(observer: { event in
///     analytics.log(event.route?.name ?? "none", outcome: event.outcome.description, ms: event.duration * 1000)
/// }))
/// ```
public struct OpenEvent: Sendable {
    /// The URL first opened, as given.
    private let opened: String
    /// The source the open named, before narrowing and origins.
    private let requestedSource: OpenSource?
    /// The router that made the open, held weakly (an observer that keeps its events must not
    /// keep the router): its origins, its bound source and the query items its typed routes
    /// let observers see are read from it only when the event is.
    private let routerReference: WeakRouter
    /// The source the router narrows every open to (a deep link's view), read when the event is made.
    private let boundSource: OpenSource?
    /// How the open ended: never ``OpenResult/pending(_:_:)`` or ``OpenResult/intercepting(_:_:)``
    /// (a pending open is told when it finishes); a held open is told when it is replayed.
    public let outcome: OpenResult
    /// Seconds from the call to the outcome (for a pending open, to its end).
    public let duration: Double

    init(opened: String, requestedSource: OpenSource?, router: Router, outcome: OpenResult, duration: Double) {
        self.opened = opened
        self.requestedSource = requestedSource
        self.routerReference = router.weakReference
        self.boundSource = router.boundSource
        self.outcome = outcome
        self.duration = duration
    }

    /// The URL first opened, its query values redacted (`•`) except the items the route lets
    /// observers see (``TypedRoute/observedQueryItems``), its fragment and userinfo left out.
    public var url: String { Router.redacted(opened, showing: shownItems) }

    /// Where the open came from: a universal link is external whoever opened it.
    public var source: OpenSource { arrival.source }

    /// The declared origin that delivered the URL, if the router declares origins.
    public var origin: Origin? { arrival.origin }

    /// The route that handled, started or failed on the URL, after any redirect.
    public var route: RouteInfo? { outcome.route }

    /// The interceptor that decided: the one that rejected the open, or that redirected it first.
    public var interceptor: InterceptorInfo? { outcome.interceptor }

    /// The URLs the open was redirected to, in order (redacted as ``url`` is).
    public var redirects: [String] {
        var urls: [String] = []
        var step = outcome
        while case .redirected(_, let target, let next) = step {
            urls.append(Router.redacted(target, showing: shownItems))
            step = next
        }
        return urls
    }

    private var shownItems: Set<String> {
        outcome.route?.typedRoute.flatMap { routerReference.router?.current.observedQueryItems[$0] } ?? []
    }

    private var arrival: (source: OpenSource, origin: Origin?) {
        let source = (requestedSource ?? .app).narrowed(to: boundSource)
        guard let router = routerReference.router, let origins = router.origins else { return (source, nil) }
        switch origins.arrival(of: opened, limits: router.options.matching.limits) {
        case .customScheme(let declared): return (source, declared)
        case .universalLink(let declared, _): return (.external, declared)
        case .refused, .other: return (source, nil)
        }
    }

    /// A monotonic clock reading, in seconds.
    static func now() -> Double { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }
}

extension Router {
    /// Tells `observer` of `result`, a top-level open of `url` made at `started`, inside
    /// `context` (the open's, counted and with its source): an open the observer makes is
    /// nested in the one it observes, so it keeps that source, counts toward the nesting limit
    /// and is not told again.
    func tell(_ observer: @Sendable (OpenEvent) -> Void, _ result: OpenResult, url: String, source: OpenSource?,
              started: Double, in context: OpenContext) {
        let event = OpenEvent(opened: url, requestedSource: source, router: self, outcome: result,
                              duration: OpenEvent.now() - started)
        if OpenContext.current.depth == context.depth {
            observer(event)
        } else {
            OpenContext.$current.withValue(context) { observer(event) }
        }
    }

    /// `url` for an observer: query values replaced by `•` except those of `shown` items, the
    /// fragment and any userinfo left out.
    static func redacted(_ url: String, showing shown: Set<String>) -> String {
        var text = Substring(url)
        if let hash = text.firstIndex(of: "#") { text = text[..<hash] }
        var base = text
        var query: Substring?
        if let question = text.firstIndex(of: "?") {
            base = text[..<question]
            query = text[text.index(after: question)...]
        }
        // Userinfo: from `//` to the last `@` of the authority.
        if let authority = base.range(of: "//") {
            let rest = base[authority.upperBound...]
            let end = rest.firstIndex(of: "/") ?? rest.endIndex
            if let at = rest[..<end].lastIndex(of: "@") {
                base = base[..<authority.upperBound] + rest[rest.index(after: at)...]
            }
        }
        guard let query else { return String(base) }
        let items = query.split(separator: "&", omittingEmptySubsequences: false).map { item -> String in
            guard let equals = item.firstIndex(of: "=") else { return String(item) }
            let name = item[..<equals]
            // The name as the router reads it (percent-decoded), through a URL of that one item.
            let decodedName = (try? ParsedURL("/?" + name + "="))?.queryItems.first { _ in true }.map { String($0.name) }
            return decodedName.map(shown.contains) == true ? String(item) : name + "=•"
        }
        return base + "?" + items.joined(separator: "&")
    }
}

extension Snapshot {
    /// ``TypedRoute/observedQueryItems`` of every typed route type registered, by its name.
    static func observedQueryItems(of registry: Registry) -> [String: Set<String>] {
        var items: [String: Set<String>] = [:]
        for module in registry.modules {
            for (_, decoding) in module.routes.typedRegistrations where !decoding.observedQueryItems.isEmpty {
                items[decoding.typeName] = decoding.observedQueryItems
            }
        }
        return items
    }
}
