/// Every problem the registration phase found in a table, reported together.
///
/// ```
/// 2 problems in the route table:
/// - [Bookshelf] '**' must be the last segment (column 4 in '/a/**/b')
/// - [Profile] '/user/:id' conflicts with '/user/:name' [Bookshelf]: they have the same shape
/// ```
public struct RouteTableError: Error, Sendable, Hashable, CustomStringConvertible {
    /// One problem: an invalid pattern, a conflict, an invalid converter or a limit the
    /// table cannot take.
    public struct Problem: Sendable, Hashable, CustomStringConvertible, Comparable {
        private enum Kind: Hashable {
            case invalidPattern(PatternError)
            case conflict(with: String, otherOwner: String)
            case invalidConverter(reason: String)
            case limitAboveMaximum(name: String, value: Int, maximum: Int)
        }
        private let kind: Kind
        /// The pattern (or, for a converter, its name) the problem is about; empty for a limit.
        public let pattern: String
        /// The owner tag given with the route (the module that registered it).
        public let owner: String

        /// A pattern that does not parse.
        public static func invalidPattern(_ error: PatternError, owner: String) -> Problem {
            Problem(kind: .invalidPattern(error), pattern: error.pattern, owner: owner)
        }

        /// Two patterns of the same shape (Matching rules, "Conflicts"): one of them could never be reached.
        public static func conflict(_ pattern: String, owner: String,
                                    with other: String, otherOwner: String) -> Problem {
            Problem(kind: .conflict(with: other, otherOwner: otherOwner), pattern: pattern, owner: owner)
        }

        /// A declared converter that cannot be used; `owner` declared it.
        public static func invalidConverter(_ name: String, owner: String = "", reason: String) -> Problem {
            Problem(kind: .invalidConverter(reason: reason), pattern: name, owner: owner)
        }

        /// A limit of the table's ``MatchOptions`` above the most a table takes: `name` is the
        /// ``URLLimits`` property (`maxBytes`), `value` what it was set to.
        public static func limitAboveMaximum(_ name: String, value: Int, maximum: Int) -> Problem {
            Problem(kind: .limitAboveMaximum(name: name, value: value, maximum: maximum), pattern: "", owner: "")
        }

        /// The parse error, when the pattern is invalid.
        public var patternError: PatternError? {
            if case .invalidPattern(let error) = kind { return error }
            return nil
        }

        /// The other pattern and its owner, when this is a conflict.
        public var conflictingRoute: (pattern: String, owner: String)? {
            if case .conflict(let other, let otherOwner) = kind { return (other, otherOwner) }
            return nil
        }

        /// Whether the problem is with a declared converter.
        public var isInvalidConverter: Bool {
            if case .invalidConverter = kind { return true }
            return false
        }

        /// One line; every pattern and owner in it is quoted bounded and escaped.
        public var description: String {
            let who = owner.isEmpty ? "" : "[\(Echo.quoted(owner))] "
            switch kind {
            case .invalidPattern(let error):
                return "\(who)\(error)"
            case .conflict(let other, let otherOwner):
                let whom = otherOwner.isEmpty ? "" : " [\(Echo.quoted(otherOwner))]"
                return "\(who)'\(Echo.quoted(pattern))' conflicts with '\(Echo.quoted(other))'\(whom): "
                    + "they have the same shape, so one could never match"
            case .invalidConverter(let reason):
                return "\(who)converter '\(Echo.quoted(pattern))': \(reason)"
            case .limitAboveMaximum(let name, let value, let maximum):
                return "URLLimits.\(Echo.quoted(name)) is \(value); a route table takes at most \(maximum)"
            }
        }

        /// A total order, so that reports do not depend on registration order.
        public static func < (lhs: Problem, rhs: Problem) -> Bool {
            (lhs.pattern, lhs.owner, lhs.description) < (rhs.pattern, rhs.owner, rhs.description)
        }
    }

    /// Every problem, sorted by pattern, then owner.
    public let problems: [Problem]

    /// Creates an error from problems, which it sorts.
    /// - Complexity: O(n log n); each problem's description is written once.
    public init(problems: [Problem]) {
        self.problems = sortedOnce(problems, by: { ($0.pattern, $0.owner, $0.description) })
    }

    /// The header and the first 50 problems, then how many more
    /// there are: bounded however many problems a table has (read ``problems`` for all).
    public var description: String {
        listing(problems, header: "in the route table")
    }
}

/// How many problems an error's description lists before it says how many more there are.
package let listedProblemLimit = 50

/// "n problems <where>:" and one line per problem, up to 50.
package func listing<Problem: CustomStringConvertible>(_ problems: [Problem], header: String) -> String {
    let count = problems.count
    var lines = ["\(count) problem\(count == 1 ? "" : "s") \(header):"]
    lines += problems.prefix(listedProblemLimit).map { "- \($0)" }
    if count > listedProblemLimit { lines.append("- … and \(count - listedProblemLimit) more") }
    return lines.joined(separator: "\n")
}

/// `items` sorted by a key of three strings computed once per item, not once per
/// comparison (a problem's description is written once).
package func sortedOnce<Item>(_ items: [Item], by key: (Item) -> (String, String, String)) -> [Item] {
    items.map { (key: key($0), item: $0) }.sorted { $0.key < $1.key }.map(\.item)
}
