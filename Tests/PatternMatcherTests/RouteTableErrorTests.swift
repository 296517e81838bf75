import PatternMatcher
import Testing

/// Matching rules: conflicts and the registration phase: a table with problems is refused with *every*
/// problem, each naming its pattern, its owner and, for a conflict, the other route.
@Suite("Route table errors (Matching rules: conflicts)")
struct RouteTableErrorTests {
    struct Route: Sendable, CustomStringConvertible {
        let pattern: String
        let owner: String
        /// The patterns this one must be reported as conflicting with.
        let conflictsWith: Set<String>
        var description: String { "\(pattern) [\(owner)]" }
    }

    struct ConflictCase: Sendable, CustomTestStringConvertible {
        let name: String
        var caseInsensitive = false
        let routes: [Route]
        var testDescription: String { name }
    }

    /// Conflict tables in matchit's shape: every pattern with the conflicts it must raise.
    static let conflictTables: [ConflictCase] = [
        ConflictCase(name: "any-one-segment spellings are one shape", routes: [
            Route(pattern: "/a/:x", owner: "A", conflictsWith: ["/a/:y", "/a/*", "/a/~", "/a/<string:s>"]),
            Route(pattern: "/a/:y", owner: "B", conflictsWith: ["/a/:x", "/a/*", "/a/~", "/a/<string:s>"]),
            Route(pattern: "/a/*", owner: "C", conflictsWith: ["/a/:x", "/a/:y", "/a/~", "/a/<string:s>"]),
            Route(pattern: "/a/~", owner: "D", conflictsWith: ["/a/:x", "/a/:y", "/a/*", "/a/<string:s>"]),
            Route(pattern: "/a/<string:s>", owner: "E", conflictsWith: ["/a/:x", "/a/:y", "/a/*", "/a/~"]),
            Route(pattern: "/a/<int:n>", owner: "F", conflictsWith: []),
            Route(pattern: "/a/<hex:h>", owner: "F", conflictsWith: ["/a/<hex:g>"]),
            Route(pattern: "/a/<hex:g>", owner: "G", conflictsWith: ["/a/<hex:h>"]),
            Route(pattern: "/a", owner: "H", conflictsWith: []),
        ]),
        ConflictCase(name: "catch-alls, named or not", routes: [
            Route(pattern: "/b/**", owner: "A", conflictsWith: ["/b/**rest", "/b//**x/"]),
            Route(pattern: "/b/**rest", owner: "B", conflictsWith: ["/b/**", "/b//**x/"]),
            Route(pattern: "/b//**x/", owner: "C", conflictsWith: ["/b/**", "/b/**rest"]),
            Route(pattern: "/b/*", owner: "D", conflictsWith: []),
            Route(pattern: "/b", owner: "E", conflictsWith: []),
            Route(pattern: "**", owner: "F", conflictsWith: []),
        ]),
        ConflictCase(name: "literals compared after decoding, scheme and host lowercased", routes: [
            Route(pattern: "/c/x", owner: "A", conflictsWith: ["/c/%78", "c/x/"]),
            Route(pattern: "/c/%78", owner: "B", conflictsWith: ["/c/x", "c/x/"]),
            Route(pattern: "c/x/", owner: "C", conflictsWith: ["/c/x", "/c/%78"]),
            Route(pattern: "/C/x", owner: "D", conflictsWith: []),
            Route(pattern: "READER://Book/x", owner: "E", conflictsWith: ["reader://book/x", "reader:///book/x", "reader:book/x"]),
            Route(pattern: "reader://book/x", owner: "F", conflictsWith: ["READER://Book/x", "reader:///book/x", "reader:book/x"]),
            Route(pattern: "reader:///book/x", owner: "G", conflictsWith: ["READER://Book/x", "reader://book/x", "reader:book/x"]),
            Route(pattern: "reader:book/x", owner: "H", conflictsWith: ["READER://Book/x", "reader://book/x", "reader:///book/x"]),
            Route(pattern: "reader:///Book/x", owner: "I", conflictsWith: []),
            Route(pattern: "/reader/book/x", owner: "J", conflictsWith: []),
        ]),
        ConflictCase(name: "scheme parameters are one shape", routes: [
            Route(pattern: "*://x", owner: "A", conflictsWith: [":s://x", "*:x"]),
            Route(pattern: ":s://x", owner: "B", conflictsWith: ["*://x", "*:x"]),
            Route(pattern: "*:x", owner: "C", conflictsWith: ["*://x", ":s://x"]),
            Route(pattern: "x://x", owner: "D", conflictsWith: []),
        ]),
        ConflictCase(name: "case-insensitive tables fold literals", caseInsensitive: true, routes: [
            Route(pattern: "/Book/:id", owner: "A", conflictsWith: ["/book/:slug"]),
            Route(pattern: "/book/:slug", owner: "B", conflictsWith: ["/Book/:id"]),
            Route(pattern: "/straße/:id", owner: "C", conflictsWith: []),
            Route(pattern: "/STRASSE/:id", owner: "D", conflictsWith: []),
        ]),
        ConflictCase(name: "different names in different shapes are fine", routes: [
            Route(pattern: "/a/:id", owner: "A", conflictsWith: []),
            Route(pattern: "/a/:slug/edit", owner: "B", conflictsWith: []),
            Route(pattern: "/a/:other/**rest", owner: "C", conflictsWith: []),
        ]),
    ]

    @Test("every conflict is reported, naming both routes and owners", arguments: conflictTables)
    func conflicts(_ check: ConflictCase) {
        var builder = RouteTableBuilder<String>(options: MatchOptions(caseInsensitivePaths: check.caseInsensitive))
        builder.declare(HexConverter())
        for route in check.routes { builder.add(route.pattern, value: route.pattern, owner: route.owner) }
        let owners = Dictionary(uniqueKeysWithValues: check.routes.map { ($0.pattern, $0.owner) })
        do {
            _ = try builder.build()
            #expect(check.routes.allSatisfy { $0.conflictsWith.isEmpty }, "the table was accepted")
        } catch {
            var found: [String: Set<String>] = [:]
            for problem in error.problems {
                guard let other = problem.conflictingRoute else {
                    Issue.record("not a conflict: \(problem)")
                    continue
                }
                #expect(problem.owner == owners[problem.pattern] && other.owner == owners[other.pattern], "\(problem)")
                #expect(problem.description.contains("'\(problem.pattern)' conflicts with '\(other.pattern)'"))
                found[problem.pattern, default: []].insert(other.pattern)
                found[other.pattern, default: []].insert(problem.pattern)
            }
            // `conflictsWith` lists the other routes of the same shape. Each shape's reference
            // (its pattern that sorts first in byte order) is paired with every other member,
            // and every other member with the reference alone: k patterns, k - 1 problems.
            var references: Set<String> = []
            for route in check.routes where !route.conflictsWith.isEmpty {
                let shape = [route.pattern] + route.conflictsWith
                let reference = shape.min { $0.utf8.lexicographicallyPrecedes($1.utf8) }!
                references.insert(reference)
                let expected = route.pattern == reference ? route.conflictsWith : [reference]
                #expect(found[route.pattern, default: []] == expected, "\(route)")
            }
            let shaped = check.routes.filter { !$0.conflictsWith.isEmpty }.count
            #expect(error.problems.count == shaped - references.count, "k - 1 problems per shape")
        }
    }

    @Test("every kind of problem at once, sorted, with owners")
    func everyProblem() {
        var builder = RouteTableBuilder<String>()
        builder.declare(AcceptAllConverter(name: "int"))
        builder.add("/user/:name", value: "", owner: "Bookshelf")
        builder.add("/a/**/b", value: "", owner: "Bookshelf")
        builder.add("/user/:id", value: "", owner: "Profile")
        builder.add("/ok", value: "", owner: "Profile")
        builder.add("/c/<isbn:x>", value: "", owner: "Books")
        builder.add("/user/*", value: "", owner: "Settings")
        let expected: [RouteTableError.Problem] = [
            .invalidPattern(PatternError(pattern: "/a/**/b", column: 4, reason: .catchAllNotLast("**")),
                            owner: "Bookshelf"),
            .invalidPattern(PatternError(pattern: "/c/<isbn:x>", column: 5, reason: .unknownConverter("isbn")),
                            owner: "Books"),
            .conflict("/user/:id", owner: "Profile", with: "/user/*", otherOwner: "Settings"),
            .conflict("/user/:name", owner: "Bookshelf", with: "/user/*", otherOwner: "Settings"),
            .invalidConverter("int", reason: "the name is taken by a built-in converter"),
        ]
        let error = #expect(throws: RouteTableError.self) { try builder.build() }
        #expect(error?.problems == expected)
        #expect(error?.description == """
            5 problems in the route table:
            - [Bookshelf] '**' must be the last segment (column 4 in '/a/**/b')
            - [Books] 'isbn' is not a known converter (built in: int, double, uuid, string) (column 5 in '/c/<isbn:x>')
            - [Profile] '/user/:id' conflicts with '/user/*' [Settings]: they have the same shape, so one could never match
            - [Bookshelf] '/user/:name' conflicts with '/user/*' [Settings]: they have the same shape, so one could never match
            - converter 'int': the name is taken by a built-in converter
            """)
        #expect(error?.problems.first?.patternError?.column == 4)
        #expect(error?.problems[2].conflictingRoute?.pattern == "/user/*")
        #expect(error?.problems.last?.isInvalidConverter == true)
    }

    @Test("one problem reads in the singular; no owner, no brackets")
    func singular() {
        let error = RouteTableError(problems: [.conflict("/a/:x", owner: "", with: "/a/:y", otherOwner: "")])
        #expect(error.description == """
            1 problem in the route table:
            - '/a/:x' conflicts with '/a/:y': they have the same shape, so one could never match
            """)
    }

    @Test("invalid patterns and their conflicts are not mixed up")
    func invalidDoesNotConflict() {
        var builder = RouteTableBuilder<String>()
        builder.add("/a/:x/", value: "", owner: "A")
        builder.add("/a/:x?q", value: "", owner: "B")
        builder.add("/a/:x#f", value: "", owner: "C")
        let error = #expect(throws: RouteTableError.self) { try builder.build() }
        #expect(error?.problems.map(\.owner) == ["C", "B"])
        #expect(error?.problems.allSatisfy { $0.patternError != nil } == true)
    }

    @Test("duplicates of one route are each reported against the first by owner")
    func duplicates() {
        var builder = RouteTableBuilder<String>()
        for owner in ["B", "A", "A"] { builder.add("/same", value: "", owner: owner) }
        let error = #expect(throws: RouteTableError.self) { try builder.build() }
        #expect(error?.problems == [
            .conflict("/same", owner: "A", with: "/same", otherOwner: "A"),
            .conflict("/same", owner: "B", with: "/same", otherOwner: "A"),
        ])
    }
}
