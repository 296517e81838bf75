/// The typed routes the installed rules present otherwise than they declare (see
/// <doc:RulesFromAServer>): what plans read in place of ``TypedRoute/presentation``. A class,
/// so that a dry run that keeps it for its plan copies one reference.
final class PresentationOverrides: Sendable {
    /// One route presented otherwise, as the route map lists it.
    struct Entry: Sendable {
        /// The route overridden.
        let route: RouteInfo
        /// The route as the document names it.
        let rule: String
        let presentation: Presentation
    }

    /// The presentations, by the route's type: a plan meets a route as a value (a parent is
    /// one the app derives), and the type is what declares a presentation.
    private let byType: IdentityTable<Presentation>
    /// Every route overridden, sorted by pattern.
    let all: [Entry]

    /// The overrides of `overrides` (checked when installed) for the typed routes of this
    /// table; `nil` when none names one (a route that left with its module keeps nothing).
    init?(_ overrides: [RouteRules.PresentationOverride], routes: RouteList, names: [String: Int]) {
        guard !overrides.isEmpty else { return nil }
        let byPattern = routes.idsByPattern
        var byType = IdentityTable<Presentation>()
        var all: [Entry] = []
        for rule in overrides {
            guard let id = names[rule.route] ?? byPattern[rule.route], let decoding = routes.typedDecoding(of: id),
                  byType[ObjectIdentifier(decoding.type)] == nil else { continue }
            byType.keep(rule.presentation, for: ObjectIdentifier(decoding.type))
            all.append(Entry(route: routes[id].info, rule: rule.route, presentation: rule.presentation))
        }
        guard !all.isEmpty else { return nil }
        self.byType = byType
        self.all = all.sorted { $0.route.pattern.utf8.lexicographicallyPrecedes($1.route.pattern.utf8) }
    }

    /// How plans present a value of `type`: as the rules say, else as the type declares.
    func presentation(of type: any TypedRoute.Type) -> Presentation {
        byType[ObjectIdentifier(type)] ?? type.plannedPresentation
    }
}

extension Optional<PresentationOverrides> {
    /// How plans present a value of `type` under these overrides, or as it declares when
    /// no rules present anything otherwise.
    func presentation(of type: any TypedRoute.Type) -> Presentation {
        self?.presentation(of: type) ?? type.plannedPresentation
    }
}
