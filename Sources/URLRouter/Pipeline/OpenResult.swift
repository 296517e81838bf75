import PatternMatcher

/// What happened to an open: each outcome told apart (<doc:OpeningURLs> says when each
/// happens). ``isHandled``, ``route`` and ``interceptor`` answer most questions without a
/// `switch`; a `switch` needs a `default:`, because later versions add cases.
///
/// `OpenResult` is `Equatable`: two `failed` results are equal when their routes are and
/// their errors are equal values of one `Equatable` error type.
public enum OpenResult: Sendable, Equatable, CustomStringConvertible {
    // Every case but `handled`, `declined` and `unmatched` is boxed (`indirect`): those are
    // rare or already allocate (a pending open starts a task; a rejected, refused, failed or
    // malformed result allocates its box, one allocation), and a result of two words
    // is copied and destroyed by every open without a value witness. Inline, the largest
    // payload made the result that every open copies and destroys that much larger.
    /// A route's handler took the URL and finished (a reply may still come later, from a
    /// request the handler kept).
    case handled(RouteInfo)
    /// A synchronous `open` started a handler that it cannot finish on this thread: an
    /// asynchronous handler, or a main-actor handler opened off the main actor. Its outcome
    /// (handled, declined to the next match, failed) is ``PendingOpen/result``; the
    /// completion is still called exactly once.
    indirect case pending(RouteInfo, PendingOpen)
    /// Routes matched, and every one of their handlers declined (listed best first).
    case declined([RouteInfo])
    /// No route matches (the unmatched handler, if any, was told).
    case unmatched
    /// The URL is malformed (Matching rules, "Malformed URLs"); nothing ran.
    indirect case malformed(MalformedURLError)
    /// The open was refused before any handler ran; ``Refusal`` says why.
    indirect case refused(Refusal)
    /// A handler threw an error other than ``Decline``.
    indirect case failed(RouteInfo, any Error)
    /// An interceptor rejected the open, for this reason; no handler ran.
    indirect case rejected(InterceptorInfo, String)
    /// An interceptor (or a redirect rule) sent the open to another URL; the last value is
    /// what opening that URL gave.
    indirect case redirected(InterceptorInfo, to: String, OpenResult)
    /// A synchronous `open` met an asynchronous interceptor: the rest of the open (that
    /// interceptor, the next ones, the handlers) runs in a task; ``PendingOpen/result`` is
    /// its outcome, and the completion is still called exactly once.
    indirect case intercepting(InterceptorInfo, PendingOpen)
    /// The router holds external opens until the app is ready
    /// (``Router/holdExternalOpens(limit:maxAge:)``): the open is queued, nothing ran yet,
    /// and ``Router/releaseHeldOpens()`` replays it (or reports it dropped).
    indirect case held(HeldOpen)

    /// Whether a handler took the URL (``handled(_:)``).
    public var isHandled: Bool {
        if case .handled = self { return true }
        return false
    }

    /// The route that handled, started or failed on the URL (after any redirect).
    public var route: RouteInfo? {
        switch self {
        case .handled(let route), .pending(let route, _), .failed(let route, _): route
        case .redirected(_, _, let result): result.route
        default: nil
        }
    }

    /// The interceptor that rejected, redirected or is deciding the open.
    public var interceptor: InterceptorInfo? {
        switch self {
        case .rejected(let interceptor, _), .redirected(let interceptor, _, _), .intercepting(let interceptor, _): interceptor
        default: nil
        }
    }

    /// The open still running, to await or cancel, when a handler or an interceptor could not
    /// finish here (``pending(_:_:)`` or ``intercepting(_:_:)``, after any redirect).
    ///
    /// ```swift
    /// if let running = router.open("reader://book/42/download").pendingOpen {
    ///     print(await running.result)
    /// }
    /// ```
    public var pendingOpen: PendingOpen? {
        switch self {
        case .pending(_, let open), .intercepting(_, let open): open
        case .redirected(_, _, let result): result.pendingOpen
        default: nil
        }
    }

    /// Whether the open was held (``held(_:)``).
    var isHeld: Bool {
        if case .held = self { return true }
        return false
    }

    /// The route whose handler took the URL and finished, after any redirect.
    var handledRoute: RouteInfo? {
        switch self {
        case .handled(let route): route
        case .redirected(_, _, let result): result.handledRoute
        default: nil
        }
    }

    /// Whether a handler took the URL or was started on it (after any redirect): the
    /// cases in which the completion is called.
    var callsCompletion: Bool {
        switch self {
        case .handled, .pending, .intercepting: true
        case .redirected(_, _, let result): result.callsCompletion
        // Nothing took a held open yet: its replay calls its completion, or its drop does.
        case .held: false
        default: false
        }
    }

    /// A chain of redirects, its first three then how many more, and how it ended: bounded
    /// whatever the chain's length (a raised ``Router/Options/maxRedirects`` allows long ones).
    private static func describeRedirects(from interceptor: InterceptorInfo, to url: String, then next: OpenResult) -> String {
        var text = "redirected by \(interceptor) to '\(Echo.quotedURL(url))'"
        var shown = 1
        var skipped = 0
        var result = next
        while case .redirected(let interceptor, let url, let following) = result {
            if shown < 3 {
                text += ", then redirected by \(interceptor) to '\(Echo.quotedURL(url))'"
                shown += 1
            } else {
                skipped += 1
            }
            result = following
        }
        if skipped > 0 { text += ", then \(skipped) more redirects" }
        return text + ", then \(result)"
    }

    /// One line, bounded in bytes; URLs in it are escaped and their userinfo hidden.
    public var description: String {
        switch self {
        case .handled(let route): "handled by \(route)"
        case .pending(let route, _): "pending in \(route)"
        case .declined(let routes): "declined by \(routes.prefix(10).map(\.description).joined(separator: ", "))"
            + (routes.count > 10 ? " and \(routes.count - 10) more" : "")
        case .unmatched: "no route matches"
        case .malformed(let error): "\(error)"
        case .refused(let refusal): "refused: \(refusal)"
        case .failed(let route, let error): "failed in \(route): \(Echo.quoted(String(describing: error)))"
        case .rejected(let interceptor, let reason): "rejected by \(interceptor): \(Echo.quoted(reason))"
        case .redirected(let interceptor, let url, let result):
            Self.describeRedirects(from: interceptor, to: url, then: result)
        case .intercepting(let interceptor, _): "waiting for \(interceptor) to decide"
        case .held(let open): "\(open), until the app is ready"
        }
    }

    public static func == (lhs: OpenResult, rhs: OpenResult) -> Bool {
        switch (lhs, rhs) {
        case (.handled(let a), .handled(let b)): a == b
        case (.pending(let a, let p), .pending(let b, let q)): a == b && p === q
        case (.declined(let a), .declined(let b)): a == b
        case (.unmatched, .unmatched): true
        case (.malformed(let a), .malformed(let b)): a == b
        case (.refused(let a), .refused(let b)): a == b
        case (.failed(let a, let e), .failed(let b, let f)): a == b && errorsAreEqual(e, f)
        case (.rejected(let a, let x), .rejected(let b, let y)): a == b && x == y
        case (.redirected(let a, let x, let r), .redirected(let b, let y, let s)): a == b && x == y && r == s
        case (.intercepting(let a, let p), .intercepting(let b, let q)): a == b && p === q
        case (.held(let a), .held(let b)): a == b
        default: false
        }
    }
}

/// Whether two errors are equal values of one `Equatable` type; errors of other types are
/// never equal.
func errorsAreEqual(_ a: any Error, _ b: any Error) -> Bool {
    guard let a = (a as Any) as? any Equatable else { return false }
    func equals<E: Equatable>(_ a: E, _ b: any Error) -> Bool { (b as? E) == a }
    return equals(a, b)
}

/// Why an open was refused before any handler ran.
public struct Refusal: Sendable, Hashable, CustomStringConvertible {
    private enum Kind: Hashable {
        case userinfoFromOutside
        case nestingLimit(Int, firstURL: String)
        case redirectLoop([String])
        case unwritable(TypedRouteError)
        case cancelled
        case tooManyHeld(Int)
        case heldTooLong(Double)
        case routerReleased
        case holding
        case duplicate(Double)
        case disabled(rule: String, fallback: String?)
    }
    private let kind: Kind
    private init(_ kind: Kind) { self.kind = kind }

    /// An external open of a URL that carries userinfo (`reader://trusted.com@evil.com/`),
    /// which could make a reader believe the URL points somewhere it does not
    /// (Matching rules, "Sources and exposure").
    public static let userinfoFromOutside = Refusal(.userinfoFromOutside)

    /// An open made while `limit` opens were already being handled on this task or thread,
    /// one inside another (``Router/Options/maxNestedOpens``); `firstURL` began the chain.
    public static func nestingLimit(_ limit: Int, firstURL: String) -> Refusal {
        Refusal(.nestingLimit(limit, firstURL: firstURL))
    }

    /// A chain of redirects longer than ``Router/Options/maxRedirects``: `chain` lists the
    /// URLs, the first opened first.
    public static func redirectLoop(_ chain: [String]) -> Refusal {
        Refusal(.redirectLoop(chain))
    }

    /// The task awaiting the open was cancelled (or ``PendingOpen/cancel()`` was called)
    /// before a handler started: the wait ended at once, whatever an interceptor was still
    /// doing, and no handler runs for the open.
    public static let cancelled = Refusal(.cancelled)

    /// A typed route value that cannot be written as a URL (a path value its pattern
    /// refuses, a property a URL cannot carry), so there was nothing to open.
    public static func unwritable(_ error: TypedRouteError) -> Refusal {
        Refusal(.unwritable(error))
    }

    /// A held open dropped because `limit` opens were held already, and it was the oldest
    /// when another came (``Router/holdExternalOpens(limit:maxAge:)``).
    public static func tooManyHeld(limit: Int) -> Refusal { Refusal(.tooManyHeld(limit)) }

    /// A held open dropped because it had waited more than `maxAge` seconds when the opens
    /// were released.
    public static func heldTooLong(maxAge: Double) -> Refusal { Refusal(.heldTooLong(maxAge)) }

    /// A held open dropped because its router was released before the opens were.
    public static let routerReleased = Refusal(.routerReleased)

    /// An external object lookup made while the router holds external opens: it cannot wait
    /// for the release, and gives no object (``ObjectError/refused(_:)``).
    public static let holdingExternalOpens = Refusal(.holding)

    /// The same URL from the same external channel was opened less than `window` seconds
    /// before (``Router/Options/duplicateWindow``): it opens once.
    public static func duplicate(within window: Double) -> Refusal { Refusal(.duplicate(window)) }

    /// An open of a route the installed rules switch off (see <doc:RulesFromAServer>): `rule` is
    /// the route as the document names it; `fallback` is the web page the rule sends it to,
    /// the route's values written in, or `nil` when it sends it nowhere.
    public static func disabled(_ rule: String, fallback: String?) -> Refusal {
        Refusal(.disabled(rule: rule, fallback: fallback))
    }

    /// The web page a switched-off route falls back to, when that is the refusal: the unmatched
    /// handler was told of it if its exposure lets the open's source reach it; otherwise the
    /// caller may open it in a browser itself.
    public var fallbackURL: String? {
        if case .disabled(_, let fallback) = kind { return fallback }
        return nil
    }

    /// The rule, as the document names the route, when a switched-off route is the refusal.
    var disabledRule: String? {
        if case .disabled(let rule, _) = kind { return rule }
        return nil
    }

    /// Why a typed route value could not be written as a URL, when that is the refusal.
    public var typedRouteError: TypedRouteError? {
        if case .unwritable(let error) = kind { return error }
        return nil
    }

    /// The URLs of a redirect chain that went on too long, when that is the refusal.
    public var redirectChain: [String]? {
        if case .redirectLoop(let chain) = kind { return chain }
        return nil
    }

    /// The limit that was reached, when the open nested too deeply.
    public var nestingLimit: Int? {
        if case .nestingLimit(let limit, _) = kind { return limit }
        return nil
    }

    /// The URL that began a chain of nested opens that went too deep.
    public var chainStart: String? {
        if case .nestingLimit(_, let url) = kind { return url }
        return nil
    }

    /// One line; the URL in it is bounded, escaped, and its userinfo hidden.
    public var description: String {
        switch kind {
        case .userinfoFromOutside:
            "a URL from outside the app cannot carry userinfo"
        case .nestingLimit(let limit, let url):
            "more than \(limit) opens nested one inside another (the chain began with '\(Echo.quotedURL(url, limit: 120))')"
        case .redirectLoop(let chain):
            "a redirect loop: " + chain.prefix(8).map { "'\(Echo.quotedURL($0, limit: 60))'" }.joined(separator: " → ")
                + (chain.count > 8 ? " → …" : "")
        case .unwritable(let error):
            "the value cannot be written as a URL: \(error)"
        case .cancelled:
            "the open was cancelled before a handler started"
        case .tooManyHeld(let limit):
            "the oldest of more than \(limit) held opens"
        case .heldTooLong(let maxAge):
            "held longer than \(maxAge) s"
        case .routerReleased:
            "the router was released while the open was held"
        case .holding:
            "external opens are held until the app is ready, and an object lookup cannot wait"
        case .duplicate(let window):
            "a duplicate: the same URL came from the same channel less than \(window) s before, and opens once"
        case .disabled(let rule, let fallback):
            "the route '\(Echo.quoted(rule, limit: 120))' is switched off by the installed rules"
                + (fallback.map { ", which send it to '\(Echo.quotedURL($0, limit: 400))'" } ?? "")
        }
    }
}

/// A URL no route matched, as the unmatched handler sees it.
public struct UnmatchedRequest: Sendable, CustomStringConvertible {
    /// The URL as opened.
    public let url: String
    /// Where the open came from.
    public let source: OpenSource
    /// The caller's data.
    public let userInfo: [String: any Sendable]
    /// The router, held weakly, so that the handler can open another URL (a "not found"
    /// screen) without capturing the router, which would make a cycle. For an external
    /// source it is a view bound to that source, as ``RouteRequest/router`` is: whatever is
    /// opened through it, whenever and wherever, reaches only external routes.
    public var router: Router? { routerReference.router?.bound(to: source) }
    private let routerReference: WeakRouter
    private let context: OpenContext

    init(url: String, source: OpenSource, userInfo: [String: any Sendable], router: Router, context: OpenContext) {
        self.url = url
        self.source = source
        self.userInfo = userInfo
        self.routerReference = router.weakReference
        self.context = context
    }

    /// Opens `link` (a URL or a ``TypedRoute`` value) as part of this open: from its ``source``, nested in it (the nesting limit
    /// counts it), whether the handler is still running or not. An open the handler makes
    /// through ``router`` while it runs does the same.
    ///
    /// ```swift
    /// Router.Options(unmatched: UnmatchedHandler(exposure: .external) { request in
    ///     request.open("reader://search?q=" + request.url)   // external stays external
    /// })
    /// ```
    /// - Returns: the open's result, or ``OpenResult/unmatched`` when the router is gone.
    @discardableResult
    public func open(_ link: some RouteLink, userInfo: [String: any Sendable] = Dictionary(),
                     completion: RouteCompletion? = nil) -> OpenResult {
        guard let router else { return .unmatched }
        return OpenContext.$current.withValue(context) {
            router.open(link, userInfo: userInfo, source: source, completion: completion)
        }
    }

    /// One line naming the URL (bounded, escaped, userinfo hidden) and the source.
    public var description: String { "no route matches '\(Echo.quotedURL(url))' (source: \(source))" }
}

/// Called when no route matches (CTMediator's `notFound:` target); reached by external
/// opens only when its exposure is ``Exposure/external``.
public struct UnmatchedHandler: Sendable {
    let exposure: Exposure
    let handle: @Sendable (UnmatchedRequest) -> Void

    /// Creates an unmatched handler.
    /// - Parameters:
    ///   - exposure: whether deep links that match nothing reach it (default: no).
    ///   - handle: what to do, for example log or show a "not found" screen.
    public init(exposure: Exposure = .internal, _ handle: @escaping @Sendable (UnmatchedRequest) -> Void) {
        self.exposure = exposure
        self.handle = handle
    }
}
