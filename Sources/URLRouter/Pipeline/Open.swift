import PatternMatcher

/// What a verb asks of the routes its open reaches. Every verb is one open through the three
/// stages of the pipeline (``Router/arrive(_:source:userInfo:trail:outer:purpose:holds:channel:)``,
/// the interceptors, the candidates), with one of these purposes.
enum Purpose: Sendable, Equatable {
    /// Run the handler of the best route that takes the URL: `open`, `openAndWait`,
    /// `open(_:expecting:)`, a replayed open.
    case run
    /// Make an object: only object routes are tried, and the object goes to the caller
    /// (`object(for:as:)`, `requireObject`).
    case object
    /// Show the plan of the typed route a dry run finds, its value decoded once
    /// (`navigate(to:)`, a replayed navigation), where `Router.Options(placement:)` places it;
    /// `coldStart` is what the placement is told.
    case navigate(coldStart: Bool)
    /// Run nothing: decode typed routes and pass over those that do not decode, and, when
    /// asked, matches through a catch-all (`canOpen`, `resolve`, `plan`, `restore`,
    /// `previewInterceptors`). Never held, never observed, never counted as nesting.
    case dryRun(excludingCatchAll: Bool)

    var isDryRun: Bool {
        if case .dryRun = self { return true }
        return false
    }
}

/// One open on its way through the pipeline, once it has arrived: the published routes it
/// uses, where it came from, what its handlers run in and its best match.
///
/// A value: the common open (no interceptor sees the URL, and its best match's handler takes
/// it) allocates nothing of its own; the opens that must finish in a task carry a copy.
struct Open: Sendable {
    let router: Router
    let snapshot: Snapshot
    /// The URL looked up: as given, or a universal link in its custom-scheme form.
    let url: String
    /// What the open's requests share: its source, origin, caller data and context.
    let scope: OpenScope
    /// The best match, or `nil` when no route matches (interceptors may still redirect).
    let first: MatchedRoute?
    let purpose: Purpose

    var source: OpenSource { scope.source }
    /// The declared origin that delivered the URL, if the router declares origins.
    var origin: Origin? { scope.origin }
    var userInfo: [String: any Sendable] { scope.userInfo }
    /// What the interceptors and handlers of this open run in: this open counted, its source.
    var context: OpenContext { scope.context }
    /// The redirects that led here, when an interceptor redirected the open.
    var trail: RedirectTrail? { scope.trail }

    /// What the ``InAppLink`` values of this open's typed routes are checked against.
    var links: LinkCheck { LinkCheck(router: scope.routerReference, source: source, context: context) }

    /// The table the open's source sees, for the later matches.
    var table: RouteTable<Int> { snapshot.table(for: source) }

    /// What the handler of `route` receives for `match`; its replies go to `token`'s channel.
    func request(for match: MatchedRoute, route: RegisteredRoute, token: ReplyToken?) -> RouteRequest {
        RouteRequest(route: route.info, scope: scope, match: match, token: token, isOpen: purpose != .object)
    }
}

/// What one open's requests share, made once when it arrives: every request of the open holds
/// this one reference, where copying the fields into each request went through their value
/// witnesses.
final class OpenScope: Sendable {
    let source: OpenSource
    let origin: Origin?
    let userInfo: [String: any Sendable]
    /// The router, held weakly: a request kept after its router is gone answers `nil`.
    let routerReference: WeakRouter
    /// What the interceptors and handlers of the open run in: this open counted, its source.
    let context: OpenContext
    let trail: RedirectTrail?

    init(source: OpenSource, origin: Origin?, userInfo: [String: any Sendable], routerReference: WeakRouter,
         context: OpenContext, trail: RedirectTrail?) {
        self.source = source
        self.origin = origin
        self.userInfo = userInfo
        self.routerReference = routerReference
        self.context = context
        self.trail = trail
    }
}

/// How an open arrived: on its way, or ended before any interceptor or handler (malformed,
/// refused, held).
enum Arrival {
    case arrived(Open)
    /// The result, and the source the open came from as the arrival read it (a universal link's
    /// is external, whoever opened it): what the observer's own opens inherit. Boxed: the
    /// common arrival is copied without the large result inline.
    indirect case ended(OpenResult, OpenSource)
}

extension Router {
    /// The first stage of every verb: the source (`nil` inherits the open being handled on
    /// this task or thread, else ``OpenSource/app``; narrowed to the router's bound source),
    /// the declared origins, the hold, the nesting limit, the lookup and the refusals.
    ///
    /// - Parameters:
    ///   - outer: ``OpenContext/current``, read once by the caller.
    ///   - holds: whether this open may be held (a top-level verb's open, not a replay's or a
    ///     redirect's): an external one outside any open is then held while the router holds
    ///     external opens (an object lookup, which cannot wait, is refused instead).
    ///   - channel: where a held open's replay replies.
    ///
    /// Inlined into each run: returning the open through a call copied it twice.
    @inline(__always)
    func arrive(_ url: String, source: OpenSource?, userInfo: [String: any Sendable], trail: RedirectTrail?,
                outer: OpenContext, purpose: Purpose, holds: Bool, channel: ReplyChannel?) -> Arrival {
        var source = (source ?? outer.source).narrowed(to: boundSource)
        var url = url
        var origin: Origin?
        let given = url
        if let origins {
            // A universal link is external: it is held when this open may be held (a top-level
            // open that waits, not a replay, a redirect or a dry run).
            let mayBeHeld = holds && outer.depth == 0 && !purpose.isDryRun && purpose != .object
            switch origins.arrival(of: url, in: self, mayBeHeld: mayBeHeld) {
            case .customScheme(let declared): origin = declared
            case .universalLink(let declared, let rewritten):
                (origin, url, source) = (declared, rewritten, source.forUniversalLink)
            // Refused as a universal link (an unclaimed spelling, userinfo): from outside all the same.
            case .refused(let result): return .ended(result, source.forUniversalLink)
            case .other: break
            }
        }
        if !purpose.isDryRun {
            // A link delivered twice opens once: only a top-level open or navigation from an
            // external channel counts (not a replay, a redirect, a nested open or a lookup).
            if holds, source.isExternal, outer.depth == 0, options.duplicateWindow > 0, purpose != .object,
               isDuplicate(given, from: source) {
                return .ended(.refused(.duplicate(within: options.duplicateWindow)), source)
            }
            // Held before anything is looked up: the URL is looked up when it is replayed,
            // against the routes registered by then, through its own verb.
            if holds, source.isExternal, outer.depth == 0,
               let held = hold(HeldOpens.Call(url: given, purpose: purpose, userInfo: userInfo, channel: channel),
                               shown: url, from: source) {
                return .ended(held, source)
            }
            // Outside any open (depth 0) the open itself always runs, whatever the limit.
            if outer.depth > 0, outer.depth >= options.maxNestedOpens {
                return .ended(.refused(.nestingLimit(options.maxNestedOpens, firstURL: outer.firstURL)), source)
            }
        }
        let snapshot = current
        let first: MatchedRoute?
        switch snapshot.match(url, from: source) {
        case .malformed(let error):
            return .ended(.malformed(error), source)
        case .notFound:
            if let refusal = refusal(of: url, from: source, hasUserinfo: nil) { return .ended(refusal, source) }
            first = nil
        case .matched(let match):
            if source.isExternal && match.hasUserinfo { return .ended(.refused(.userinfoFromOutside), source) }
            first = MatchedRoute(match)
        }
        let scope = OpenScope(source: source, origin: origin, userInfo: userInfo, routerReference: weakReference,
                              context: outer.entering(url, from: source), trail: trail)
        return .arrived(Open(router: self, snapshot: snapshot, url: url, scope: scope, first: first, purpose: purpose))
    }

    /// External URLs that carry userinfo are refused (Matching rules, "Sources and
    /// exposure"), before any handler runs.
    ///
    /// - Parameter hasUserinfo: what the match found, when there is a match; `nil` when
    ///   nothing matched. The URL is parsed here only for an external URL that matched
    ///   nothing, to tell a refusal from a miss.
    func refusal(of url: String, from source: OpenSource, hasUserinfo: Bool?) -> OpenResult? {
        guard source.isExternal, hasUserinfo != false else { return nil }
        do {
            let parsed = try ParsedURL(url, limits: options.matching.limits)
            return parsed.userinfo == nil ? nil : .refused(.userinfoFromOutside)
        } catch {
            return .malformed(error)
        }
    }
}

/// The redirects that led to an open: the URLs, the first opened first, and the open
/// the last interceptor redirected. A class: an open that was never redirected carries a
/// `nil` reference, not the fields.
final class RedirectTrail: Sendable {
    let urls: [String]
    let origin: RedirectOrigin

    init(urls: [String], origin: RedirectOrigin) {
        self.urls = urls
        self.origin = origin
    }
}
