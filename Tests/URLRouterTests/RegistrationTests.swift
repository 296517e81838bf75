import Testing
import URLRouter

/// The registration phase: every problem at once, each naming its pattern, column and
/// module; a failed registration after start-up leaves the router as it was.
@Suite("The registration phase")
struct RegistrationTests {
    @Test("modules are registered from Swift when the app asks, not at load time")
    func registrationWithoutLoad() throws {
        #expect(CountedModule.registrations.current == 0, "nothing runs before the app asks")

        let router = try Router(modules: [CountedModule.self])

        #expect(CountedModule.registrations.current == 1)
        #expect(router.open("reader://counted").outcome == .handled("reader://counted"))
    }

    @Test("one error lists every invalid pattern, conflict and duplicate name, each with its module")
    func everyProblemAtOnce() throws {
        let error = #expect(throws: RegistrationError.self) {
            try Router(modules: [ShelfWithProblems.self, DetailWithProblems.self])
        }
        let problems = try #require(error?.problems)

        #expect(problems.count == 4, "\(problems)")
        let invalid = problems.filter { $0.patternError != nil }
        #expect(invalid.map { "\($0.module) \($0.pattern) column \($0.patternError!.column)" }.sorted() == [
            "BookDetail reader://detail/<float:x> column 18",
            "Bookshelf reader://shelf/**/x column 16",
        ])
        let conflict = try #require(problems.first { $0.conflictingRoute != nil })
        let pair = [[conflict.pattern, conflict.module],
                    [conflict.conflictingRoute!.pattern, conflict.conflictingRoute!.module]]
        #expect(Set(pair) == [["reader://book/:id", "Bookshelf"], ["reader://book/:slug", "BookDetail"]])
        #expect(conflict.description.contains("reader://book/:id") && conflict.description.contains("reader://book/:slug"))
        #expect(conflict.description.contains("Bookshelf") && conflict.description.contains("BookDetail"))
        let duplicate = try #require(problems.first { $0.duplicateName != nil })
        #expect(duplicate.duplicateName == "shelf")
        #expect(duplicate.description.contains("reader://shelf") && duplicate.description.contains("reader://detail"))
        #expect(duplicate.description.contains("Bookshelf") && duplicate.description.contains("BookDetail"))
        #expect(error?.description.hasPrefix("4 problems in the routes:") == true)
    }

    @Test("the report does not depend on the order of the modules")
    func reportIsOrderIndependent() throws {
        let forward = #expect(throws: RegistrationError.self) {
            try Router(modules: [ShelfWithProblems.self, DetailWithProblems.self])
        }
        let backward = #expect(throws: RegistrationError.self) {
            try Router(modules: [DetailWithProblems.self, ShelfWithProblems.self])
        }

        #expect(forward?.description == backward?.description)
    }

    @Test("a name used by three routes gives the same report in every module order")
    func duplicateNamesInAnyOrder() throws {
        let routes = ["Alpha": ["reader://a"], "Beta": ["reader://b"], "Gamma": ["reader://c"]]
        let names = ["reader://a": "home", "reader://b": "home", "reader://c": "home"]
        let modules: [any RouteModule.Type] = [Alpha.self, Beta.self, Gamma.self]
        var reports: Set<String> = []

        for order in PrecedenceTests.permutations(["Alpha", "Beta", "Gamma"]) {
            let ordered = order.map { name in modules.first { $0.moduleName == name }! }
            let result = TableModule.$routes.withValue(routes) {
                TableModule.$names.withValue(names) {
                    Result { () throws(RegistrationError) in try Router(modules: ordered) }
                }
            }
            guard case .failure(let error) = result else {
                Issue.record("\(order) registered")
                continue
            }
            #expect(error.problems.count == 2)
            #expect(error.problems.allSatisfy { $0.duplicateName == "home" })
            reports.insert(error.description)
        }

        #expect(reports.count == 1, "\(reports)")
    }

    @Test("a module listed twice is reported once, and its routes do not conflict with themselves")
    func moduleListedTwice() throws {
        let error = #expect(throws: RegistrationError.self) { try Router(modules: [Bookshelf.self, Bookshelf.self]) }

        #expect(error?.problems.count == 1)
        #expect(error?.problems.first?.isModuleAlreadyRegistered == true)
        #expect(error?.problems.first?.module == "Bookshelf")
    }

    @Test("a byte limit above 65,535 is one problem of the registration, saying the limit and the most")
    func byteLimitAboveTheMost() throws {
        let options = Router.Options(matching: MatchOptions(limits: URLLimits(maxBytes: 70_000)))
        let error = #expect(throws: RegistrationError.self) {
            try Router(modules: [Bookshelf.self], options: options) { routes in
                routes.intercept("reader://shelf/**", name: "audit") { _ in .proceed }
            }
        }

        let message = "URLLimits.maxBytes is 70000; a route table takes at most 65535"
        #expect(error?.problems.map(\.description) == [message], "once, though two tables are built with the options")
        #expect(error?.description == "1 problem in the routes:\n- " + message)
        let largest = Router.Options(matching: MatchOptions(limits: URLLimits(maxBytes: 65_535)))
        #expect(try Router(modules: [Bookshelf.self], options: largest).canOpen("reader://shelf"))
    }

    struct InvalidCase: Sendable, CustomTestStringConvertible {
        let pattern: String
        let column: Int
        var testDescription: String { "'\(pattern)' at column \(column)" }
    }

    static let invalidCases: [InvalidCase] = [
        .init(pattern: "", column: 1),
        .init(pattern: "/", column: 1),
        .init(pattern: "reader://shelf/**/x", column: 16),
        .init(pattern: "reader://家/**/x", column: 12),
        .init(pattern: "reader://book/:", column: 15),
        .init(pattern: "reader://book/:1d", column: 15),
        .init(pattern: "reader://book/:id/:id", column: 19),
        .init(pattern: "reader://book/<float:x>", column: 16),
        .init(pattern: "reader://book/<int:id", column: 15),
        .init(pattern: "reader://book/%zz", column: 15),
        .init(pattern: "reader://book?x=1", column: 14),
        .init(pattern: "reader://book#top", column: 14),
        .init(pattern: "reader://book/*x", column: 15),
        .init(pattern: "reader://book/**1x", column: 15),
        .init(pattern: "reader://a:80/b", column: 10),
    ]

    @Test("an invalid pattern is reported with its column and module", arguments: invalidCases)
    func invalidPattern(_ check: InvalidCase) throws {
        let router = try Router()

        let error = #expect(throws: RegistrationError.self) {
            try router.register(moduleNamed: "Probe") { routes in
                routes.action("reader://fine/:id") { _ in }
                routes.action(check.pattern) { _ in }
            }
        }

        #expect(error?.problems.count == 1)
        let problem = try #require(error?.problems.first)
        #expect(problem.pattern == check.pattern)
        #expect(problem.module == "Probe")
        #expect(problem.patternError?.column == check.column, "\(problem)")
        #expect(problem.description.contains("column \(check.column)"))
    }

    struct ConflictCase: Sendable, CustomTestStringConvertible {
        let label: String
        /// Patterns by module.
        let routes: [String: [String]]
        /// Each conflict as its two routes, written "Module pattern".
        let conflicts: Set<Set<String>>
        var caseInsensitive = false
        var testDescription: String { label }
    }

    static let conflictCases: [ConflictCase] = [
        .init(label: "parameters with different names", routes: ["Alpha": ["reader://user/:id"], "Beta": ["reader://user/:name"]],
              conflicts: [["Alpha reader://user/:id", "Beta reader://user/:name"]]),
        .init(label: "`*`, `~` and `:x` have the same shape",
              routes: ["Alpha": ["reader://a/*"], "Beta": ["reader://a/~"], "Gamma": ["reader://a/:x"]],
              // Each against the reference, the pattern that sorts first: `*` (0x2A) before `:` and `~`.
              conflicts: [["Alpha reader://a/*", "Beta reader://a/~"], ["Alpha reader://a/*", "Gamma reader://a/:x"]]),
        .init(label: "catch-alls", routes: ["Alpha": ["reader://f/**"], "Beta": ["reader://f/**rest"]],
              conflicts: [["Alpha reader://f/**", "Beta reader://f/**rest"]]),
        .init(label: "the same converter conflicts, another does not",
              routes: ["Alpha": ["reader://b/<int:id>"], "Beta": ["reader://b/<int:n>", "reader://b/<double:n>"]],
              conflicts: [["Alpha reader://b/<int:id>", "Beta reader://b/<int:n>"]]),
        .init(label: "within one module", routes: ["Alpha": ["reader://c/:a", "reader://c/:b"]],
              conflicts: [["Alpha reader://c/:a", "Alpha reader://c/:b"]]),
        .init(label: "different shapes with different names are fine",
              routes: ["Alpha": ["/a/:id"], "Beta": ["/a/:slug/edit"]], conflicts: []),
        .init(label: "literals are compared decoded",
              routes: ["Alpha": ["reader://category/家居"], "Beta": ["reader://category/%E5%AE%B6%E5%B1%85"]],
              conflicts: [["Alpha reader://category/家居", "Beta reader://category/%E5%AE%B6%E5%B1%85"]]),
        .init(label: "scheme and host are compared lowercased",
              routes: ["Alpha": ["READER://Book/x"], "Beta": ["reader://book/x"]],
              conflicts: [["Alpha READER://Book/x", "Beta reader://book/x"]]),
        .init(label: "path literals differ by case", routes: ["Alpha": ["reader://book/X"], "Beta": ["reader://book/x"]],
              conflicts: []),
        .init(label: "path literals conflict by case when paths are case-insensitive",
              routes: ["Alpha": ["reader://book/X"], "Beta": ["reader://book/x"]],
              conflicts: [["Alpha reader://book/X", "Beta reader://book/x"]], caseInsensitive: true),
        .init(label: "with and without a scheme", routes: ["Alpha": ["reader/book"], "Beta": ["reader://book"]],
              conflicts: []),
    ]

    @Test("every conflict names both patterns and both modules", arguments: conflictCases)
    func conflicts(_ check: ConflictCase) throws {
        let options = Router.Options(matching: MatchOptions(caseInsensitivePaths: check.caseInsensitive))
        let modules: [any RouteModule.Type] = [Alpha.self, Beta.self, Gamma.self]

        let result = TableModule.$routes.withValue(check.routes) {
            Result { () throws(RegistrationError) in try Router(modules: modules, options: options) }
        }

        switch result {
        case .success:
            #expect(check.conflicts.isEmpty, "expected conflicts \(check.conflicts)")
        case .failure(let error):
            #expect(error.problems.allSatisfy { $0.conflictingRoute != nil }, "\(error)")
            let found = Set(error.problems.compactMap { problem in
                problem.conflictingRoute.map { other in
                    Set(["\(problem.module) \(problem.pattern)", "\(other.module) \(other.pattern)"])
                }
            })
            #expect(found == check.conflicts, "\(error)")
        }
    }

    struct LateFailureCase: Sendable, CustomTestStringConvertible {
        let label: String
        var module = "Late"
        let patterns: [String]
        var name: String? = nil
        let check: @Sendable (RegistrationError.Problem) -> Bool
        var testDescription: String { label }
    }

    static let lateFailureCases: [LateFailureCase] = [
        .init(label: "an invalid pattern", patterns: ["reader://new/thing", "reader://new/**/x"],
              check: { $0.patternError?.column == 14 && $0.module == "Late" }),
        .init(label: "a conflict with a registered route", patterns: ["reader://new/thing", "reader://shelf/<int:n>"],
              check: { [$0.module, $0.conflictingRoute?.module ?? ""].sorted() == ["Bookshelf", "Late"] }),
        .init(label: "a registered route name", patterns: ["reader://new/thing"], name: "shelf",
              check: { $0.duplicateName == "shelf" }),
        .init(label: "a registered module name", module: "Bookshelf", patterns: ["reader://new/thing"],
              check: { $0.isModuleAlreadyRegistered && $0.module == "Bookshelf" }),
    ]

    @Test("a failed registration after start-up leaves the router unchanged", arguments: lateFailureCases)
    func lateFailureLeavesRouterUnchanged(_ check: LateFailureCase) throws {
        let router = try Router(modules: [Bookshelf.self])
        let routesBefore = router.routes
        let treeBefore = router.description

        let error = #expect(throws: RegistrationError.self) {
            try router.register(moduleNamed: check.module) { routes in
                for pattern in check.patterns { routes.action(pattern, name: check.name) { _ in } }
            }
        }

        #expect(error?.problems.count == 1)
        #expect(error.map { $0.problems.allSatisfy(check.check) } == true, "\(error.map(String.init(describing:)) ?? "")")
        #expect(router.routes == routesBefore)
        #expect(router.description == treeBefore)
        #expect(!router.canOpen("reader://new/thing"))
        #expect(router.open("reader://shelf").outcome == .handled("reader://shelf"))
        #expect(try router.url(for: "shelf") == "reader://shelf")
        // The module was not recorded, so its corrected routes can be registered.
        try router.register(moduleNamed: "Late") { routes in routes.action("reader://new/thing") { _ in } }
        #expect(router.canOpen("reader://new/thing"))
    }

    @Test("registering a module type twice after start-up fails and changes nothing")
    func moduleTypeTwice() throws {
        let router = try Router(modules: [Bookshelf.self])

        let error = #expect(throws: RegistrationError.self) { try router.register(Bookshelf.self) }

        #expect(error?.problems.map(\.isModuleAlreadyRegistered) == [true])
        #expect(router.routes.count == 2)
    }

    @Test("a declared converter is available to every module's patterns")
    func declaredConverter() throws {
        let router = try Router(modules: [ISBNModule.self]) { routes in
            routes.action("reader://isbn/<isbn:code>") { _ in }
            routes.action("reader://isbn/:other") { _ in }
        }

        #expect(router.open("reader://isbn/9780140449136").outcome == .handled("reader://isbn/<isbn:code>"))
        #expect(router.open("reader://isbn/97801404").outcome == .handled("reader://isbn/:other"))
        #expect(try router.url(for: "reader://isbn/<isbn:code>", parameters: ["code": "9780140449136"])
                == "reader://isbn/9780140449136")
        #expect(throws: GenerationError.self) {
            try router.url(for: "reader://isbn/<isbn:code>", parameters: ["code": "123"])
        }
    }

    @Test("a converter declared twice is reported")
    func converterDeclaredTwice() throws {
        let error = #expect(throws: RegistrationError.self) {
            try Router(modules: [ISBNModule.self]) { routes in routes.declare(ISBN()) }
        }

        #expect(error?.problems.count == 1)
        #expect(error?.description.contains("isbn") == true)
    }
}

/// Counts how often its routes are declared.
enum CountedModule: RouteModule {
    static let registrations = Shared(0)
    static func registerRoutes(in routes: inout RouteRegistrar) {
        registrations.increment()
        routes.action("reader://counted") { _ in }
    }
}

enum ShelfWithProblems: RouteModule {
    static var moduleName: String { "Bookshelf" }
    static func registerRoutes(in routes: inout RouteRegistrar) {
        routes.action("reader://shelf/**/x") { _ in }
        routes.action("reader://shelf", name: "shelf") { _ in }
        routes.action("reader://book/:id", name: "book") { _ in }
    }
}

enum DetailWithProblems: RouteModule {
    static var moduleName: String { "BookDetail" }
    static func registerRoutes(in routes: inout RouteRegistrar) {
        routes.action("reader://book/:slug") { _ in }
        routes.action("reader://detail/<float:x>") { _ in }
        routes.action("reader://detail", name: "shelf") { _ in }
    }
}

/// Modules whose routes a table-driven test chooses, through a task-local value.
enum TableModule {
    /// Patterns by module.
    @TaskLocal static var routes: [String: [String]] = [:]
    /// Route names by pattern.
    @TaskLocal static var names: [String: String] = [:]

    static func register(_ module: String, in routes: inout RouteRegistrar) {
        for pattern in Self.routes[module] ?? [] { routes.action(pattern, name: names[pattern]) { _ in } }
    }
}

enum Alpha: RouteModule {
    static func registerRoutes(in routes: inout RouteRegistrar) { TableModule.register(moduleName, in: &routes) }
}

enum Beta: RouteModule {
    static func registerRoutes(in routes: inout RouteRegistrar) { TableModule.register(moduleName, in: &routes) }
}

enum Gamma: RouteModule {
    static func registerRoutes(in routes: inout RouteRegistrar) { TableModule.register(moduleName, in: &routes) }
}

/// A converter for 13-digit ISBNs.
struct ISBN: ParameterConverter {
    var name: String { "isbn" }
    func accepts(_ text: Substring) -> Bool { text.utf8.count == 13 && text.utf8.allSatisfy { $0 >= 0x30 && $0 <= 0x39 } }
}

enum ISBNModule: RouteModule {
    static func registerRoutes(in routes: inout RouteRegistrar) {
        routes.declare(ISBN())
        routes.action("reader://book/isbn/<isbn:code>") { _ in }
    }
}

/// Spellings from other routers that would be silent literals are registration problems
/// that say what to write instead.
@Suite("Registration: other routers' spellings")
struct MigrationSpellingTests {
    enum Reader: RouteModule {
        static func registerRoutes(in routes: inout RouteRegistrar) {
            routes.action("reader://book/{id}") { _ in }
            routes.action("reader://shelf/ :name") { _ in }
            routes.action("reader://brace/%7Bid%7D") { _ in }
        }
    }

    @Test("'{id}' and ' :id' name the pattern, the column, the module and the spelling to use")
    func reported() throws {
        let error = #expect(throws: RegistrationError.self) { try Router(modules: [Reader.self]) }
        let problems = try #require(error?.problems)
        #expect(problems.count == 2, "a literal brace written %7B...%7D is accepted: \(problems)")
        let rows = problems.map { "\($0.module) \($0.pattern) column \($0.patternError?.column ?? 0)" }
        #expect(rows.sorted() == ["Reader reader://book/{id} column 15", "Reader reader://shelf/ :name column 16"])
        let text = "\(try #require(error))"
        #expect(text.contains("write ':id', or '%7Bid%7D' for a literal brace"), "\(text)")
        #expect(text.contains("write ':name'"), "\(text)")
    }
}
