/// How a typed route's screen is shown (see <doc:Navigation>): pushed on the stack below it,
/// or presented modally, as a sheet or full screen, starting a layer of its own.
///
/// ```swift
/// struct ComposeRoute: TypedRoute {
///     static let pattern = "reader://compose"
///     static var presentation: Presentation { .sheet }   // its descendants are pushed in the sheet
/// }
/// ```
/// Compare with `==` (`layer.presentation == .fullScreen`): more kinds may come.
public struct Presentation: Sendable, Hashable, CustomStringConvertible {
    private enum Kind: Hashable {
        case push
        case sheet
        case fullScreen
    }
    private let kind: Kind

    /// Pushed on the stack of the layer below it: the default.
    public static let push = Presentation(kind: .push)
    /// Presented as a sheet: a layer above the stack below it.
    public static let sheet = Presentation(kind: .sheet)
    /// Presented full screen: a layer that covers what is below it.
    public static let fullScreen = Presentation(kind: .fullScreen)

    /// Whether the route starts a layer of its own (``sheet`` or ``fullScreen``).
    public var isModal: Bool { kind != .push }

    /// `push`, `sheet` or `fullScreen`.
    public var description: String {
        switch kind {
        case .push: "push"
        case .sheet: "sheet"
        case .fullScreen: "fullScreen"
        }
    }
}

/// One modal layer of a plan or of what is on screen (see <doc:Navigation>): a route presented
/// as a sheet or full screen, then the routes pushed inside it.
///
/// ```swift
/// let plan = try router.plan(for: "reader://compose/attach")
/// plan.modals   // [ModalLayer(sheet, ['reader://compose', 'reader://compose/attach'])]
/// ```
public struct ModalLayer: Sendable, Hashable, CustomStringConvertible, CustomReflectable {
    /// How the layer is presented: ``Presentation/sheet`` or ``Presentation/fullScreen``.
    public let presentation: Presentation
    /// The layer's stack, bottom first: the presented route, then the routes pushed in it.
    public let stack: [AnyRoute]

    /// Creates a layer (a navigator says what it presents; tests compare with a plan's).
    /// - Parameters:
    ///   - presentation: how the layer is presented.
    ///   - stack: the presented route first, then the routes pushed inside it.
    public init(presentation: Presentation, stack: [AnyRoute]) {
        self.presentation = presentation
        self.stack = stack
    }

    /// The presentation and the stack's URLs, as a log may show them: query values `•`, no
    /// userinfo, no fragment, at most 4 KB.
    public var description: String {
        var budget = NavigationPlan.descriptionBudget
        return "ModalLayer(\(presentation), \(NavigationPlan.listed(stack.map(\.url), budget: &budget)))"
    }

    /// What `dump` and the debugger show: the stack's redacted URLs, never the raw ones.
    public var customMirror: Mirror {
        Mirror(self, children: ["presentation": presentation, "stack": stack.map { AnyRoute.shown($0.url) }],
               displayStyle: .struct)
    }
}
