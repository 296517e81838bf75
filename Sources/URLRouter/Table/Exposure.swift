/// Who may reach a route (Matching rules, "Sources and exposure").
///
/// Routes are ``internal`` unless registered as ``external`` (every external channel) or
/// ``external(from:)`` (the channels listed). An open from an external source (a link,
/// another app, a notification, a widget…) sees only the routes exposed to its channel.
///
/// ```swift
/// routes.action("reader://book/<int:id>", exposure: .external) { … }                  // every channel
/// routes.action("reader://reset-password", exposure: .external(from: [.notification])) { … }
/// ```
public struct Exposure: Sendable, Hashable, CustomStringConvertible {
    private enum Kind: Hashable {
        case `internal`
        case external
        /// The external channels listed, one bit each (``OpenSource/channelBit``).
        case channels(UInt16)
    }
    private let kind: Kind
    private init(_ kind: Kind) { self.kind = kind }

    /// Reachable only from code in the app. The default.
    public static let `internal` = Exposure(.internal)
    /// Reachable from every external channel as well: links, other apps, universal links,
    /// notifications, widgets, shortcuts, Spotlight, Handoff, intents and deferred links.
    public static let external = Exposure(.external)

    /// Reachable from the app and from the external channels `sources` only: a password-reset
    /// route that notifications reach and links do not (see <doc:WhereLinksComeFrom>).
    ///
    /// ```swift
    /// routes.action("reader://account/reset", exposure: .external(from: [.notification])) { … }
    /// ```
    /// ``OpenSource/external`` in the list is the link channel (another app, a browser, a
    /// universal link): only routes that list it, or are ``external``, are universal-link
    /// paths of the association file. ``OpenSource/app`` in the list changes nothing (the app
    /// reaches every route), and an empty list is ``internal``.
    /// - Parameter sources: the external channels that may reach the route.
    public static func external(from sources: [OpenSource]) -> Exposure {
        let mask = sources.reduce(UInt16(0)) { $0 | $1.channelBit }
        return mask == 0 ? .internal : Exposure(.channels(mask))
    }

    /// Whether some external channel may reach the route.
    public var isExternal: Bool { kind != .internal }

    /// Whether an open from `source` may reach the route: the app reaches every route, an
    /// external channel the routes exposed to it.
    /// - Parameter source: where the open comes from.
    public func isReachable(from source: OpenSource) -> Bool {
        switch kind {
        case .internal: !source.isExternal
        case .external: true
        case .channels(let mask): !source.isExternal || mask & source.channelBit != 0
        }
    }

    /// The channels a route ``external(from:)`` lists, one bit each; `nil` for ``internal``
    /// and ``external``.
    var channelMask: UInt16? {
        if case .channels(let mask) = kind { return mask }
        return nil
    }

    /// `internal`, `external`, or `external(from: notification, widget)`, its channels in the
    /// order ``OpenSource`` declares them.
    public var description: String {
        switch kind {
        case .internal: "internal"
        case .external: "external"
        case .channels(let mask):
            "external(from: " + OpenSource.channels.filter { mask & $0.channelBit != 0 }.map(\.description)
                .joined(separator: ", ") + ")"
        }
    }

    /// The exposure a ``description`` names (a route map's), or `nil` when it names none.
    package init?(description: String) {
        switch description {
        case "internal": self = .internal
        case "external": self = .external
        default:
            guard description.hasPrefix("external(from: "), description.hasSuffix(")") else { return nil }
            let names = description.dropFirst("external(from: ".count).dropLast().split(separator: ",")
                .map { $0.trimmingCharacters(in: " ") }
            var sources: [OpenSource] = []
            for name in names {
                guard let source = OpenSource.channels.first(where: { $0.description == name }) else { return nil }
                sources.append(source)
            }
            self = .external(from: sources)
        }
    }
}

extension Substring {
    /// This text without `character` at either end.
    fileprivate func trimmingCharacters(in character: Character) -> Substring {
        var text = self
        while text.first == character { text.removeFirst() }
        while text.last == character { text.removeLast() }
        return text
    }
}

/// Where an open comes from: the app, or one of the external channels a link arrives
/// through (Matching rules, "Sources and exposure"; <doc:WhereLinksComeFrom> maps each
/// system entry point to its channel).
///
/// Every channel but ``app`` is external (``isExternal``): it sees only the routes exposed
/// to it, and URLs carrying userinfo are refused. Handlers, interceptors, the observer and
/// held opens see the channel, and what an external open's request hands out stays that
/// channel.
public struct OpenSource: Sendable, Hashable, CustomStringConvertible {
    private enum Kind: UInt8, Hashable {
        case app, external, notification, widget, shortcut, spotlight, handoff, intent, deferred
    }
    private let kind: Kind
    private init(_ kind: Kind) { self.kind = kind }

    /// Code in the app: every route is visible. The default.
    public static let app = OpenSource(.app)
    /// A link from outside: another app, a browser, a universal link, a scene's or SwiftUI's
    /// `onOpenURL`. Only routes exposed to it are visible, and URLs carrying userinfo are refused.
    public static let external = OpenSource(.external)
    /// A notification the user tapped (its payload's link).
    public static let notification = OpenSource(.notification)
    /// A widget's, a Live Activity's or a control's App Intent, run in the app (`perform()`).
    /// A `widgetURL` or a `Link` arrives as any link does (`onOpenURL`): ``external``.
    public static let widget = OpenSource(.widget)
    /// A Home Screen quick action (`UIApplicationShortcutItem`).
    public static let shortcut = OpenSource(.shortcut)
    /// A Spotlight result (`CSSearchableItemActionType`).
    public static let spotlight = OpenSource(.spotlight)
    /// An activity continued from another device (Handoff's `NSUserActivity`).
    public static let handoff = OpenSource(.handoff)
    /// An App Intent or a Siri shortcut run by the system.
    public static let intent = OpenSource(.intent)
    /// A link tapped before the app was installed, handed over after install (an App Clip's
    /// App Group, an attribution service).
    public static let deferred = OpenSource(.deferred)

    /// The external channels, in the order they are declared.
    package static let channels: [OpenSource] = [.external, .notification, .widget, .shortcut, .spotlight, .handoff,
                                         .intent, .deferred]

    /// Whether the URL comes from outside the app: every source but ``app``.
    public var isExternal: Bool { kind != .app }

    /// This source's bit in an ``Exposure``'s channels: 0 for ``app``.
    var channelBit: UInt16 { kind == .app ? 0 : 1 << UInt16(kind.rawValue - 1) }

    /// This channel's place in ``channels``, or `nil` for ``app``.
    var channelIndex: Int? { kind == .app ? nil : Int(kind.rawValue) - 1 }

    /// This source, never wider than `bound`: an open made for an external request stays
    /// that request's channel whatever source it names.
    func narrowed(to bound: OpenSource?) -> OpenSource {
        guard let bound, bound.isExternal else { return self }
        return bound
    }

    /// This source for a universal link, which comes from outside the app whoever opens it: a
    /// channel that delivered it (a notification's link) stays that channel, else `external`.
    var forUniversalLink: OpenSource { isExternal ? self : .external }

    /// The channel's name: `app`, `external`, `notification`, `widget`, `shortcut`,
    /// `spotlight`, `handoff`, `intent` or `deferred`.
    public var description: String {
        switch kind {
        case .app: "app"
        case .external: "external"
        case .notification: "notification"
        case .widget: "widget"
        case .shortcut: "shortcut"
        case .spotlight: "spotlight"
        case .handoff: "handoff"
        case .intent: "intent"
        case .deferred: "deferred"
        }
    }
}
