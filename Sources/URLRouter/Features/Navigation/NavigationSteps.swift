/// What turns the screens on display into a ``NavigationPlan``'s
/// (``NavigationPlan/steps(from:placement:)``): dismiss layers from the top, keep a prefix of
/// the stack and push the rest, switch the root, then present layers.
public struct NavigationSteps: Sendable, Hashable, CustomStringConvertible, CustomReflectable {
    /// How many routes of the current stack stay, from the bottom. On a root switch, they are
    /// routes of the new root's own stack (``Navigator/stack(for:)``).
    public let keep: Int
    /// What follows them, bottom first.
    public let push: [AnyRoute]
    /// The root to switch to; `nil` when the plan's root is already on screen (or it has none).
    public let root: AnyRoute?
    /// How many modal layers on screen (``Navigator/presented``) to dismiss, from the top.
    public let dismiss: Int
    /// The modal layers to present above those that stay, bottom first.
    public let present: [ModalLayer]

    /// Creates steps (in tests).
    /// - Parameters:
    ///   - keep: how many routes of the current stack stay.
    ///   - push: what follows them.
    ///   - root: the root to switch to, or `nil`.
    ///   - dismiss: how many modal layers to dismiss, from the top.
    ///   - present: the layers to present above those that stay.
    public init(keep: Int, push: [AnyRoute], root: AnyRoute?, dismiss: Int = 0, present: [ModalLayer] = []) {
        self.keep = keep
        self.push = push
        self.root = root
        self.dismiss = dismiss
        self.present = present
    }

    /// The steps in the order a navigator takes them, URLs as a log may show them: query values
    /// `•`, no userinfo, no fragment, at most 4 KB (the URLs past that are counted).
    public var description: String {
        var budget = NavigationPlan.descriptionBudget
        let rootText = root.map { "'\(AnyRoute.shown($0.url))'" } ?? "nil"
        budget -= rootText.utf8.count
        let pushText = NavigationPlan.listed(push.map(\.url), budget: &budget)
        let layers = NavigationPlan.listed(layers: present, budget: &budget)
        return "NavigationSteps(dismiss: \(dismiss), root: \(rootText), keep: \(keep), push: \(pushText), present: \(layers))"
    }

    /// What `dump` and the debugger show: the description's redacted URLs, never the raw ones.
    public var customMirror: Mirror {
        Mirror(self, children: ["dismiss": dismiss, "root": root.map { AnyRoute.shown($0.url) } as Any, "keep": keep,
                                "push": NavigationPlan.firstEight(push) { AnyRoute.shown($0.url) },
                                "present": NavigationPlan.firstEight(present, \.description)],
               displayStyle: .struct)
    }
}

extension NavigationPlan {
    /// How to go from a stack and a root on screen, with no modal layer, to this plan: keep
    /// the longest common prefix of the current stack, push the rest, switch root when the
    /// plan's differs, and present the plan's layers.
    ///
    /// The kept prefix plus ``NavigationSteps/push`` is always ``stack``. When the root
    /// changes (another tab), nothing of the current stack is kept: it belongs to the other
    /// root. ``steps(from:placement:)`` reads the layers on screen and the other tab's own stack.
    /// - Parameters:
    ///   - current: the stack on screen, bottom first.
    ///   - currentRoot: the root on screen.
    /// - Returns: the steps; the navigator decides how to show them (replace, push, animate).
    public func steps(from current: [AnyRoute], root currentRoot: AnyRoute?) -> NavigationSteps {
        steps(root: currentRoot, stack: current, presented: [], stackOfRoot: { _ in [] }, placement: .keepCommonPrefix)
    }

    /// How to go from what `navigator` shows to this plan, placed by `placement`: what
    /// ``Router/navigate(to:source:)`` hands to ``Navigator/show(_:steps:source:)``, with the
    /// placement of `Router.Options(placement:)`. A navigator that decides for itself calls it
    /// with its own.
    ///
    /// ```swift
    /// func show(_ plan: NavigationPlan, steps: NavigationSteps, source: OpenSource) {
    ///     apply(source == .app ? plan.steps(from: self, placement: .push) : steps)
    /// }
    /// ```
    /// On a root switch (another tab), every layer on screen is dismissed, since it covers the
    /// other tab, and ``NavigationSteps/keep`` counts within that tab's own stack
    /// (``Navigator/stack(for:)``).
    /// - ``Placement/keepCommonPrefix``: keep the longest common prefix of the stack; keep the
    ///   layers the plan shares from the bottom when the stack stays whole (a layer stays only
    ///   when everything below it does). Kept plus pushed is ``stack``, and the layers kept plus
    ///   ``NavigationSteps/present`` are ``modals``.
    /// - ``Placement/replace``: keep nothing and dismiss every layer; push ``stack``, present
    ///   ``modals``.
    /// - ``Placement/push``: keep the whole stack; push the link's own route (the plan's last),
    ///   dismissing the layers above the stack, or, when the link's route is in a modal layer,
    ///   keep the layers and present the plan's top layer above them.
    /// - Parameters:
    ///   - navigator: what is on screen: ``Navigator/current``, ``Navigator/presented`` and,
    ///     on a root switch, ``Navigator/stack(for:)``.
    ///   - placement: where the plan lands.
    /// - Returns: the steps.
    @MainActor
    public func steps(from navigator: some Navigator, placement: Placement = .keepCommonPrefix) -> NavigationSteps {
        let (currentRoot, current) = navigator.current
        return steps(root: currentRoot, stack: current, presented: navigator.presented,
                     stackOfRoot: { navigator.stack(for: $0) }, placement: placement)
    }

    /// The steps from a root, a stack and layers on screen; `stackOfRoot` gives the stack of a
    /// root not on screen, read only on a root switch.
    func steps(root currentRoot: AnyRoute?, stack current: [AnyRoute], presented: [ModalLayer],
               stackOfRoot: (AnyRoute) -> [AnyRoute], placement: Placement) -> NavigationSteps {
        var switchTo: AnyRoute?
        if let root, root != currentRoot { switchTo = root }
        let base = switchTo.map(stackOfRoot) ?? current
        // A tab switch dismisses every layer: each covers the tab it was presented over.
        let layers = switchTo == nil ? presented : []
        switch placement.kind {
        case .replace:
            return NavigationSteps(keep: 0, push: stack, root: switchTo, dismiss: presented.count, present: modals)
        case .push:
            if let top = modals.last {
                return NavigationSteps(keep: base.count, push: [], root: switchTo,
                                       dismiss: presented.count - layers.count, present: [top])
            }
            return NavigationSteps(keep: base.count, push: stack.last.map { [$0] } ?? [], root: switchTo,
                                   dismiss: presented.count, present: [])
        case .keepCommonPrefix:
            var keep = 0
            while keep < base.count, keep < stack.count, base[keep] == stack[keep] { keep += 1 }
            var kept = 0
            if keep == base.count, keep == stack.count {
                while kept < layers.count, kept < modals.count, layers[kept] == modals[kept] { kept += 1 }
            }
            return NavigationSteps(keep: keep, push: Array(stack[keep...]), root: switchTo,
                                   dismiss: presented.count - kept, present: Array(modals[kept...]))
        }
    }
}
