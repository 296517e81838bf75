import PatternMatcher

/// What happened to an open: each outcome told apart.
public enum OpenResult: Sendable, CustomStringConvertible {
    /// A route's handler took the URL. Asynchronous handlers started by the synchronous
    /// `open` report this as soon as they start.
    case handled(RouteInfo)
    /// Routes matched, and every one of their handlers declined (listed best first).
    case declined([RouteInfo])
    /// No route matches (the unmatched handler, if any, was told).
    case unmatched
    /// The URL is malformed (Matching rules, "Malformed URLs"); nothing ran.
    case malformed(MalformedURLError)
    /// The URL was refused before matching: an external open of a URL with userinfo.
    case refused(String)
    /// A handler threw an error other than ``Decline``.
    case failed(RouteInfo, any Error)

    /// Whether a handler took the URL.
    public var isHandled: Bool {
        if case .handled = self { return true }
        return false
    }

    /// The route that handled (or failed on) the URL.
    public var route: RouteInfo? {
        switch self {
        case .handled(let route), .failed(let route, _): route
        default: nil
        }
    }

    public var description: String {
        switch self {
        case .handled(let route): "handled by \(route)"
        case .declined(let routes): "declined by \(routes.map(\.description).joined(separator: ", "))"
        case .unmatched: "no route matches"
        case .malformed(let error): "\(error)"
        case .refused(let reason): "refused: \(reason)"
        case .failed(let route, let error): "failed in \(route): \(error)"
        }
    }
}

/// A URL no route matched, as the unmatched handler sees it.
public struct UnmatchedRequest: Sendable {
    /// The URL as opened.
    public let url: String
    /// Where the open came from.
    public let source: OpenSource
    /// The caller's data.
    public let userInfo: [String: any Sendable]
}

/// Called when no route matches (CTMediator's `notFound:` target); reached by external
/// opens only when its exposure is ``Exposure/external``.
public struct UnmatchedHandler: Sendable {
    let exposure: Exposure
    let handle: @Sendable (UnmatchedRequest) -> Void

    /// Creates an unmatched handler.
    /// - Parameters:
    ///   - exposure: whether deep links that match nothing reach it (default: no).
    ///   - handle: what to do, for example log or show a "not found" screen.
    public init(exposure: Exposure = .internal, _ handle: @escaping @Sendable (UnmatchedRequest) -> Void) {
        self.exposure = exposure
        self.handle = handle
    }
}
