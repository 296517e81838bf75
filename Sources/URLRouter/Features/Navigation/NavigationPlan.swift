/// A typed route's value, whatever its type (see <doc:Navigation>): what a navigation stack
/// holds, `Hashable` so that SwiftUI's `NavigationStack(path:)` takes an array of them.
public struct AnyRoute: Hashable, Sendable, CustomStringConvertible {
    /// The value.
    public let base: any TypedRoute
    /// Its URL (``TypedRoute/url()``), empty for a value that cannot be written as one (a
    /// plan made by the router never holds one: see ``NavigationError/unwritableRoute``).
    public let url: String

    /// Wraps `route`.
    public init(_ route: some TypedRoute) {
        base = route
        url = (try? route.url()) ?? ""
    }

    init(any route: any TypedRoute) {
        self.init(route)
    }

    /// Wraps `route`, whose URL must be written.
    init(writing route: any TypedRoute) throws(TypedRouteError) {
        base = route
        url = try route.url()
    }

    public static func == (lhs: AnyRoute, rhs: AnyRoute) -> Bool {
        AnyHashable(lhs.base) == AnyHashable(rhs.base)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(AnyHashable(base))
    }

    /// The URL, bounded, escaped and redacted as a log may show it: query values `•`, no
    /// userinfo, no fragment.
    public var description: String { "AnyRoute('\(Self.shown(url))')" }

    /// `url` as a log may show it: query values `•`, no userinfo, no fragment, control
    /// characters escaped, at most `limit` UTF-8 bytes.
    static func shown(_ url: String, limit: Int = Echo.defaultLimit) -> String {
        Echo.quoted(Redaction(showing: []).redacted(url), limit: limit)
    }
}

/// The screens a link names (see <doc:Navigation>): the root to show (a tab), the stack
/// above it and the modal layers above the stack, the link's own route last, each a typed
/// route's value.
///
/// ```swift
/// let plan = try router.plan(for: "reader://book/42/chapter/3", source: .external)
/// plan.root     // AnyRoute(ShelfRoute())
/// plan.stack    // [AnyRoute(BookRoute(id: 42)), AnyRoute(ChapterRoute(book: 42, n: 3))]
/// plan.modals   // []: no route of the chain is presented modally (TypedRoute.presentation)
/// ```
public struct NavigationPlan: Sendable, Hashable, CustomStringConvertible, CustomReflectable {
    /// The first ``RootRoute`` among the route's parents (or the route itself): the tab; `nil`
    /// when there is none.
    public let root: AnyRoute?
    /// The routes above the root, from the nearest to the root to the link's own route (or
    /// to the route below the first modal layer).
    public let stack: [AnyRoute]
    /// The modal layers above ``stack``, bottom first: each starts with a route whose
    /// ``TypedRoute/presentation`` is modal, and holds the routes pushed inside it. Empty when
    /// no route of the chain is presented modally.
    public let modals: [ModalLayer]
    /// For ``Router/restore(_:source:)``: the URLs that no longer open a typed route, in order.
    public let dropped: [String]
    /// The link asked for, when an interceptor redirected the navigation to this plan's
    /// route (a login gate): navigating to it again once the gate lets it through lands where
    /// the user meant. `nil` when nothing redirected.
    public let redirectedFrom: String?

    /// Creates a plan (in tests, to compare with one a router made).
    /// - Parameters:
    ///   - root: the root, if any.
    ///   - stack: the routes above it, the last one on top.
    ///   - modals: the modal layers above the stack, bottom first.
    ///   - dropped: the URLs a restore dropped.
    ///   - redirectedFrom: the link an interceptor redirected to this plan, if one did.
    public init(root: AnyRoute?, stack: [AnyRoute], modals: [ModalLayer] = [], dropped: [String] = [],
                redirectedFrom: String? = nil) {
        self.root = root
        self.stack = stack
        self.modals = modals
        self.dropped = dropped
        self.redirectedFrom = redirectedFrom
    }

    /// The routes' URLs and the dropped ones, as a log may show them: query values `•`, no
    /// userinfo, no fragment, control characters escaped, at most 4 KB (the URLs past that
    /// are counted).
    public var description: String {
        var budget = Self.descriptionBudget
        let rootText = root.map { "'\(AnyRoute.shown($0.url))'" } ?? "nil"
        budget -= rootText.utf8.count
        let stackText = Self.listed(stack.map(\.url), budget: &budget)
        let modalsText = modals.isEmpty ? "" : ", modals: " + Self.listed(layers: modals, budget: &budget)
        let droppedText = dropped.isEmpty ? "" : ", dropped: " + Self.listed(dropped, budget: &budget)
        let redirectText = redirectedFrom.map { ", redirectedFrom: '\(AnyRoute.shown($0))'" } ?? ""
        return "NavigationPlan(root: \(rootText), stack: \(stackText)\(modalsText)\(droppedText)\(redirectText))"
    }

    /// What `dump` and the debugger show: the description's redacted URLs, never the raw ones.
    public var customMirror: Mirror {
        Mirror(self, children: ["root": root.map { AnyRoute.shown($0.url) } as Any,
                                "stack": stack.map { AnyRoute.shown($0.url) },
                                "modals": Self.firstEight(modals, \.description),
                                "dropped": Self.firstEight(dropped) { AnyRoute.shown($0) },
                                "redirectedFrom": redirectedFrom.map { AnyRoute.shown($0) } as Any],
               displayStyle: .struct)
    }

    /// The bytes of URLs a description shows, leaving room for its words, four URLs' worth
    /// of counts and the redirect, and the words of eight layers.
    static var descriptionBudget: Int { 4_096 - 2 * Echo.defaultLimit - 400 }

    /// The first eight layers, each its presentation and its stack's URLs as ``listed(_:budget:)``
    /// shows them, then how many more there are: a plan a router makes has no more than its
    /// depth limit.
    static func listed(layers: [ModalLayer], budget: inout Int) -> String {
        "[" + firstEight(layers) { "\($0.presentation) " + listed($0.stack.map(\.url), budget: &budget) }
            .joined(separator: ", ") + "]"
    }

    /// The first eight of `items` as `show` shows them, then how many more there are: what a
    /// description or a mirror shows of a list it does not bound by size.
    static func firstEight<Item>(_ items: [Item], _ show: (Item) -> String) -> [String] {
        items.prefix(8).map(show) + (items.count > 8 ? ["… \(items.count - 8) more"] : [])
    }

    /// `urls` shown in brackets while they fit in `budget` bytes, then how many more there are.
    static func listed(_ urls: [String], budget: inout Int) -> String {
        var items: [String] = []
        for (index, url) in urls.enumerated() {
            let item = "'\(AnyRoute.shown(url))'"
            guard item.utf8.count + 2 <= budget else {
                items.append("… \(urls.count - index) more")
                break
            }
            budget -= item.utf8.count + 2
            items.append(item)
        }
        return "[" + items.joined(separator: ", ") + "]"
    }

    /// The plan as URLs, the root's first, then the stack's, then each layer's: what state
    /// restoration saves, and ``Router/restore(_:source:)`` reads back into the same plan
    /// (URLs survive renamed types and app updates; type names do not). A layer needs no mark
    /// of its own: its first route's ``TypedRoute/presentation`` starts it again.
    public var urls: [String] {
        (root.map { [$0.url] } ?? []) + stack.map(\.url) + modals.flatMap { $0.stack.map(\.url) }
    }
}

/// Why ``Router/plan(for:source:)`` has no plan for a URL.
public struct NavigationError: Error, Sendable, Equatable, CustomStringConvertible {
    private enum Kind: Equatable {
        case stopped(OpenResult)
        case notOpened(Resolution)
        case notTypedRoute(RouteInfo)
        case tooDeep(Int)
        case parentCycle(String)
        case unwritable(TypedRouteError, isParent: Bool)
    }
    private let kind: Kind
    /// The URL (bounded and escaped in ``description``).
    public let url: String

    static func stopped(_ result: OpenResult, url: String) -> NavigationError { NavigationError(kind: .stopped(result), url: url) }
    static func notOpened(_ resolution: Resolution, url: String) -> NavigationError { NavigationError(kind: .notOpened(resolution), url: url) }
    static func notTypedRoute(_ route: RouteInfo, url: String) -> NavigationError { NavigationError(kind: .notTypedRoute(route), url: url) }
    static func tooDeep(_ limit: Int, url: String) -> NavigationError { NavigationError(kind: .tooDeep(limit), url: url) }
    static func parentCycle(_ type: String, url: String) -> NavigationError { NavigationError(kind: .parentCycle(type), url: url) }
    static func unwritable(_ error: TypedRouteError, isParent: Bool, url: String) -> NavigationError {
        NavigationError(kind: .unwritable(error, isParent: isParent), url: url)
    }

    /// What ``Router/resolve(_:source:)`` says of the URL when no route would run for it (no
    /// match, malformed, refused, or only typed routes whose values do not decode).
    public var resolution: Resolution? {
        if case .notOpened(let resolution) = kind { return resolution }
        return nil
    }

    /// How the navigation ended before a plan, when it did: an interceptor rejected it, its
    /// redirects looped, or it was refused before matching (``Router/navigate(to:source:)``).
    public var stopped: OpenResult? {
        if case .stopped(let result) = kind { return result }
        return nil
    }

    /// Why a route of the plan cannot be written as a URL, when one cannot: a parent the
    /// route's ``TypedRoute/parent`` made with values its pattern refuses (an empty path
    /// value), or the route itself. A plan's URLs are what state restoration saves, so the
    /// router makes no plan with a screen it could not restore.
    public var unwritableRoute: TypedRouteError? {
        if case .unwritable(let error, _) = kind { return error }
        return nil
    }

    /// The route `open` would run, when it is not a typed route (a plan is made of typed values).
    public var untypedRoute: RouteInfo? {
        if case .notTypedRoute(let route) = kind { return route }
        return nil
    }

    public var description: String {
        let shown = "'\(Echo.quotedURL(url))'"
        return switch kind {
        case .stopped(let result): "no plan for \(shown): \(result)"
        case .notOpened(.unmatched): "no plan for \(shown): no route matches"
        case .notOpened(.malformed(let error)): "no plan for \(shown): \(error)"
        case .notOpened(.refused(let refusal)): "no plan for \(shown): refused: \(refusal)"
        case .notOpened(.undecodable(let declines)): "no plan for \(shown): " + (declines.first.map { "\($0)" } ?? "undecodable")
        case .notOpened(.route): "no plan for \(shown)"
        case .notTypedRoute(let route): "no plan for \(shown): \(route) is not a typed route"
        case .tooDeep(let limit): "no plan for \(shown): its parents go deeper than \(limit)"
        case .parentCycle(let type): "no plan for \(shown): the parents of \(Echo.quoted(type)) come back to it"
        case .unwritable(let error, let isParent):
            "no plan for \(shown): its \(isParent ? "parent" : "route") \(Echo.quoted(error.type)) cannot be written as a URL: \(error)"
        }
    }
}
