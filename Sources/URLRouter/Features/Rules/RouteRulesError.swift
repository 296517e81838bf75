import PatternMatcher

/// Everything wrong with a rules document, reported at once: what ``RouteRules/init(json:)``
/// finds in its shape, and what ``Router/install(_:allowingHosts:)`` finds against the
/// registered routes (see <doc:RulesFromAServer>). A refused document changes nothing.
///
/// ```
/// 2 problems in the route rules:
/// - disabled[0].route: no registered route is named or written 'sael'
/// - redirects[1].to: 'reader://admin' is an internal route: a rules document may only point at what links may reach
/// ```
public struct RouteRulesError: Error, Sendable, Hashable, CustomStringConvertible {
    /// One problem, at its place in the document.
    struct Problem: Sendable, Hashable, CustomStringConvertible {
        /// Where in the document: `version`, `disabled[1].fallback`, `redirects[0]`.
        let place: String
        let message: String
        /// The same problem as ``Router/installRedirects(_:allowingHosts:)`` reports it.
        let registration: RegistrationError.Problem?

        init(place: String, _ message: String, registration: RegistrationError.Problem? = nil) {
            self.place = place
            self.message = message
            self.registration = registration
        }

        var description: String { "\(place): \(message)" }
    }

    /// Every problem, one line each, in the document's order: its place in the document
    /// (`disabled[1].fallback`), then what is wrong. Text from the document is bounded and its
    /// control characters are escaped.
    public var problems: [String] { found.map(\.description) }

    let found: [Problem]

    init(_ problems: [Problem]) {
        precondition(!problems.isEmpty, "an error names at least one problem")
        found = problems
    }

    /// The header and the first 50 problems, then how many more there are: bounded however
    /// many problems a document has (read ``problems`` for all of them).
    public var description: String { listing(problems, header: "in the route rules") }
}
