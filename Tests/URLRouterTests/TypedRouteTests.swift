import Foundation
import Testing
import URLRouter

// Typed routes as an interface module would declare them.

struct BookRoute: TypedRoute {
    static let pattern = "reader://book/<int:id>"
    var id: Int
    var from: String? = nil
}

enum ShelfKind: String, Codable, Sendable, CaseIterable {
    case recent, favorites, archived
}

enum Rating: Int, Codable, Sendable, CaseIterable {
    case low = 1, mid = 3, high = 5
}

struct SearchRoute: TypedRoute {
    static let pattern = "reader://search/:term"
    static var queryDefaults: [String: String] { ["page": "1"] }
    var term: String
    var page: Int
    var shelf: ShelfKind?
    var tags: [String]
    var exact: Bool?
    var ratio: Double?
    var minimum: Rating?
}

struct NoteRoute: TypedRoute {
    static let pattern = "reader://note/<uuid:id>"
    var id: UUID
    var author: UUID?
}

struct WebRoute: TypedRoute {
    static let pattern = "reader://web/**path"
    var path: String
    var title: String?
}

struct SettingsRoute: TypedRoute {
    static let pattern = "reader://settings"
    var section: String?
    var counts: [Int]
}

@Suite("Typed routes: values written as URLs and read back")
struct TypedRouteTests {
    @Test("a value's URL: path values in the pattern, every other non-nil property a query item")
    func urls() throws {
        #expect(try BookRoute(id: 42).url() == "reader://book/42")
        #expect(try BookRoute(id: 42, from: "shelf").url() == "reader://book/42?from=shelf")
        #expect(try BookRoute(id: 7, from: "a b&c=d+e/f#g%").url() == "reader://book/7?from=a%20b%26c%3Dd%2Be%2Ff%23g%25")
        #expect(try SearchRoute(term: "swift ui", page: 2, shelf: .recent, tags: ["a", "b"], exact: true).url()
            == "reader://search/swift%20ui?page=2&shelf=recent&tags=a&tags=b&exact=true")
        #expect(try WebRoute(path: "docs/a b/c").url() == "reader://web/docs/a%20b/c")
        #expect(try SettingsRoute(counts: []).url() == "reader://settings")
    }

    @Test("reading a URL: parameters, query items, enums, lists, UUIDs and defaults")
    func parsing() throws {
        #expect(try BookRoute(parsing: "reader://book/42?from=mail") == BookRoute(id: 42, from: "mail"))
        #expect(try BookRoute(parsing: "reader://book/42") == BookRoute(id: 42))
        let search = try SearchRoute(parsing: "reader://search/x?tags=a&shelf=favorites&tags=b+c&minimum=5")
        #expect(search == SearchRoute(term: "x", page: 1, shelf: .favorites, tags: ["a", "b+c"], minimum: .high))
        let id = UUID()
        #expect(try NoteRoute(parsing: "reader://note/\(id.uuidString)") == NoteRoute(id: id))
        #expect(try WebRoute(parsing: "reader://web/a/b?title=T") == WebRoute(path: "a/b", title: "T"))
        // The last duplicate wins, as for every single-value read.
        #expect(try BookRoute(parsing: "reader://book/1?from=a&from=b").from == "b")
    }

    @Test("a URL that does not decode names the type, the key and the text")
    func decodingErrors() {
        #expect(throws: TypedRouteError.invalidValue("page", text: "two", expected: "Int", in: "SearchRoute")) {
            try SearchRoute(parsing: "reader://search/x?page=two")
        }
        #expect(throws: TypedRouteError.invalidValue("shelf", text: "attic", expected: "ShelfKind", in: "SearchRoute")) {
            try SearchRoute(parsing: "reader://search/x?shelf=attic")
        }
        #expect(throws: TypedRouteError.invalidValue("exact", text: "maybe", expected: "Bool", in: "SearchRoute")) {
            try SearchRoute(parsing: "reader://search/x?exact=maybe")
        }
        do {
            _ = try NoteRoute(parsing: "reader://note/\(UUID().uuidString)?author=nobody")
            Issue.record("an invalid UUID decoded")
        } catch {
            #expect(error.key == "author")
            #expect(error.text == "nobody")
            #expect(error.description.contains("'author' = 'nobody'"))
        }
        do {
            _ = try BookRoute(parsing: "reader://shelf/42")
            Issue.record("another pattern's URL decoded")
        } catch {
            #expect(error.isNoMatch)
        }
        do {
            _ = try BookRoute(parsing: "reader://book/%zz")
            Issue.record("a malformed URL decoded")
        } catch {
            #expect(error.malformedURL != nil)
        }
    }

    @Test("a value that cannot be written is an error, and its open is refused before anything runs")
    func unwritable() throws {
        #expect(throws: TypedRouteError.self) { try SearchRoute(term: "", page: 1, tags: []).url() }
        let router = try Router { routes in
            routes.action(SearchRoute.self) { _, _ in Issue.record("ran") }
        }
        let result = router.open(SearchRoute(term: "", page: 1, tags: []))
        guard case .refused(let refusal) = result else {
            Issue.record("expected a refusal, got \(result)")
            return
        }
        #expect(refusal.typedRouteError?.key == "term")
        #expect(!router.canOpen(SearchRoute(term: "", page: 1, tags: [])))
        // A nested type names the type and the key.
        #expect(throws: TypedRouteError.unsupportedShape("author", "a nested type", in: "NestedRoute")) {
            try NestedRoute(author: Author(name: "Ada")).url()
        }
        #expect(try NestedRoute(author: nil).url() == "reader://nested")
        // NaN never comes back equal, so it is not written either.
        #expect(throws: TypedRouteError.invalidValue("ratio", text: "nan", expected: "a finite Double", in: "SearchRoute")) {
            try SearchRoute(term: "x", page: 1, tags: [], ratio: .nan).url()
        }
        #expect(throws: TypedRouteError.invalidValue("ratio", text: "inf", expected: "a finite Double", in: "SearchRoute")) {
            try SearchRoute(term: "x", page: 1, tags: [], ratio: .infinity).url()
        }
        #expect(router.open(SearchRoute(term: "x", page: 1, tags: [], ratio: .nan)).description.hasPrefix("refused"))
    }

    @Test("a query value equal to its default is left out, and reads back")
    func defaultsLeftOut() throws {
        #expect(try SearchRoute(term: "x", page: 1, tags: []).url() == "reader://search/x")
        #expect(try SearchRoute(term: "x", page: 2, tags: []).url() == "reader://search/x?page=2")
        #expect(try SearchRoute(parsing: "reader://search/x") == SearchRoute(term: "x", page: 1, tags: []))
    }

    @Test("an interceptor redirects to a typed value; one that cannot be written rejects")
    func typedRedirect() throws {
        let router = try Router { routes in
            routes.action(BookRoute.self) { _, _ in }
            routes.intercept("reader://old/:id") { request in
                .redirect(to: BookRoute(id: Int(request.interceptorParameters["id"] ?? "") ?? 0, from: "old"))
            }
            routes.intercept("reader://broken") { _ in .redirect(to: SearchRoute(term: "", page: 1, tags: [])) }
            routes.action("reader://broken") { _ in Issue.record("ran") }
        }
        guard case .redirected(_, let target, let result) = router.open("reader://old/5") else {
            Issue.record("not redirected")
            return
        }
        #expect(target == "reader://book/5?from=old")
        #expect(result.isHandled)
        guard case .rejected(_, let reason) = router.open("reader://broken") else {
            Issue.record("not rejected")
            return
        }
        #expect(reason.contains("'term'"))
    }
}

@Suite("Typed routes: the round trip over generated values")
struct TypedRouteRoundTripTests {
    /// Text with what URLs treat specially: escapes, separators, `+`, Unicode, emptiness.
    static let pieces = ["", "a", "Z", "0", " ", "+", "&", "=", "/", "?", "#", "%", "%20", ";", ":", "@", "~", "'",
                         "家居", "é", "e\u{301}", "🧭", "\u{1F1EB}\u{1F1F7}", "-", ".", "_", "\\", "\"", "<>", "a+b", "\t"]

    static func text(_ random: inout SeededRandom, nonEmpty: Bool = false) -> String {
        var text = ""
        for _ in 0..<random.next(below: 5) { text += pieces[random.next(below: pieces.count)] }
        if nonEmpty && text.isEmpty { text = "x" }
        return text
    }

    /// A path segment that is neither empty nor a dot segment.
    static func segment(_ random: inout SeededRandom) -> String {
        var text = text(&random, nonEmpty: true).replacingOccurrences(of: "/", with: "s")
        if text == "." || text == ".." { text += "x" }
        return text
    }

    static func maybe<T>(_ random: inout SeededRandom, _ make: (inout SeededRandom) -> T) -> T? {
        random.next(below: 2) == 0 ? nil : make(&random)
    }

    static let doubles: [Double] = [0, -0.5, 1e-7, 3.141592653589793, 1e300, -42, 0.1]

    /// Each generated value must read back equal from its own URL.
    func check<R: TypedRoute>(_ value: R) {
        do {
            let url = try value.url()
            let back = try R(parsing: url)
            #expect(back == value, "\(url)")
        } catch {
            Issue.record("\(value): \(error)")
        }
    }

    /// Values of each route type: 2,500 (``LongRuns``), 500 in the sample.
    static let valuesPerType = LongRuns.count(full: 2_500, sample: 500)

    @Test("R(parsing: r.url()) == r for generated values of five route types")
    func roundTrip() {
        var random = SeededRandom(seed: 0x5EED_7E5D)
        for _ in 0..<Self.valuesPerType {
            check(BookRoute(id: Int(truncatingIfNeeded: random.nextUInt64()), from: Self.maybe(&random) { Self.text(&$0) }))
            check(SearchRoute(
                term: Self.segment(&random),
                page: random.next(below: 1000) - 500,
                shelf: Self.maybe(&random) { ShelfKind.allCases[$0.next(below: 3)] },
                tags: (0..<random.next(below: 4)).map { _ in Self.text(&random) },
                exact: Self.maybe(&random) { $0.next(below: 2) == 0 },
                ratio: Self.maybe(&random) { Self.doubles[$0.next(below: Self.doubles.count)] },
                minimum: Self.maybe(&random) { Rating.allCases[$0.next(below: 3)] }))
            check(NoteRoute(id: UUID(), author: Self.maybe(&random) { _ in UUID() }))
            check(WebRoute(path: (0..<(1 + random.next(below: 3))).map { _ in Self.segment(&random) }.joined(separator: "/"),
                           title: Self.maybe(&random) { Self.text(&$0) }))
            check(SettingsRoute(section: Self.maybe(&random) { Self.text(&$0) },
                                counts: (0..<random.next(below: 3)).map { _ in random.next(below: 100) }))
        }
    }
}

/// A number property reads exactly what the `<int>` and `<double>` converters accept.
struct NumberProperties: TypedRoute {
    static let pattern = "reader://numbers/:n"
    var n: Int
    var small: Int8?
    var count: UInt?
    var ratio: Double?
    var weight: Float?
    var flag: Bool?
}

@Suite("Typed routes: one number grammar")
struct TypedNumberGrammarTests {
    struct Row: Sendable, CustomTestStringConvertible {
        let text: String
        let isInt: Bool
        let isDouble: Bool
        var testDescription: String { "'\(text)'" }
    }

    static let rows: [Row] = [
        Row(text: "5", isInt: true, isDouble: true), Row(text: "-5", isInt: true, isDouble: true),
        Row(text: "0", isInt: true, isDouble: true), Row(text: "-0", isInt: true, isDouble: true),
        Row(text: "007", isInt: true, isDouble: true), Row(text: "+5", isInt: false, isDouble: false),
        Row(text: " 5", isInt: false, isDouble: false), Row(text: "5 ", isInt: false, isDouble: false),
        Row(text: "0x1F", isInt: false, isDouble: false), Row(text: "1e3", isInt: false, isDouble: true),
        Row(text: "1E+3", isInt: false, isDouble: true), Row(text: "2.5", isInt: false, isDouble: true),
        Row(text: ".5", isInt: false, isDouble: false), Row(text: "5.", isInt: false, isDouble: false),
        Row(text: "inf", isInt: false, isDouble: false), Row(text: "nan", isInt: false, isDouble: false),
        Row(text: "infinity", isInt: false, isDouble: false), Row(text: "0x1p3", isInt: false, isDouble: false),
        Row(text: "1e400", isInt: false, isDouble: false), Row(text: "-", isInt: false, isDouble: false),
        Row(text: "", isInt: false, isDouble: false), Row(text: "9223372036854775807", isInt: true, isDouble: true),
        Row(text: "9223372036854775808", isInt: false, isDouble: true), Row(text: "٣", isInt: false, isDouble: false),
    ]

    @Test("a text is an Int or a Double on the path, in the query and in a typed property alike", arguments: rows)
    func sameReading(_ row: Row) throws {
        let table = try Router { routes in
            routes.action("reader://int/<int:v>") { _ in }
            routes.action("reader://double/<double:v>") { _ in }
        }
        let escaped = row.text.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? row.text
        #expect(table.canOpen("reader://int/\(escaped)") == row.isInt, "<int:v>")
        #expect(table.canOpen("reader://double/\(escaped)") == row.isDouble, "<double:v>")
        #expect(((try? NumberProperties(parsing: "reader://numbers/\(escaped)")) != nil) == row.isInt, "path Int")
        #expect(((try? NumberProperties(parsing: "reader://numbers/1?ratio=\(escaped)")) != nil) == row.isDouble, "query Double")
        #expect(((try? NumberProperties(parsing: "reader://numbers/1?weight=\(escaped)")) != nil)
            == (row.isDouble && Float(row.text)?.isFinite == true), "query Float")
    }

    @Test("integer types check their own range and sign; Bool reads true, false, 1 and 0")
    func rangesAndBooleans() throws {
        #expect(try NumberProperties(parsing: "reader://numbers/1?small=-128").small == -128)
        #expect(throws: TypedRouteError.self) { try NumberProperties(parsing: "reader://numbers/1?small=128") }
        #expect(try NumberProperties(parsing: "reader://numbers/1?count=18446744073709551615").count == .max)
        #expect(throws: TypedRouteError.self) { try NumberProperties(parsing: "reader://numbers/1?count=-0") }
        #expect(throws: TypedRouteError.self) { try NumberProperties(parsing: "reader://numbers/1?weight=1e39") }
        for (text, value) in [("true", true), ("1", true), ("false", false), ("0", false)] {
            #expect(try NumberProperties(parsing: "reader://numbers/1?flag=\(text)").flag == value)
        }
        for text in ["yes", "TRUE", "on", ""] {
            #expect(throws: TypedRouteError.self) { try NumberProperties(parsing: "reader://numbers/1?flag=\(text)") }
        }
    }
}

@Suite("Typed routes: a query's '+'")
struct TypedRoutePlusTests {
    @Test("a typed value written by url() reads back the same whichever way the router reads '+'")
    func roundTripUnderBothReadings() throws {
        let value = SearchRoute(term: "c++", page: 2, shelf: nil, tags: ["a+b", "+", " + "], exact: nil, ratio: nil, minimum: nil)
        for plusAsSpace in [false, true] {
            let seen = Shared<SearchRoute?>(nil)
            let router = try Router(options: .init(matching: MatchOptions(plusAsSpaceInQuery: plusAsSpace))) { routes in
                routes.action(SearchRoute.self) { route, _ in seen.withLock { $0 = route } }
            }
            #expect(router.open(try value.url()).isHandled)
            #expect(seen.current == value, "plusAsSpaceInQuery: \(plusAsSpace)")
        }
    }

    @Test("a typed route reads a query's '+' as a literal plus by default, as a space when asked")
    func literalPlus() throws {
        for plusAsSpace in [false, true] {
            let seen = Shared<SearchRoute?>(nil)
            let router = try Router(options: .init(matching: MatchOptions(plusAsSpaceInQuery: plusAsSpace))) { routes in
                routes.action(SearchRoute.self) { route, _ in seen.withLock { $0 = route } }
            }
            router.open("reader://search/c++?tags=c++&tags=a%2Bb")
            #expect(seen.current?.term == "c++", "a path's '+' is always a plus")
            #expect(seen.current?.tags == (plusAsSpace ? ["c  ", "a+b"] : ["c++", "a+b"]))
        }
    }
}

/// A small deterministic generator (SplitMix64), so a failure names a reproducible value.
struct SeededRandom {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func nextUInt64() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    mutating func next(below bound: Int) -> Int { Int(nextUInt64() % UInt64(bound)) }
}
