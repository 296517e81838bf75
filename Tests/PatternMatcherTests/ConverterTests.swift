import PatternMatcher
import Testing

/// The typed parameters of Matching rules (pattern syntax), held to their exact grammars, and converters declared with
/// `builder.declare(_:)`, tried after the built-in ones in the order of their names (§3).
@Suite("Typed parameters and declared converters")
struct ConverterTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let text: String
        let accepted: Bool
        var testDescription: String { "\(text.debugDescription) is \(accepted ? "" : "not ")accepted" }
    }

    static let ints: [Case] = [
        Case(text: "0", accepted: true), Case(text: "-0", accepted: true), Case(text: "42", accepted: true),
        Case(text: "007", accepted: true), Case(text: "0000000000000000000000001", accepted: true),
        Case(text: "9223372036854775807", accepted: true), Case(text: "-9223372036854775808", accepted: true),
        Case(text: "9223372036854775808", accepted: false), Case(text: "-9223372036854775809", accepted: false),
        Case(text: "18446744073709551616", accepted: false), Case(text: "99999999999999999999", accepted: false),
        Case(text: "+5", accepted: false), Case(text: "-", accepted: false), Case(text: "--1", accepted: false),
        Case(text: "1-", accepted: false), Case(text: "1.0", accepted: false), Case(text: "1e3", accepted: false),
        Case(text: " 1", accepted: false), Case(text: "1_000", accepted: false), Case(text: "0x1F", accepted: false),
        Case(text: "٣", accepted: false), Case(text: "１", accepted: false), Case(text: "1\u{301}", accepted: false),
    ]

    static let doubles: [Case] = [
        Case(text: "0", accepted: true), Case(text: "-0", accepted: true), Case(text: "1.5", accepted: true),
        Case(text: "-1.5", accepted: true), Case(text: "1e3", accepted: true), Case(text: "1E3", accepted: true),
        Case(text: "1e+3", accepted: true), Case(text: "1e-3", accepted: true), Case(text: "1.5e-3", accepted: true),
        Case(text: "00.50", accepted: true), Case(text: "99999999999999999999", accepted: true),
        Case(text: "1e308", accepted: true), Case(text: "1.7976931348623157e308", accepted: true),
        Case(text: "10e307", accepted: true), Case(text: "0.1e309", accepted: true), Case(text: "0.001e310", accepted: true),
        Case(text: "1e-400", accepted: true), Case(text: "0e999999", accepted: true),
        Case(text: "1e-99999999999999999999", accepted: true),
        Case(text: "1.7976931348623159e308", accepted: false), Case(text: "1e309", accepted: false),
        Case(text: "-1e309", accepted: false), Case(text: "100e307", accepted: false),
        Case(text: "1e99999999999999999999", accepted: false), Case(text: "1" + String(repeating: "0", count: 309), accepted: false),
        Case(text: ".5", accepted: false), Case(text: "5.", accepted: false), Case(text: "1e", accepted: false),
        Case(text: "1e+", accepted: false), Case(text: "+1", accepted: false), Case(text: "1.2.3", accepted: false),
        Case(text: "1,5", accepted: false), Case(text: "nan", accepted: false), Case(text: "inf", accepted: false),
        Case(text: "Infinity", accepted: false), Case(text: "0x1p3", accepted: false), Case(text: "1e3.5", accepted: false),
        Case(text: "-", accepted: false), Case(text: "1 ", accepted: false),
    ]

    static let uuids: [Case] = [
        Case(text: "123e4567-e89b-12d3-a456-426614174000", accepted: true),
        Case(text: "123E4567-E89B-12D3-A456-426614174000", accepted: true),
        Case(text: "123e4567-E89B-12d3-A456-426614174000", accepted: true),
        Case(text: "00000000-0000-0000-0000-000000000000", accepted: true),
        Case(text: "123e4567e89b12d3a456426614174000", accepted: false),
        Case(text: "{123e4567-e89b-12d3-a456-426614174000}", accepted: false),
        Case(text: "123e4567-e89b-12d3-a456-42661417400", accepted: false),
        Case(text: "123e4567-e89b-12d3-a456-4266141740000", accepted: false),
        Case(text: "g23e4567-e89b-12d3-a456-426614174000", accepted: false),
        Case(text: "123e456-7e89b-12d3-a456-426614174000", accepted: false),
        Case(text: "123e4567-e89b-12d3-a456_426614174000", accepted: false),
        Case(text: "123e4567-e89b-12d3-a456-42661417400é", accepted: false),
    ]

    /// `/t/<type:v>` and `/t/:s` side by side: the typed route wins exactly when the type
    /// accepts the decoded segment.
    private func check(_ type: String, _ check: Case) throws {
        let table = try makeTable(["/t/<\(type):v>", "/t/:s"])
        let escaped = check.text.utf8.map { "%" + ($0 < 16 ? "0" : "") + String($0, radix: 16, uppercase: true) }.joined()
        let plain = check.text.map { $0 == " " ? "%20" : String($0) }.joined()
        for url in ["/t/" + escaped, "/t/" + plain] {
            let expected: Outcome = check.accepted ? .match("/t/<\(type):v>", ["v": check.text]) : .match("/t/:s", ["s": check.text])
            #expect(table.match(url).outcome == expected, "\(url)")
        }
        var builder = RouteTableBuilder<String>()
        builder.add("/t/<\(type):v>", value: "")
        let generated = Result { try builder.build().url(for: "/t/<\(type):v>", parameters: ["v": check.text]) }
        #expect(((try? generated.get()) != nil) == check.accepted, "generation must check the same grammar")
    }

    @Test("int: -?[0-9]+ within Int64", arguments: ints)
    func int(_ check: Case) throws { try self.check("int", check) }

    @Test("double: -?[0-9]+(.[0-9]+)?([eE][+-]?[0-9]+)? and finite", arguments: doubles)
    func double(_ check: Case) throws { try self.check("double", check) }

    @Test("uuid: 8-4-4-4-12 hexadecimal digits, any case", arguments: uuids)
    func uuid(_ check: Case) throws { try self.check("uuid", check) }

    struct PrecedenceCase: Sendable, CustomTestStringConvertible {
        let url: String
        let order: [String]
        var testDescription: String { "\(url) → \(order.joined(separator: ", "))" }
    }

    /// At one position: int, then uuid, then double, then declared converters by name
    /// (`even` before `hex` before `slug`), then `:name`.
    static let precedence: [PrecedenceCase] = [
        PrecedenceCase(url: "/t/12", order: ["/t/<int:i>", "/t/<double:d>", "/t/<even:e>", "/t/<hex:h>", "/t/:s"]),
        PrecedenceCase(url: "/t/13", order: ["/t/<int:i>", "/t/<double:d>", "/t/<hex:h>", "/t/:s"]),
        PrecedenceCase(url: "/t/1e5", order: ["/t/<double:d>", "/t/<hex:h>", "/t/:s"]),
        PrecedenceCase(url: "/t/123e4567-e89b-12d3-a456-426614174000", order: ["/t/<uuid:u>", "/t/:s"]),
        PrecedenceCase(url: "/t/abc", order: ["/t/<hex:h>", "/t/<slug:g>", "/t/:s"]),
        PrecedenceCase(url: "/t/a-b", order: ["/t/<slug:g>", "/t/:s"]),
        PrecedenceCase(url: "/t/ABC", order: ["/t/:s"]),
    ]

    @Test("typed precedence does not depend on declaration order", arguments: precedence)
    func typedPrecedence(_ check: PrecedenceCase) throws {
        let patterns = ["/t/:s", "/t/<slug:g>", "/t/<hex:h>", "/t/<even:e>", "/t/<double:d>", "/t/<uuid:u>", "/t/<int:i>"]
        for converters in permutations(of: testConverters as [any ParameterConverter]) {
            for routes in [patterns, patterns.reversed()] {
                let table = try makeTable(routes, converters: converters)
                #expect(table.matches(check.url).map { String($0.pattern) } == check.order,
                        "declared as \(converters.map(\.name))")
            }
        }
    }

    @Test("a declared converter sees the decoded segment")
    func decodedText() throws {
        let table = try makeTable(["/f/<exact:v>", "/f/:other"],
                                  converters: [ExactConverter(name: "exact", expected: "a b/c+é")])
        #expect(table.match("/f/a%20b%2Fc+%C3%A9").outcome == .match("/f/<exact:v>", ["v": "a b/c+é"]))
        #expect(table.match("/f/a%20b%2Fc%2B%C3%A9").outcome == .match("/f/<exact:v>", ["v": "a b/c+é"]))
        #expect(table.match("/f/a+b%2Fc+%C3%A9").outcome == .match("/f/:other", ["other": "a+b/c+é"]))
    }

    @Test("a declared converter at the host sees the lowercased host")
    func hostText() throws {
        let table = try makeTable(["reader://<exact:h>/x"], converters: [ExactConverter(name: "exact", expected: "abc")])
        #expect(table.match("reader://ABC/x").outcome == .match("reader://<exact:h>/x", ["h": "abc"]))
        #expect(table.match("reader://%41bc/x").outcome == .match("reader://<exact:h>/x", ["h": "abc"]))
        #expect(table.match("reader:///ABC/x").outcome == .notFound)
    }

    @Test("typed parameters at the host position")
    func typedHost() throws {
        let table = try makeTable(["reader://<int:n>/x", "reader://<uuid:u>/x", "reader://:h/x"])
        #expect(table.match("reader://42:8080/x").outcome == .match("reader://<int:n>/x", ["n": "42"]))
        #expect(table.match("reader://123E4567-E89B-12D3-A456-426614174000/x").outcome
            == .match("reader://<uuid:u>/x", ["u": "123e4567-e89b-12d3-a456-426614174000"]))
        #expect(table.match("reader://Ab/x").outcome == .match("reader://:h/x", ["h": "ab"]))
    }

    struct DeclarationCase: Sendable, CustomTestStringConvertible {
        let names: [String]
        let problems: [RouteTableError.Problem]
        var testDescription: String { "declaring \(names)" }
    }

    static let declarations: [DeclarationCase] = [
        DeclarationCase(names: ["int"], problems: [.invalidConverter("int", reason: "the name is taken by a built-in converter")]),
        DeclarationCase(names: ["string"], problems: [.invalidConverter("string", reason: "the name is taken by a built-in converter")]),
        DeclarationCase(names: ["uuid", "double"], problems: [
            .invalidConverter("double", reason: "the name is taken by a built-in converter"),
            .invalidConverter("uuid", reason: "the name is taken by a built-in converter"),
        ]),
        DeclarationCase(names: [""], problems: [.invalidConverter("", reason: "a converter name is [A-Za-z_][A-Za-z0-9_]*")]),
        DeclarationCase(names: ["9x"], problems: [.invalidConverter("9x", reason: "a converter name is [A-Za-z_][A-Za-z0-9_]*")]),
        DeclarationCase(names: ["a-b"], problems: [.invalidConverter("a-b", reason: "a converter name is [A-Za-z_][A-Za-z0-9_]*")]),
        DeclarationCase(names: ["isbn", "isbn"], problems: [.invalidConverter("isbn", reason: "declared twice")]),
        DeclarationCase(names: ["_ok", "Ok2"], problems: []),
    ]

    @Test("unusable converters are reported", arguments: declarations)
    func declarationProblems(_ check: DeclarationCase) {
        var builder = RouteTableBuilder<String>()
        for name in check.names { builder.declare(AcceptAllConverter(name: name)) }
        builder.add("/a", value: "a")
        do {
            _ = try builder.build()
            #expect(check.problems.isEmpty)
        } catch {
            #expect(error.problems == check.problems)
            #expect(error.problems.allSatisfy { $0.isInvalidConverter && $0.owner.isEmpty })
        }
    }

    @Test("a converter declared by two owners is reported the same in either order")
    func declaredByTwoOwners() {
        for owners in [["Zeta", "Alpha"], ["Alpha", "Zeta"]] {
            var builder = RouteTableBuilder<String>()
            for owner in owners { builder.declare(HexConverter(), owner: owner) }
            builder.declare(AcceptAllConverter(name: "uuid"), owner: "Zeta")
            let error = #expect(throws: RouteTableError.self) { try builder.build() }
            #expect(error?.problems == [
                .invalidConverter("hex", owner: "Zeta", reason: "declared twice (first by Alpha)"),
                .invalidConverter("uuid", owner: "Zeta", reason: "the name is taken by a built-in converter"),
            ], "declared by \(owners)")
            #expect(error?.problems.first?.description == "[Zeta] converter 'hex': declared twice (first by Alpha)")
        }
    }

    @Test("a converter is known only once declared")
    func undeclared() throws {
        #expect(throws: PatternError(pattern: "/b/<isbn:code>", column: 5, reason: .unknownConverter("isbn"))) {
            try RoutePattern("/b/<isbn:code>")
        }
        #expect(try RoutePattern("/b/<isbn:code>", converters: ["isbn"]).segments.last?.converterName == "isbn")
        var builder = RouteTableBuilder<String>()
        builder.add("/b/<isbn:code>", value: "", owner: "Books")
        #expect(throws: RouteTableError(problems: [.invalidPattern(PatternError(
            pattern: "/b/<isbn:code>", column: 5, reason: .unknownConverter("isbn")), owner: "Books")])) {
            try builder.build()
        }
        builder.declare(AcceptAllConverter(name: "isbn"))
        #expect(throws: Never.self) { try builder.build() }
    }

    @Test("<string:name> is :name")
    func stringConverter() throws {
        let pattern = try RoutePattern("/a/<string:s>")
        #expect(pattern.segments.last?.converterName == nil)
        #expect(pattern.segments.last?.description == ":s")
        #expect(try makeTable(["/a/<string:s>"]).match("/a/anything").outcome == .match("/a/<string:s>", ["s": "anything"]))
    }

    @Test("generation checks declared converters")
    func generationChecksConverters() throws {
        let table = try makeTable(["/h/<hex:h>"], converters: [HexConverter()])
        #expect(try table.url(for: "/h/<hex:h>", parameters: ["h": "ff"]) == "/h/ff")
        #expect(throws: GenerationError.rejectedValue("h", value: "FF", reason: "not a valid 'hex'", pattern: "/h/<hex:h>")) {
            try table.url(for: "/h/<hex:h>", parameters: ["h": "FF"])
        }
        let pattern = try RoutePattern("/h/<hex:h>", converters: ["hex"])
        #expect(throws: GenerationError.rejectedValue("h", value: "ff", reason: "converter 'hex' is not declared",
                                                      pattern: "/h/<hex:h>")) {
            try pattern.url(parameters: ["h": "ff"])
        }
        #expect(try pattern.url(parameters: ["h": "ff"], converters: [HexConverter()]) == "/h/ff")
    }
}
