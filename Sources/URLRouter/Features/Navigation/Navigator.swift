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
    /// a link to a screen route hands over instead of dropping it, with the URL opened, so
    /// that what the navigator reports as ``current`` stays what is on screen.
    ///
    /// Default: calls ``show(object:for:source:)``, so a navigator written before this
    /// requirement keeps being called.
    /// - Parameters:
    ///   - object: what the route made.
    ///   - route: the route.
    ///   - url: the URL opened (a universal link in its custom-scheme form).
    ///   - value: the route's typed value, for a typed route (see <doc:TypedRoutes>); `nil`
    ///     for a route registered by pattern.
    ///   - source: where the open came from.
    func show(object: Any, for route: RouteInfo, url: String, value: AnyRoute?, source: OpenSource)

    /// Shows an object a main-actor object route made for an open, without its URL: the
    /// requirement before ``show(object:for:url:value:source:)``, which calls it by default.
    /// Default: nothing.
    /// - Parameters:
    ///   - object: what the route made.
    ///   - route: the route.
    ///   - source: where the open came from.
    func show(object: Any, for route: RouteInfo, source: OpenSource)
}

extension Navigator {
    /// Calls ``show(object:for:source:)``.
    public func show(object: Any, for route: RouteInfo, url: String, value: AnyRoute?, source: OpenSource) {
        show(object: object, for: route, source: source)
    }

    /// Shows nothing: a navigator that only takes plans.
    public func show(object: Any, for route: RouteInfo, source: OpenSource) {}

    /// Shows `plan` with the steps from what is on screen now.
    func show(_ plan: NavigationPlan, source: OpenSource) {
        let (root, stack) = current
        show(plan, steps: plan.steps(from: stack, root: root), source: source)
    }
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

