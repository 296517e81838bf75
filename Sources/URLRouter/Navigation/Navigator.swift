/// The app's navigation, as its UIKit or SwiftUI code implements it (see <doc:Navigation>): the
/// router hands it plans and screens, and it decides how to show them. Set it with
/// `Router.Options(navigator:)`; the router stays free of UIKit and SwiftUI.
///
/// ```swift
/// @MainActor final class AppNavigator: Navigator {
///     var path: [AnyRoute] = []            // what a NavigationStack(path:) shows
///     var tab: AnyRoute?
///     var current: (root: AnyRoute?, stack: [AnyRoute]) { (tab, path) }
///     func show(_ plan: NavigationPlan, steps: NavigationSteps, source: OpenSource) {
///         if let root = steps.root { tab = root }
///         path = Array(path.prefix(steps.keep)) + steps.push
///     }
/// }
/// ```
@MainActor
public protocol Navigator: AnyObject, Sendable {
    /// The root (tab) and the stack on screen now, bottom first.
    var current: (root: AnyRoute?, stack: [AnyRoute]) { get }

    /// Shows `plan`. `steps` say what changes from ``current``: how much of the stack stays,
    /// what to push, and which root to switch to. Placement is the navigator's choice: replace
    /// the whole stack at a cold start, keep the common prefix when warm, or always push.
    /// - Parameters:
    ///   - plan: the screens the link names.
    ///   - steps: from what is on screen to `plan`.
    ///   - source: where the link came from.
    func show(_ plan: NavigationPlan, steps: NavigationSteps, source: OpenSource)

    /// Shows an object a main-actor object route made for an open (a view controller): what
    /// a link to a screen route hands over instead of dropping it. Default: nothing.
    /// - Parameters:
    ///   - object: what the route made.
    ///   - route: the route.
    ///   - source: where the open came from.
    func show(object: Any, for route: RouteInfo, source: OpenSource)
}

extension Navigator {
    /// Shows nothing: a navigator that only takes plans.
    public func show(object: Any, for route: RouteInfo, source: OpenSource) {}
}

/// A value a main-actor object route made for an open (a view controller), handed to the
/// open's completion: it never leaves the main actor, where ``value`` is read.
///
/// ```swift
/// router.open("reader://book/42/screen") { reply in
///     MainActor.assumeIsolated { present((reply as? MainActorObject)?.value as? UIViewController) }
/// }
/// ```
@MainActor
public final class MainActorObject: Sendable {
    /// What the route made.
    public let value: Any

    init(_ value: Any) {
        self.value = value
    }
}

extension Router {
    /// Opens a link as screens (see <doc:Navigation>): runs the interceptors as `open` does (a
    /// login gate redirects or rejects it; an asynchronous one is awaited), then makes the plan
    /// of the URL they let through, runs no handler, and hands the plan to the navigator
    /// (`Router.Options(navigator:)`) with the steps from what it shows.
    ///
    /// ```swift
    /// let plan = try await router.navigate(to: "reader://book/42/chapter/3", source: .external)
    /// ```
    /// - Parameters:
    ///   - link: the link: a URL, or a ``TypedRoute`` value.
    ///   - source: as for `open`.
    /// - Returns: the plan shown (or to show, without a navigator).
    /// - Throws: ``NavigationError``: an interceptor rejected the link (or its redirects looped),
    ///   or there is no plan for the URL it let through.
    public func navigate(to link: some RouteLink, source: OpenSource? = nil) async throws(NavigationError) -> NavigationPlan {
        var url: String
        do { url = try link.routeURL() } catch { throw .notOpened(.refused(.unwritable(error)), url: link.unwrittenURL) }
        var (source, trail): (OpenSource?, RedirectTrail?) = (source, nil)
        while true {
            let opening: Opening
            switch Opening.start(self, url: url, source: source, userInfo: Dictionary(), runsHandlers: false, trail: trail) {
            case .finished(let result): throw .stopped(result, url: url)
            case .matched(let started), .unmatched(let started): opening = started
            }
            switch await opening.interceptAwaitingDecision() {
            case .proceed:
                let plan = try self.plan(for: opening.url, source: opening.source)
                if let navigator = options.navigator {
                    let shownFrom = opening.source
                    await MainActor.run {
                        let (root, stack) = navigator.current
                        navigator.show(plan, steps: plan.steps(from: stack, root: root), source: shownFrom)
                    }
                }
                return plan
            case .ended(let result):
                throw .stopped(result, url: opening.url)
            case .redirect(let target, let redirectSource, let redirectTrail):
                (url, source, trail) = (target, redirectSource, redirectTrail)
            }
        }
    }
}
