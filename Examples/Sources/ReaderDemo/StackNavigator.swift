import URLRouter

/// A navigator whose stack is a plain array, as a `NavigationStack(path:)` binding is: it
/// applies the steps the router gives it (keep a prefix, push the rest, switch the tab).
@MainActor
final class StackNavigator: Navigator {
    private(set) var tab: AnyRoute?
    private(set) var path: [AnyRoute] = []
    private(set) var lastSteps: NavigationSteps?

    var current: (root: AnyRoute?, stack: [AnyRoute]) { (tab, path) }

    func show(_ plan: NavigationPlan, steps: NavigationSteps, source: OpenSource) {
        lastSteps = steps
        if let root = steps.root { tab = root }
        path = Array(path.prefix(steps.keep)) + steps.push
    }

    /// The last steps, for the transcript.
    var shownSteps: String {
        guard let steps = lastSteps else { return "none" }
        return "keep \(steps.keep), push [\(steps.push.map(\.url).joined(separator: ", "))], root \(steps.root?.url ?? "-")"
    }

    /// What is on screen, for the transcript.
    var onScreen: String { "tab \(tab?.url ?? "-"), stack [\(path.map(\.url).joined(separator: ", "))]" }
}
