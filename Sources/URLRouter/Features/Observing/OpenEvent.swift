import PatternMatcher

/// One top-level open, as an observer (`Router.Options(observer:)`) is told it, once, after its
/// outcome is known (see <doc:OpeningURLs>, "Observing every open").
///
/// ```swift
/// let router = try Router(modules: all, options: .init(observer: { event in
///     analytics.log(event.route?.name ?? "none", outcome: event.outcome.description, ms: event.duration * 1000)
/// }))
/// ```
///
/// Every form of an event is safe to log: `"\(event)"`, `String(reflecting: event)`,
/// `dump(event)`, ``url``, ``redirects`` and ``outcome`` show no query value (except the
/// items the route observes, ``TypedRoute/observedQueryItems``), no item without `=`, no
/// fragment and no userinfo; they escape control characters (`\u{0A}`) and each is at most
/// 4,096 UTF-8 bytes. Text the app's code wrote about the open (an interceptor's reason, a
/// handler's error, a typed value that did not decode) is shown with each hidden value of the
/// open's URLs replaced by `•`. Path values, route patterns and names are shown, and so are
/// the campaign items (``campaign``, `Router.Options(campaignItems:)`), whatever the route.
public struct OpenEvent: Sendable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
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
    /// How the open ended, as the pipeline gave it; observers see ``outcome``.
    private let result: OpenResult
    /// Seconds from the call to the outcome (for a pending open, to its end).
    public let duration: Double
    /// ``Router/Options/campaignItems`` and the query's reading, read when the event is made.
    private let campaignItems: Set<String>
    private let plusAsSpace: Bool

    init(opened: String, requestedSource: OpenSource?, router: Router, outcome: OpenResult, duration: Double) {
        self.campaignItems = router.options.campaignItems
        self.plusAsSpace = router.options.matching.plusAsSpaceInQuery
        self.opened = opened
        self.requestedSource = requestedSource
        self.routerReference = router.weakReference
        self.boundSource = router.boundSource
        self.result = outcome
        self.duration = duration
    }

    /// How the open ended: never ``OpenResult/pending(_:_:)`` or ``OpenResult/intercepting(_:_:)``
    /// (a pending open is told when it finishes); a held open is told when it is replayed or dropped.
    ///
    /// The same cases, routes and interceptors as the open's result, redacted as ``url`` is:
    /// the URLs in a redirect, a malformed URL's error and a refusal are redacted; an
    /// interceptor's reason, a handler's error and a typed value's rejected text show `•` for
    /// each hidden value of the open's URLs (a handler's error that quotes one is replaced by an
    /// error whose description is the redacted text).
    public var outcome: OpenResult {
        switch result {
        case .handled, .pending, .declined, .unmatched, .intercepting, .held: result
        default: redaction.result(result)
        }
    }

    /// The URL first opened, its query values redacted (`•`) except the items the route lets
    /// observers see (``TypedRoute/observedQueryItems``) and the campaign items (``campaign``), an item without `=` shown as `•`
    /// (its name, when observed), its fragment and userinfo left out, control characters
    /// escaped, at most 4,096 UTF-8 bytes.
    public var url: String { Redaction(showing: shownItems).url(opened) }

    /// The campaign items of the URL first opened (`Router.Options(campaignItems:)`: by
    /// default the `utm_*` five, `gclid` and `fbclid`), by name: unredacted whatever the route,
    /// percent-decoded, control characters escaped, each value at most 256 UTF-8 bytes and at
    /// most 16 items; the last of a repeated item wins. Read from the URL only when asked.
    ///
    /// ```swift
    /// Router.Options(observer: { event in
    ///     if let source = event.campaign["utm_source"] { analytics.attribute(event.route?.name, to: source) }
    /// })
    /// ```
    public var campaign: [String: String] {
        Redaction.campaign(of: opened, named: campaignItems, plusAsSpace: plusAsSpace)
    }

    /// Where the open came from: a universal link is external whoever opened it, and keeps
    /// the channel that delivered it.
    public var source: OpenSource { arrival.source }

    /// The declared origin that delivered the URL, if the router declares origins.
    public var origin: Origin? { arrival.origin }

    /// The route that handled, started or failed on the URL, after any redirect.
    public var route: RouteInfo? { result.route }

    /// The interceptor that decided: the one that rejected the open, or that redirected it first.
    public var interceptor: InterceptorInfo? { result.interceptor }

    /// The URLs the open was redirected to, in order, redacted as ``url`` is and cut so that
    /// the list, printed (`"\(event.redirects)"`), is at most 4,096 UTF-8 bytes, for a chain of
    /// up to 400 redirects (``Router/Options/maxRedirects`` is 5 by default).
    public var redirects: [String] {
        let targets = redirectTargets
        guard !targets.isEmpty else { return [] }
        // Printed, a list adds 2 bytes, and 4 per URL; Swift's escaping of `\`, `"` and `'`
        // at most doubles the rest.
        let share = max(4, (Redaction.formBytes - 2) / targets.count - 4) / 2
        let redaction = Redaction(showing: shownItems)
        return targets.map { redaction.url($0, bytes: share) }
    }

    /// The targets of the open's redirects, as written.
    private var redirectTargets: [String] {
        var urls: [String] = []
        var step = result
        while case .redirected(_, let target, let next) = step {
            urls.append(target)
            step = next
        }
        return urls
    }

    /// The rule for this open's URLs (the one opened, those it was redirected to, and those a
    /// malformed URL's error or a refusal names).
    private var redaction: Redaction {
        var urls = [opened] + redirectTargets
        var last = result
        while case .redirected(_, _, let next) = last { last = next }
        switch last {
        case .malformed(let error): urls.append(error.url)
        case .refused(let refusal):
            urls += (refusal.redirectChain ?? []) + [refusal.chainStart, refusal.fallbackURL].compactMap { $0 }
        default: break
        }
        return Redaction(urls: urls, showing: shownItems)
    }

    private var shownItems: Set<String> {
        var observed: Set<String> = []
        if let route = result.route, let router = routerReference.router {
            observed = router.current.routes.typedDecoding(of: route)?.observedQueryItems ?? []
        }
        return observed.isEmpty ? campaignItems : observed.union(campaignItems)
    }

    private var arrival: (source: OpenSource, origin: Origin?) {
        let source = (requestedSource ?? .app).narrowed(to: boundSource)
        guard let router = routerReference.router, let origins = router.origins else { return (source, nil) }
        switch origins.arrival(of: opened, limits: router.options.matching.limits) {
        case .customScheme(let declared): return (source, declared)
        case .universalLink(let declared, _): return (source.forUniversalLink, declared)
        // Refused as a universal link (an unclaimed spelling, userinfo): from outside all the same.
        case .refused: return (source.forUniversalLink, nil)
        case .other: return (source, nil)
        }
    }

    /// One line: the URL (as ``url``, cut to 384 bytes), the source and origin, the outcome (as
    /// ``outcome`` prints, cut to 768 bytes) and the duration; at most 1,280 UTF-8 bytes, so
    /// that `dump(event)`, which begins with it, stays within 4,096.
    ///
    /// ```
    /// open 'reader://book/42?from=mail&token=•' (external): handled by reader://book/<int:id> [Books] in 0.2 ms
    /// ```
    public var description: String {
        let origin = origin.map { ", \($0)" } ?? ""
        let line = "open '\(Redaction(showing: shownItems).url(opened, bytes: 384))' (\(source)\(origin)): "
            + Redaction.bounded(outcome.description, bytes: 768) + " in \(Self.milliseconds(duration)) ms"
        return Redaction.bounded(line, bytes: Self.lineBytes)
    }

    /// ``description``, named: `OpenEvent(open '…' (app): …)`; at most 1,280 UTF-8 bytes.
    public var debugDescription: String { Redaction.bounded("OpenEvent(\(description))", bytes: Self.lineBytes) }

    /// The most UTF-8 bytes of ``description`` and ``debugDescription``.
    private static let lineBytes = 1280

    /// The event's parts, each in its redacted form and cut, never the URL as given: what
    /// `dump(event)` prints after ``debugDescription``, at most 4,096 UTF-8 bytes in all.
    public var customMirror: Mirror {
        let all = redirects
        var redirects = all.prefix(3).map { Redaction.bounded($0, bytes: 96) }
        if all.count > 3 { redirects.append("and \(all.count - 3) more") }
        // Each text is cut to half of what it may take: `dump` escapes `\`, `"` and `'`.
        let children: KeyValuePairs<String, Any> = [
            "url": Redaction(showing: shownItems).url(opened, bytes: 256),
            "source": source.description,
            "origin": Redaction.bounded(origin?.description ?? "none", bytes: 64),
            "route": Redaction.bounded(route?.description ?? "none", bytes: 128),
            "interceptor": Redaction.bounded(interceptor?.description ?? "none", bytes: 128),
            "redirects": redirects,
            "outcome": Redaction.bounded(outcome.description, bytes: 320),
            "duration": duration,
        ]
        return Mirror(self, children: children, displayStyle: .struct)
    }

    private static func milliseconds(_ seconds: Double) -> String {
        let tenths = Int((seconds * 10_000).rounded())
        return "\(tenths / 10).\(tenths % 10)"
    }
}

extension Router {
    /// Tells `observer` of `result`, a top-level open of `url` made at `started`, inside
    /// `context` (the open's, counted and with its source): an open the observer makes is
    /// nested in the one it observes, so it keeps that source, counts toward the nesting limit
    /// and is not told again.
    func tell(_ observer: @Sendable (OpenEvent) -> Void, _ result: OpenResult, url: String, source: OpenSource?,
              started: Double, in context: OpenContext) {
        if OpenContext.current.depth == context.depth {
            tell(observer, result, url: url, source: source, started: started)
        } else {
            OpenContext.$current.withValue(context) { tell(observer, result, url: url, source: source, started: started) }
        }
    }

    /// Tells `observer` of `result` from inside the binding of the open's context (a hop's
    /// end, ``Open/hopHere(channel:outer:state:accepting:tell:)``), where the opens the
    /// observer makes are nested in the observed one already.
    func tell(_ observer: @Sendable (OpenEvent) -> Void, _ result: OpenResult, url: String, source: OpenSource?,
              started: Double) {
        observer(OpenEvent(opened: url, requestedSource: source, router: self, outcome: result,
                           duration: MonotonicClock.now() - started))
    }
}
