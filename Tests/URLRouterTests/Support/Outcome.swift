import URLRouter

/// An ``OpenResult`` reduced to what a test compares: routes by pattern, errors by kind.
enum Outcome: Sendable, Equatable, CustomStringConvertible {
    case handled(String)
    case pending(String)
    case declined([String])
    case unmatched
    case malformed(MalformedURLError.Reason)
    case refused
    case failed(String)
    case rejected(String)
    indirect case redirected(String, Outcome)
    case intercepting(String)
    /// Held until the opens are released: the URL.
    case held(String)

    init(_ result: OpenResult) {
        switch result {
        case .handled(let route): self = .handled(route.pattern)
        case .pending(let route, _): self = .pending(route.pattern)
        case .declined(let routes): self = .declined(routes.map(\.pattern))
        case .unmatched: self = .unmatched
        case .malformed(let error): self = .malformed(error.reason)
        case .refused: self = .refused
        case .failed(let route, _): self = .failed(route.pattern)
        case .rejected(let interceptor, _): self = .rejected(interceptor.pattern)
        case .redirected(_, let url, let result): self = .redirected(url, Outcome(result))
        case .intercepting(let interceptor, _): self = .intercepting(interceptor.pattern)
        case .held(let open): self = .held(open.url)
        }
    }

    var description: String {
        switch self {
        case .handled(let pattern): "handled by '\(pattern)'"
        case .pending(let pattern): "pending in '\(pattern)'"
        case .declined(let patterns): "declined by \(patterns)"
        case .unmatched: "unmatched"
        case .malformed(let reason): "malformed: \(reason)"
        case .refused: "refused"
        case .failed(let pattern): "failed in '\(pattern)'"
        case .rejected(let pattern): "rejected by '\(pattern)'"
        case .redirected(let url, let outcome): "redirected to '\(url)', then \(outcome)"
        case .intercepting(let pattern): "pending in interceptor '\(pattern)'"
        case .held(let url): "held '\(url)'"
        }
    }
}

extension OpenResult {
    /// The result as a test compares it.
    var outcome: Outcome { Outcome(self) }

    /// The error a failing handler threw.
    var error: (any Error)? {
        if case .failed(_, let error) = self { return error }
        return nil
    }
}
