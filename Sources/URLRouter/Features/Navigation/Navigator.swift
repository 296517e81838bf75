import PatternMatcher

/// The app's navigation, as its UIKit or SwiftUI code implements it (see <doc:Navigation>): the
/// router hands it plans and screens, and it decides how to show them. Set it with
/// `Router.Options(navigator:)`; the router stays free of UIKit and SwiftUI.
///
/// ```swift
/// @MainActor final class AppNavigator: Navigator {
///     var path: [AnyRoute] = []            // what a NavigationStack(path:) shows
///     var tab: AnyRoute?
///     var presented: [ModalLayer] = []     // what .sheet and .fullScreenCover show
///     var current: (root: AnyRoute?, stack: [AnyRoute]) { (tab, path) }
///     func show(_ plan: NavigationPlan, steps: NavigationSteps, source: OpenSource) {
///         presented.removeLast(steps.dismiss)
///         if let root = steps.root { tab = root }
///         path = Array(path.prefix(steps.keep)) + steps.push
///         presented += steps.present
///     }
/// }
/// ```
@MainActor
public protocol Navigator: AnyObject, Sendable {
    /// The root (tab) and the stack on screen now, bottom first, below any modal layer.
    var current: (root: AnyRoute?, stack: [AnyRoute]) { get }

    /// The modal layers on screen now, above ``current``'s stack, bottom first (a sheet, and a
    /// sheet it presented). Default: none, for a navigator that presents nothing.
    var presented: [ModalLayer] { get }

    /// The stack `root` keeps now, bottom first: the current stack when `root` is the current
    /// root, the stack of another tab otherwise, so that a link into that tab keeps the part
    /// of it the plan shares (``NavigationSteps/keep`` counts within it on a root switch).
    /// Default: ``current``'s stack when `root` is the current root, else `[]`.
    /// - Parameter root: a root (a tab).
    /// - Returns: the routes above it, bottom first.
    func stack(for root: AnyRoute) -> [AnyRoute]

    /// Shows `plan`. `steps` say what changes from what is on screen: how many layers to
    /// dismiss, how much of the stack stays, what to push, which root to switch to and which
    /// layers to present, placed as `Router.Options(placement:)` says (replace at a cold start
    /// and keep the common prefix when warm, by default). A navigator may still decide for
    /// itself: ``NavigationPlan/steps(from:placement:)`` makes the steps of another placement.
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

    /// No modal layer.
    public var presented: [ModalLayer] { [] }

    /// The current stack for the current root; nothing for another.
    public func stack(for root: AnyRoute) -> [AnyRoute] {
        let (currentRoot, stack) = current
        return root == currentRoot ? stack : []
    }

    /// Shows `plan` with the steps from what is on screen now, placed by `placement`.
    func show(_ plan: NavigationPlan, placement: Placement, source: OpenSource) {
        show(plan, steps: plan.steps(from: self, placement: placement), source: source)
    }
}

/// A value a main-actor object route made for an open (a view controller), handed to the
/// open's completion: it never leaves the main actor, where ``value(as:)`` reads it as the
/// type the caller expects.
///
/// The completion's reply is this wrapper, not the view controller: a cast of the reply
/// itself (`reply as? UIViewController`) is always `nil`. Ask the wrapper instead; a wrong
/// type is an error that names the type the route made, never a silent `nil`:
///
/// ```swift
/// router.open("reader://book/42/screen") { reply in
///     MainActor.assumeIsolated {
///         guard let object = reply as? MainActorObject else { return }
///         do {
///             navigation.pushViewController(try object.value(as: UIViewController.self), animated: true)
///         } catch {
///             log.error("\(error)")   // the main-actor object is a 'BookView', not a 'UIViewController'
///         }
///     }
/// }
/// ```
/// The completion of an open that ends in a main-actor object route is called on the main
/// actor, so `MainActor.assumeIsolated` holds there. Its `description` names the type of the
/// value, so a printed reply says what it holds.
@MainActor
public final class MainActorObject: Sendable, CustomStringConvertible {
    /// What the route made, as `Any`: ``value(as:)`` reads it as a type, or says why not.
    public let value: Any
    /// The value's type, for ``description`` and ``value(as:)``'s error: its name is
    /// written only when one of them is read.
    private nonisolated let valueType: Any.Type

    init(_ value: Any) {
        self.value = value
        valueType = type(of: value)
    }

    /// The object the route made, as `type`: what a screen route's completion pushes or
    /// presents.
    ///
    /// ```swift
    /// let screen = try object.value(as: UIViewController.self)
    /// let book: BookScreen = try object.value()            // the type inferred
    /// ```
    /// A cast through `as?` that misses gives a silent `nil`; this throws instead, naming both
    /// types, so a screen of the wrong kind is found where it happens. `try?` gives an
    /// optional when `nil` is the right answer.
    /// - Parameter type: the type the caller expects: the object's own type, a superclass of
    ///   it, or a protocol it conforms to.
    /// - Returns: the object, as `type`.
    /// - Throws: an error whose description names the type the route made and `type`, when
    ///   the object is not a `type`.
    public func value<T>(as type: T.Type = T.self) throws -> T {
        guard let typed = value as? T else {
            throw OtherType(made: TypeName.plain(valueType), expected: TypeName.plain(T.self))
        }
        return typed
    }

    /// `MainActorObject(` and the name of the value's type `)`: what the wrapper
    /// holds, readable from any thread (the value itself stays on the main actor).
    public nonisolated var description: String { "MainActorObject(\(TypeName.plain(valueType)))" }

    /// Why ``value(as:)`` has no value of the type asked for: internal, since a caller has
    /// nothing to branch on but the fix, which the description names.
    struct OtherType: Error, Sendable, Equatable, CustomStringConvertible {
        let made: String
        let expected: String
        var description: String {
            "the main-actor object is a '\(Echo.quoted(made))', not a '\(Echo.quoted(expected))'"
        }
    }
}

