import Testing
import URLRouter

/// Registration names types without `String(describing:)` and `String(reflecting:)`, which scan
/// the process's protocol conformances for a type they have not printed (launch time): the names,
/// and so every message and route map that shows them, must stay what those initializers write.
@Suite("Type names")
struct TypeNameTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let type: any Any.Type
        let testDescription: String

        init(_ type: any Any.Type, _ description: String) {
            self.type = type
            self.testDescription = description
        }
    }

    enum Outer {
        struct Nested: TypedRoute {
            static let pattern = "reader://nested"
        }
    }

    final class Screen {}

    static let cases: [Case] = [
        Case(OptionalPathRoute.self, "a typed route of the tests"),
        Case(Outer.Nested.self, "a nested type"),
        Case(Screen.self, "a class"),
        Case(Exposure.self, "a type of URLRouter"),
        Case([Int?].self, "a generic type of optionals"),
        Case([String: OptionalPathRoute].self, "a generic type of a test type"),
        Case((any TypedRoute).self, "a protocol"),
        Case((Int, label: String).self, "a tuple"),
        Case(((Int) -> Void).self, "a function"),
    ]

    @Test("names are what String(describing:) and String(reflecting:) write", arguments: cases)
    func sameNames(_ test: Case) {
        #expect(TypeName.plain(test.type) == String(describing: test.type))
        #expect(TypeName.qualified(test.type) == String(reflecting: test.type))
    }

    @Test("a module is named after its type")
    func moduleName() {
        enum LocalModule: RouteModule {
            static func registerRoutes(in routes: inout RouteRegistrar) {}
        }
        #expect(LocalModule.moduleName == String(describing: LocalModule.self))
    }
}
