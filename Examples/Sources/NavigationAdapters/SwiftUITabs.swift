// Apple-only: SwiftUI. The Navigation article's SwiftUI adapter, compiled by the hosted Apple
// workflow (nothing here has SwiftUI): a TabView with a NavigationStack path per tab, and the
// plan's modal layers as sheets and full-screen covers.
#if canImport(SwiftUI)
import SwiftUI
import URLRouter

/// The tabs' stacks and the modal layers, as the router's steps change them.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1, *)
@MainActor @Observable public final class TabsNavigator: Navigator {
    public var tab: AnyRoute
    public var paths: [AnyRoute: [AnyRoute]] = [:]
    public var layers: [ModalLayer] = []

    public init(tab: AnyRoute) { self.tab = tab }

    public var current: (root: AnyRoute?, stack: [AnyRoute]) { (tab, paths[tab] ?? []) }
    public var presented: [ModalLayer] { layers }
    public func stack(for root: AnyRoute) -> [AnyRoute] { paths[root] ?? [] }

    public func show(_ plan: NavigationPlan, steps: NavigationSteps, source: OpenSource) {
        layers.removeLast(steps.dismiss)
        if let root = steps.root { tab = root }
        paths[tab] = Array((paths[tab] ?? []).prefix(steps.keep)) + steps.push
        layers += steps.present
    }

    func path(_ tab: AnyRoute) -> Binding<[AnyRoute]> {
        Binding { self.paths[tab] ?? [] } set: { self.paths[tab] = $0 }
    }

    /// The layer at `depth` when it is presented as `presentation` (`nil`: however it is
    /// presented); setting `nil` (a swipe down) dismisses it and the layers above it.
    func layer(_ depth: Int, _ presentation: Presentation?) -> Binding<LayerItem?> {
        Binding {
            self.layers.indices.contains(depth) && (presentation == nil || self.layers[depth].presentation == presentation)
                ? LayerItem(layer: self.layers[depth]) : nil
        } set: { item in
            if item == nil, self.layers.count > depth { self.layers.removeLast(self.layers.count - depth) }
        }
    }

    /// The routes pushed inside the layer at `depth`: its stack after the presented route.
    func layerPath(_ depth: Int) -> Binding<[AnyRoute]> {
        Binding {
            self.layers.indices.contains(depth) ? Array(self.layers[depth].stack.dropFirst()) : []
        } set: { path in
            guard self.layers.indices.contains(depth) else { return }
            let layer = self.layers[depth]
            self.layers[depth] = ModalLayer(presentation: layer.presentation, stack: [layer.stack[0]] + path)
        }
    }
}

/// A presented layer; the same presented route is the same sheet, whatever is pushed in it.
struct LayerItem: Identifiable {
    let layer: ModalLayer
    var id: AnyRoute { layer.stack[0] }
}

/// The tab view: each tab's stack, and the layers above them all.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1, *)
public struct TabsView: View {
    @Bindable var navigator: TabsNavigator
    let tabs: [AnyRoute]

    public init(navigator: TabsNavigator, tabs: [AnyRoute]) {
        self.navigator = navigator
        self.tabs = tabs
    }

    public var body: some View {
        TabView(selection: $navigator.tab) {
            ForEach(tabs, id: \.self) { tab in
                NavigationStack(path: navigator.path(tab)) {
                    Screen(route: tab)
                        .navigationDestination(for: AnyRoute.self) { Screen(route: $0) }
                }
                .tag(tab)
            }
        }
        .modifier(Layers(navigator: navigator, depth: 0))
    }
}

/// The layer at `depth` as a sheet or a full-screen cover, each with its own stack and the
/// layer above it.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1, *)
struct Layers: ViewModifier {
    let navigator: TabsNavigator
    let depth: Int

    func body(content: Content) -> some View {
        #if os(macOS)
        // macOS has no full-screen cover: every layer is a sheet there, a full-screen one too.
        content
            .sheet(item: navigator.layer(depth, nil)) { stack(of: $0) }
        #else
        content
            .sheet(item: navigator.layer(depth, .sheet)) { stack(of: $0) }
            .fullScreenCover(item: navigator.layer(depth, .fullScreen)) { stack(of: $0) }
        #endif
    }

    private func stack(of item: LayerItem) -> some View {
        NavigationStack(path: navigator.layerPath(depth)) {
            Screen(route: item.layer.stack[0])
                .navigationDestination(for: AnyRoute.self) { Screen(route: $0) }
        }
        .modifier(Layers(navigator: navigator, depth: depth + 1))
    }
}

/// A route's screen; an app builds each from `route.base`.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1, *)
struct Screen: View {
    let route: AnyRoute
    var body: some View { Text(route.url) }
}
#endif
