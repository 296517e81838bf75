import Testing
import URLRouter

// Types that do not fit their patterns, each in its own way.

struct OptionalPathRoute: TypedRoute {
    static let pattern = "reader://user/:id"
    var id: String?
}

struct MissingPathRoute: TypedRoute {
    static let pattern = "reader://shelf/:shelf/:book"
    var shelf: String
}

struct RequiredQueryRoute: TypedRoute {
    static let pattern = "reader://list"
    var sort: String
}

struct DeclaredQueryRoute: TypedRoute {
    static let pattern = "reader://list/declared"
    static var requiredQueryItems: Set<String> { ["sort"] }
    var sort: String
}

struct ListInPathRoute: TypedRoute {
    static let pattern = "reader://tags/:tags"
    var tags: [String]
}

struct Author: Codable, Hashable, Sendable {
    var name: String
}

struct NestedRoute: TypedRoute {
    static let pattern = "reader://nested"
    var author: Author?
}

struct BadDefaultsRoute: TypedRoute {
    static let pattern = "reader://defaults/:id"
    static var queryDefaults: [String: String] { ["page": "one", "id": "1", "ghost": "x"] }
    static var requiredQueryItems: Set<String> { ["phantom"] }
    var id: Int
    var page: Int
}

/// Defaults on an optional and on a list property: `nil` and `[]` would be left out of the
/// URL and read back as the defaults (hostile probe F5).
struct DefaultedOptionalRoute: TypedRoute {
    static let pattern = "reader://def/:id"
    static var queryDefaults: [String: String] { ["opt": "dflt", "page": "1", "tags": "t"] }
    var id: String
    var opt: String?
    var page: Int
    var tags: [String]
}

/// An `encode(to:)` that writes a key the type lacks and the path key twice:
/// `LiarRoute(id: "a").url()` was `reader://liar/y?other=x`, read back as `id: "y"`
/// (hostile probe F10).
struct LiarRoute: TypedRoute {
    static let pattern = "reader://liar/:id"
    var id: String

    enum CodingKeys: String, CodingKey { case id, other }

    init(id: String) { self.id = id }

    init(from decoder: any Decoder) throws {
        id = try decoder.container(keyedBy: CodingKeys.self).decode(String.self, forKey: .id)
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode("y", forKey: .id)
        try container.encode("x", forKey: .other)
    }
}

/// An `encode(to:)` that leaves out a property decoding reads.
struct ForgetfulRoute: TypedRoute {
    static let pattern = "reader://forgetful/:id"
    var id: String
    var note: String?

    enum CodingKeys: String, CodingKey { case id, note }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
    }
}

struct InvalidPatternRoute: TypedRoute {
    static let pattern = "reader://bad/**/x"
    var x: String?
}

/// A type whose own `init(from:)` validates: no placeholder gets through.
struct ValidatingRoute: TypedRoute {
    static let pattern = "reader://isbn/:code"
    var code: String
    var note: String?

    struct NotAnISBN: Error {}

    init(code: String, note: String? = nil) {
        self.code = code
        self.note = note
    }

    init(from decoder: any Decoder) throws {
        enum Keys: String, CodingKey { case code, note }
        let container = try decoder.container(keyedBy: Keys.self)
        code = try container.decode(String.self, forKey: .code)
        note = try container.decodeIfPresent(String.self, forKey: .note)
        guard code.count == 13, code.allSatisfy(\.isNumber) else { throw NotAnISBN() }
    }
}

struct DeclaredValidatingRoute: TypedRoute {
    static let pattern = "reader://isbn/declared/:code"
    static var declaredKeys: TypedRouteKeys? { TypedRouteKeys(required: ["code"], optional: ["note"]) }
    var code: String
    var note: String?

    init(code: String, note: String? = nil) {
        self.code = code
        self.note = note
    }

    init(from decoder: any Decoder) throws {
        enum Keys: String, CodingKey { case code, note }
        let container = try decoder.container(keyedBy: Keys.self)
        code = try container.decode(String.self, forKey: .code)
        note = try container.decodeIfPresent(String.self, forKey: .note)
        guard code.count == 13, code.allSatisfy(\.isNumber) else { throw ValidatingRoute.NotAnISBN() }
    }
}

/// A required raw-value enum that is not `CaseIterable`: probing finds no case, so the
/// type declares its keys.
enum Theme: String, Codable, Sendable {
    case sepia, night
}

struct ThemeRoute: TypedRoute {
    static let pattern = "reader://theme/:theme"
    static var declaredKeys: TypedRouteKeys? { TypedRouteKeys(required: ["theme"]) }
    var theme: Theme
}

/// The same enum, required in the query with no declared keys: the message gives the light
/// fixes (`CaseIterable`, a default) before `declaredKeys`.
struct UnprobedSortRoute: TypedRoute {
    static let pattern = "reader://sorted"
    var sort: Theme
}

/// The same enum captured by the path: a default cannot help there, so none is offered.
struct UnprobedThemeRoute: TypedRoute {
    static let pattern = "reader://theme/unprobed/:theme"
    var theme: Theme
}

/// A list of that enum: a default cannot help a list either.
struct UnprobedThemesRoute: TypedRoute {
    static let pattern = "reader://themes"
    var themes: [Theme]
}

/// A default that is none of the enum's cases.
struct WrongDefaultThemeRoute: TypedRoute {
    static let pattern = "reader://theme/wrong"
    static var queryDefaults: [String: String] { ["theme": "Sepia"] }
    var theme: Theme
}

/// The *Typed routes* article's `SearchRoute`, with an enum that is not `CaseIterable`: the
/// probe fills it with its own default text, so it registers as written.
struct DefaultedThemeSearchRoute: TypedRoute {
    static let pattern = "reader://themed-search/:term"
    static var queryDefaults: [String: String] { ["page": "1", "theme": "night"] }
    var term: String
    var page: Int
    var theme: Theme
}

@Suite("Typed routes: registration checks each type against its pattern")
struct TypedRegistrationTests {
    /// The problems registering `body` reports, as (type, property) pairs and messages.
    static func problems(_ body: (inout RouteRegistrar) -> Void) -> [RegistrationError.Problem] {
        do {
            _ = try Router(routes: body)
            return []
        } catch {
            return error.problems
        }
    }

    /// The problems registering `module` reports.
    static func problems(registering module: any RouteModule.Type) -> [RegistrationError.Problem] {
        do {
            _ = try Router(modules: [module])
            return []
        } catch {
            return error.problems
        }
    }

    struct Case: Sendable, CustomStringConvertible {
        let description: String
        let register: @Sendable (inout RouteRegistrar) -> Void
        /// The property each problem names (`nil`: the whole type), and a piece of its message.
        let expected: [(property: String?, says: String)]
    }

    static let cases: [Case] = [
        Case(description: "an optional path parameter", register: { $0.action(OptionalPathRoute.self) { _, _ in } },
             expected: [("id", "must be a non-optional property")]),
        Case(description: "a capture with no property", register: { $0.action(MissingPathRoute.self) { _, _ in } },
             expected: [("book", "has no property of that name")]),
        Case(description: "a required query item not declared", register: { $0.action(RequiredQueryRoute.self) { _, _ in } },
             expected: [("sort", "is required but the pattern does not capture it")]),
        Case(description: "a list in the path", register: { $0.action(ListInPathRoute.self) { _, _ in } },
             expected: [("tags", "which is a list")]),
        Case(description: "a nested type", register: { $0.object(NestedRoute.self) { _, _ in 0 } },
             expected: [("author", "a nested type")]),
        Case(description: "defaults and required items that do not fit",
             register: { $0.asyncAction(BadDefaultsRoute.self) { _, _ in } },
             expected: [("ghost", "has no property of that name"), ("id", "is a path parameter"),
                        ("page", "does not decode"), ("phantom", "`requiredQueryItems` but the type has no property")]),
        Case(description: "defaults on an optional and on a list property (probe F5)",
             register: { $0.action(DefaultedOptionalRoute.self) { _, _ in } },
             expected: [("opt", "but is optional: nil would be left out"), ("tags", "but is a list: an empty list")]),
        Case(description: "an encode(to:) that writes a key the type lacks and the path key twice (probe F10)",
             register: { $0.action(LiarRoute.self) { _, _ in } },
             expected: [("other", "writes 'other', which decoding does not read"), ("id", "writes 'id' 2 times")]),
        Case(description: "an encode(to:) that leaves out a property decoding reads",
             register: { $0.object(ForgetfulRoute.self) { _, _ in 0 } },
             expected: [("note", "decoding reads 'note' but `encode(to:)` does not write it")]),
        Case(description: "an invalid pattern", register: { $0.action(InvalidPatternRoute.self) { _, _ in } },
             expected: [(nil, "the pattern is invalid"), (nil, "'**' must be the last segment")]),
        Case(description: "a validating init that no placeholder passes, with no declared keys",
             register: { $0.action(ValidatingRoute.self) { _, _ in } },
             expected: [(nil, "declare its keys in `declaredKeys`")]),
        Case(description: "an enum that is not CaseIterable, in the query with no default (newcomer trial 4)",
             register: { $0.action(UnprobedSortRoute.self) { _, _ in } },
             expected: [("sort", "'sort' is a Theme, which takes none of the placeholder values: if Theme is an enum, "
                            + "make it `CaseIterable` (registration probes its first case), or give 'sort' a default in "
                            + "`queryDefaults`; else declare the type's keys in `declaredKeys`")]),
        Case(description: "an enum that is not CaseIterable, in the path",
             register: { $0.action(UnprobedThemeRoute.self) { _, _ in } },
             expected: [("theme", "'theme' is a Theme, which takes none of the placeholder values: if Theme is an enum, "
                            + "make it `CaseIterable` (registration probes its first case); else declare the type's keys")]),
        Case(description: "a list of an enum that is not CaseIterable",
             register: { $0.action(UnprobedThemesRoute.self) { _, _ in } },
             expected: [("themes", "'themes' is a Theme, which takes none of the placeholder values: if Theme is an enum, "
                            + "make it `CaseIterable` (registration probes its first case); else declare")]),
        Case(description: "an enum that is not CaseIterable, with a default that is none of its cases",
             register: { $0.action(WrongDefaultThemeRoute.self) { _, _ in } },
             expected: [("theme", "takes none of the placeholder values, nor its default 'Sepia' in `queryDefaults`: "
                            + "if Theme is an enum, make it `CaseIterable`")]),
    ]

    @Test("each mismatch is one problem naming the type, the property, the pattern and the module", arguments: cases)
    func mismatch(_ testCase: Case) {
        let problems = Self.problems { routes in testCase.register(&routes) }
        let typed = problems.filter { $0.typedRoute != nil }
        #expect(Set(typed.map(\.typedRoute!.property)) == Set(testCase.expected.map(\.property)), "\(problems)")
        for (property, says) in testCase.expected {
            let matching = typed.filter { $0.typedRoute?.property == property && $0.description.contains(says) }
            #expect(!matching.isEmpty, "no problem on \(property ?? "the type") says \(says): \(problems)")
        }
        for problem in typed {
            #expect(problem.module == Router.inlineModuleName)
            #expect(!problem.pattern.isEmpty && problem.description.contains(problem.pattern))
            #expect(problem.description.contains(problem.typedRoute!.type))
        }
    }

    @Test("every module's mismatches are reported together, each with its module")
    func allAtOnce() {
        enum Shelf: RouteModule {
            static func registerRoutes(in routes: inout RouteRegistrar) {
                routes.action(OptionalPathRoute.self) { _, _ in }
            }
        }
        enum Lists: RouteModule {
            static func registerRoutes(in routes: inout RouteRegistrar) {
                routes.mainActorAction(RequiredQueryRoute.self) { _, _ in }
                routes.action("reader://plain/**/x", handler: { _ in })
            }
        }
        do {
            _ = try Router(modules: [Shelf.self, Lists.self])
            Issue.record("registered")
        } catch {
            let modules = error.problems.map(\.module)
            #expect(modules.contains("Shelf"))
            #expect(modules.filter { $0 == "Lists" }.count == 2)
            #expect(error.problems.count == 3)
        }
    }

    @Test("types that fit register: declared required items, declared keys, CaseIterable enums, defaults")
    func fitting() throws {
        let router = try Router { routes in
            routes.action(DeclaredQueryRoute.self) { _, _ in }
            routes.action(DeclaredValidatingRoute.self) { _, _ in }
            routes.action(ThemeRoute.self) { _, _ in }
            routes.action(SearchRoute.self) { _, _ in }
            routes.action(NoteRoute.self) { _, _ in }
            routes.mainActorObject(BookRoute.self) { _, _ in 0 }
            routes.asyncObject(WebRoute.self) { _, _ in 0 }
            routes.object(SettingsRoute.self) { _, _ in 0 }
        }
        #expect(router.routes.count == 8)
    }

    @Test("an enum that is not CaseIterable registers when its query item has a default: the probe uses that text")
    func defaultFillsTheProbe() throws {
        let opened = Shared<[DefaultedThemeSearchRoute]>([])
        let router = try Router { routes in
            routes.action(DefaultedThemeSearchRoute.self) { search, _ in opened.withLock { $0.append(search) } }
        }
        #expect(router.open("reader://themed-search/tolkien").isHandled)
        #expect(router.open("reader://themed-search/tolkien?theme=sepia&page=2").isHandled)
        #expect(opened.current == [
            DefaultedThemeSearchRoute(term: "tolkien", page: 1, theme: .night),
            DefaultedThemeSearchRoute(term: "tolkien", page: 2, theme: .sepia),
        ])
        #expect(try DefaultedThemeSearchRoute(term: "a", page: 1, theme: .night).url() == "reader://themed-search/a")
        #expect(!router.open("reader://themed-search/a?theme=dark").isHandled, "a text that is no case still declines")
    }

    @Test("two types with one pattern are a conflict, across modules too")
    func samePattern() {
        struct OtherBook: TypedRoute {
            static let pattern = "reader://book/<int:id>"
            var id: Int
        }
        enum A: RouteModule {
            static func registerRoutes(in routes: inout RouteRegistrar) { routes.action(BookRoute.self) { _, _ in } }
        }
        enum B: RouteModule {
            static func registerRoutes(in routes: inout RouteRegistrar) { routes.action(OtherBook.self) { _, _ in } }
        }
        do {
            _ = try Router(modules: [A.self, B.self])
            Issue.record("registered")
        } catch {
            #expect(error.problems.count == 1)
            #expect(error.problems.first?.conflictingRoute != nil)
        }
    }

    @Test("registering after start-up checks the type too, and leaves the router unchanged")
    func lateRegistration() throws {
        let router = try Router()
        #expect(throws: RegistrationError.self) {
            try router.register(moduleNamed: "Late") { $0.action(OptionalPathRoute.self) { _, _ in } }
        }
        #expect(router.routes.isEmpty)
    }

    @Test("a type is checked once per process: every later registration reports its problems again, with its own module")
    func checkedOnce() {
        enum First: RouteModule {
            static func registerRoutes(in routes: inout RouteRegistrar) { routes.action(LiarRoute.self) { _, _ in } }
        }
        enum Second: RouteModule {
            static func registerRoutes(in routes: inout RouteRegistrar) { routes.object(LiarRoute.self) { _, _ in 0 } }
        }
        let first = Self.problems(registering: First.self), second = Self.problems(registering: Second.self)
        #expect(first.count == 2 && first.allSatisfy { $0.module == "First" }, "\(first)")
        #expect(second.map(\.module) == ["Second", "Second"])
        #expect(second.map { $0.description.replacingOccurrences(of: "[Second]", with: "[First]") } == first.map(\.description))
    }
}
