import PatternMatcher

/// Why ``Router/requireObject(for:as:userInfo:source:)`` has no object for a URL.
public enum ObjectError: Error, Sendable, Equatable, CustomStringConvertible {
    /// No route matches.
    case unmatched
    /// The URL is malformed.
    case malformed(MalformedURLError)
    /// The open was refused before any handler ran.
    case refused(Refusal)
    /// The best match is an action route: it has no object to give.
    case notAnObjectRoute(RouteInfo)
    /// The handler gave an object of another type, named here.
    case otherType(RouteInfo, String)
    /// Every matching object handler declined.
    case declined([RouteInfo])
    /// The handler threw.
    case failed(RouteInfo, any Error)
    /// A main-actor object route, and the caller is not on the main actor (or asked for a
    /// value that must be `Sendable`).
    case needsMainActor(RouteInfo)
    /// An asynchronous object route: use the `async` overload.
    case needsAsync(RouteInfo)
    /// An interceptor rejected the lookup, for this reason.
    case rejected(InterceptorInfo, String)
    /// An asynchronous interceptor sees this URL: use the `async` overload.
    case needsAwaitedInterceptor(InterceptorInfo)

    /// The reason an open that ran no handler gives.
    init(_ result: OpenResult) {
        switch result {
        case .malformed(let error): self = .malformed(error)
        case .refused(let refusal): self = .refused(refusal)
        case .declined(let routes): self = .declined(routes)
        case .failed(let route, let error): self = .failed(route, error)
        case .rejected(let interceptor, let reason): self = .rejected(interceptor, reason)
        // Object lookups are never held (refused while holding): `.held` does not reach here.
        case .unmatched, .handled, .pending, .redirected, .intercepting, .held: self = .unmatched
        }
    }

    /// One line; URLs and errors in it are bounded and escaped.
    public var description: String {
        switch self {
        case .unmatched: "no route matches"
        case .malformed(let error): "\(error)"
        case .refused(let refusal): "refused: \(refusal)"
        case .notAnObjectRoute(let route): "\(route) is an action route, not an object route"
        case .otherType(let route, let type): "\(route) gave a \(Echo.quoted(type))"
        case .declined(let routes): "declined by \(routes.prefix(10).map(\.description).joined(separator: ", "))"
        case .failed(let route, let error): "failed in \(route): \(Echo.quoted(String(describing: error)))"
        case .needsMainActor(let route): "\(route) makes its object on the main actor: ask there, with object(for:as:)"
        case .needsAsync(let route): "\(route) makes its object asynchronously: use await object(for:)"
        case .rejected(let interceptor, let reason): "rejected by \(interceptor): \(Echo.quoted(reason))"
        case .needsAwaitedInterceptor(let interceptor): "\(interceptor) must be awaited: use await object(for:)"
        }
    }

    public static func == (lhs: ObjectError, rhs: ObjectError) -> Bool {
        switch (lhs, rhs) {
        case (.unmatched, .unmatched): true
        case (.malformed(let a), .malformed(let b)): a == b
        case (.refused(let a), .refused(let b)): a == b
        case (.notAnObjectRoute(let a), .notAnObjectRoute(let b)): a == b
        case (.otherType(let a, let x), .otherType(let b, let y)): a == b && x == y
        case (.declined(let a), .declined(let b)): a == b
        case (.failed(let a, let e), .failed(let b, let f)): a == b && errorsAreEqual(e, f)
        case (.needsMainActor(let a), .needsMainActor(let b)): a == b
        case (.needsAsync(let a), .needsAsync(let b)): a == b
        case (.rejected(let a, let x), .rejected(let b, let y)): a == b && x == y
        case (.needsAwaitedInterceptor(let a), .needsAwaitedInterceptor(let b)): a == b
        default: false
        }
    }
}
