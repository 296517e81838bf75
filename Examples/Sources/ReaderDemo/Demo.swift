import URLRouter

/// Runs the script's steps, one readable line each: what the step shows, the source,
/// the URL and the outcome. A step whose outcome is not the expected one is marked, and
/// the demo then exits with a failure status (CI runs it).
struct Demo {
    /// What a step must lead to.
    indirect enum Expectation {
        case handled(by: String), unmatched, malformed, refused, value(String)
        /// Routes matched and every handler declined; the first to decline has this pattern.
        case declined(by: String)
        /// A handler failed with an error whose description is this text (a typed route whose
        /// URL did not decode, when no other route took it).
        case failed(String)
        /// An interceptor sent the open to `url`, and opening it gave `then`.
        case redirected(to: String, then: Expectation)
        /// Redirects went round in a loop until the limit refused the next one.
        case redirectLoop
        /// The router holds external opens until the app is ready: the open waits.
        case held
    }

    let router: Router
    let transcript: Transcript
    private(set) var failures = 0

    init(router: Router, transcript: Transcript) {
        self.router = router
        self.transcript = transcript
    }

    /// Opens `url` from `source` and reports what happened.
    /// - Parameter other: the router to open it with, when not the app's.
    mutating func open(_ label: String, _ url: String, from source: OpenSource = .app,
                       userInfo: [String: any Sendable] = [:], on other: Router? = nil, expect expectation: Expectation) {
        let result = (other ?? router).open(url, userInfo: userInfo, source: source) { [transcript] reply in
            if let reply { transcript.note("\(reply)") }
        }
        report(label, source: source, url, result, expectation)
    }

    /// Opens the URL of `route`, a typed value, and reports what happened; the subject
    /// shows the type and the URL it was written as.
    mutating func open<R: TypedRoute>(_ label: String, _ route: R, from source: OpenSource = .app,
                                      userInfo: [String: any Sendable] = [:], expect expectation: Expectation) {
        let result = router.open(route, userInfo: userInfo, source: source) { [transcript] reply in
            if let reply { transcript.note("\(reply)") }
        }
        report(label, source: source, Self.subject(route), result, expectation)
    }

    /// How a step shows a typed value: its type, and the URL it is written as.
    static func subject<R: TypedRoute>(_ route: R) -> String {
        "\(R.self) " + ((try? route.url()) ?? "(no URL)")
    }

    /// Reports a step that is not an open: an object lookup, a generated URL, a check.
    mutating func report(_ label: String, source: OpenSource? = nil, _ subject: String, _ outcome: String,
                         expect expectation: Expectation) {
        let ok = if case .value(let expected) = expectation { outcome == expected } else { false }
        report(label, source: source, subject, outcome, ok: ok)
    }

    /// Reports a step whose check the caller made (values compared, not their text).
    mutating func report(_ label: String, source: OpenSource? = nil, _ subject: String, _ outcome: String, ok: Bool) {
        let columns = [pad(label, 10), pad(source.map { "\($0)" } ?? "", 9), pad(subject, 44)]
        print(columns.joined(separator: " ") + " → " + outcome + (ok ? "" : "   ✗ NOT AS EXPECTED"))
        if !ok { failures += 1 }
    }

    private mutating func report(_ label: String, source: OpenSource, _ subject: String, _ result: OpenResult,
                                 _ expectation: Expectation) {
        let outcome = ([result.description] + transcript.take()).joined(separator: ": ")
        report(label, source: source, subject, outcome, ok: Self.check(result, expectation))
    }

    private static func check(_ result: OpenResult, _ expectation: Expectation) -> Bool {
        switch (result, expectation) {
        case (.handled(let route), .handled(let pattern)): route.pattern == pattern
        case (.declined(let routes), .declined(let pattern)): routes.first?.pattern == pattern
        case (.unmatched, .unmatched), (.malformed, .malformed), (.refused, .refused), (.held, .held): true
        case (.failed(_, let error), .failed(let description)): "\(error)" == description
        case (.redirected(_, let url, let inner), .redirected(let expected, let then)): url == expected && check(inner, then)
        case (.redirected(_, _, let inner), .redirectLoop): check(inner, .redirectLoop)
        case (.refused(let refusal), .redirectLoop): refusal.redirectChain != nil
        default: false
        }
    }

    private func pad(_ text: String, _ width: Int) -> String {
        text + String(repeating: " ", count: max(0, width - text.count))
    }
}
