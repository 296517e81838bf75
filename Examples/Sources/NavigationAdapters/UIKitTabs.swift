// Apple-only: UIKit on iOS. The Navigation article's UIKit adapter, compiled by the hosted Apple
// workflow (nothing here has UIKit): a tab bar controller with a navigation controller per tab,
// and the plan's modal layers presented from the top of what is shown.
#if canImport(UIKit) && os(iOS)
import UIKit
import URLRouter

@MainActor public final class TabBarNavigator: Navigator {
    let tabs: UITabBarController
    /// The tab routes, in the tab bar's order.
    let roots: [AnyRoute]
    /// A route's screen: in an app, `router.object(for: route.url, as: UIViewController.self)`.
    let screen: (AnyRoute) -> UIViewController?
    var stacks: [AnyRoute: [AnyRoute]] = [:]
    var layers: [(layer: ModalLayer, controller: UINavigationController)] = []

    public init(tabs: UITabBarController, roots: [AnyRoute], screen: @escaping (AnyRoute) -> UIViewController?) {
        self.tabs = tabs
        self.roots = roots
        self.screen = screen
    }

    var tab: AnyRoute? { roots.indices.contains(tabs.selectedIndex) ? roots[tabs.selectedIndex] : nil }
    public var current: (root: AnyRoute?, stack: [AnyRoute]) { (tab, tab.flatMap { stacks[$0] } ?? []) }
    public var presented: [ModalLayer] { layers.map(\.layer) }
    public func stack(for root: AnyRoute) -> [AnyRoute] { stacks[root] ?? [] }

    public func show(_ plan: NavigationPlan, steps: NavigationSteps, source: OpenSource) {
        let animated = source == .app
        if steps.dismiss > 0 {
            // Dismissing the lowest layer to go dismisses every layer above it too.
            let lowest = layers[layers.count - steps.dismiss].controller
            lowest.presentingViewController?.dismiss(animated: animated)
            layers.removeLast(steps.dismiss)
        }
        if let root = steps.root, let index = roots.firstIndex(of: root) { tabs.selectedIndex = index }
        if let navigation = tabs.selectedViewController as? UINavigationController {
            // The tab's own screen, then the kept routes, then the pushed ones.
            let kept = Array(navigation.viewControllers.prefix(1 + steps.keep))
            navigation.setViewControllers(kept + steps.push.compactMap(screen), animated: animated)
        }
        if let tab { stacks[tab] = Array((stacks[tab] ?? []).prefix(steps.keep)) + steps.push }
        for layer in steps.present {
            let navigation = UINavigationController()
            navigation.setViewControllers(layer.stack.compactMap(screen), animated: false)
            navigation.modalPresentationStyle = layer.presentation == .fullScreen ? .fullScreen : .pageSheet
            let presenter: UIViewController = layers.last?.controller ?? tabs
            presenter.present(navigation, animated: animated)
            layers.append((layer, navigation))
        }
    }
}
#endif
