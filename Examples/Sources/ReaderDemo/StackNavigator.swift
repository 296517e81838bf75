import URLRouter

/// A navigator whose stacks are plain arrays, as `NavigationStack(path:)` bindings are: one per
/// tab, and the modal layers above them (sheets, full-screen covers). It applies the steps the
/// router gives it: dismiss layers, switch the tab, keep a prefix, push the rest, present layers.
@MainActor
final class StackNavigator: Navigator {
    private(set) var tab: AnyRoute?
    private var stacks: [AnyRoute?: [AnyRoute]] = [:]
    private(set) var layers: [ModalLayer] = []
    private(set) var lastSteps: NavigationSteps?

    var path: [AnyRoute] { stacks[tab] ?? [] }
    var current: (root: AnyRoute?, stack: [AnyRoute]) { (tab, path) }
    var presented: [ModalLayer] { layers }
    func stack(for root: AnyRoute) -> [AnyRoute] { stacks[root] ?? [] }

    func show(_ plan: NavigationPlan, steps: NavigationSteps, source: OpenSource) {
        lastSteps = steps
        layers.removeLast(steps.dismiss)
        if let root = steps.root { tab = root }
        stacks[tab] = Array(path.prefix(steps.keep)) + steps.push
        layers += steps.present
    }

    /// The last steps, for the transcript.
    var shownSteps: String {
        guard let steps = lastSteps else { return "none" }
        var text = "keep \(steps.keep), push [\(steps.push.map(\.url).joined(separator: ", "))], root \(steps.root?.url ?? "-")"
        if steps.dismiss > 0 { text += ", dismiss \(steps.dismiss)" }
        if !steps.present.isEmpty { text += ", present \(Self.shown(steps.present))" }
        return text
    }

    /// What is on screen, for the transcript.
    var onScreen: String {
        "tab \(tab?.url ?? "-"), stack [\(path.map(\.url).joined(separator: ", "))]"
            + (layers.isEmpty ? "" : ", layers \(Self.shown(layers))")
    }

    private static func shown(_ layers: [ModalLayer]) -> String {
        "[" + layers.map { "\($0.presentation) [\($0.stack.map(\.url).joined(separator: ", "))]" }.joined(separator: ", ") + "]"
    }
}
