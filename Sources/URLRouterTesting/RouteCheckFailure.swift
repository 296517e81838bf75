/// Why a check of `URLRouterTesting` failed: every difference it found, each naming the route,
/// service or origin it is about.
///
/// Its ``description`` is what Swift Testing and XCTest print for a thrown error:
///
/// ```
/// assertOpens: 'reader://book/42' from app reaches reader://book/:slug (slug) [BookDetail], not 'book'
/// ```
public struct RouteCheckFailure: Error, Sendable, Hashable, CustomStringConvertible {
    /// The check that failed, for example `assertOpens`.
    public let check: String
    /// The differences, one line each, in the order the check found them.
    public let problems: [String]

    init(_ check: String, _ problems: [String]) {
        precondition(!problems.isEmpty, "a failure names at least one difference")
        self.check = check
        self.problems = problems
    }

    init(_ check: String, _ problem: String) {
        self.init(check, [problem])
    }

    /// The check's name, then its one difference on the same line, or each difference on a
    /// line of its own.
    public var description: String {
        problems.count == 1 ? "\(check): \(problems[0])"
            : "\(check): \(problems.count) differences\n" + problems.map { "  - " + $0 }.joined(separator: "\n")
    }
}
