import Testing
import URLRouter
import URLRouterTesting

/// Apple's `components` matching as ``AssociationCheck`` reads it, one rule per test.
@Suite("Association file: Apple's component rules")
struct AssociationRuleTests {
    enum Decision: String, Sendable { case claimed, excluded, none }

    struct Case: Sendable, CustomTestStringConvertible {
        let note: String
        /// The `applinks` members besides `details`, if any, as JSON text.
        var applinks = ""
        /// The `components` array, as JSON text.
        let components: String
        let url: String
        let expected: Decision
        var testDescription: String { "\(note): \(url) → \(expected)" }
    }

    static func decide(_ item: Case) throws -> Decision {
        let extra = item.applinks.isEmpty ? "" : item.applinks + ", "
        let file = #"{"applinks": {"# + extra + #""details": [{"appIDs": ["T.app"], "components": "# + item.components + "}]}}"
        guard let decision = try AssociationCheck.decision(json: file, url: item.url) else { return .none }
        return decision.exclude ? .excluded : .claimed
    }

    static let firstMatchDecides: [Case] = [
        Case(note: "exclude first", components: #"[{"/": "/book/*", "exclude": true}, {"/": "*"}]"#,
             url: "https://h.example/book/42", expected: .excluded),
        Case(note: "claim first", components: #"[{"/": "*"}, {"/": "/book/*", "exclude": true}]"#,
             url: "https://h.example/book/42", expected: .claimed),
        Case(note: "exclude that does not match", components: #"[{"/": "/shelf", "exclude": true}, {"/": "/book/*"}]"#,
             url: "https://h.example/book/42", expected: .claimed),
        Case(note: "no component matches", components: #"[{"/": "/shelf"}]"#,
             url: "https://h.example/book/42", expected: .none),
        Case(note: "no components", components: "[]", url: "https://h.example/", expected: .none),
        Case(note: "a component without '/' matches every path", components: #"[{"comment": "all"}]"#,
             url: "https://h.example/any/path", expected: .claimed),
    ]

    @Test("the first component that matches decides, exclude or not", arguments: firstMatchDecides)
    func firstMatch(_ item: Case) throws { #expect(try Self.decide(item) == item.expected) }

    static let wildcards: [Case] = [
        Case(note: "* matches zero characters", components: #"[{"/": "/book/*"}]"#, url: "https://h.example/book/", expected: .claimed),
        Case(note: "* matches several", components: #"[{"/": "/bo*"}]"#, url: "https://h.example/book/42", expected: .claimed),
        Case(note: "* crosses '/'", components: #"[{"/": "/book/*"}]"#, url: "https://h.example/book/42/screen", expected: .claimed),
        Case(note: "? matches exactly one", components: #"[{"/": "/book/??"}]"#, url: "https://h.example/book/42", expected: .claimed),
        Case(note: "? does not match two", components: #"[{"/": "/book/?"}]"#, url: "https://h.example/book/42", expected: .none),
        Case(note: "? crosses '/'", components: #"[{"/": "/book?42"}]"#, url: "https://h.example/book/42", expected: .claimed),
        Case(note: "?* needs one character", components: #"[{"/": "/book/42?*"}]"#, url: "https://h.example/book/42", expected: .none),
        Case(note: "?* takes one or more", components: #"[{"/": "/book/?*"}]"#, url: "https://h.example/book/4/2", expected: .claimed),
        Case(note: "a literal must match the whole path", components: #"[{"/": "/book"}]"#, url: "https://h.example/book/42", expected: .none),
        Case(note: "an empty path is '/'", components: #"[{"/": "/"}]"#, url: "https://h.example", expected: .claimed),
    ]

    @Test("'*' is zero or more characters, '?' exactly one, '?*' one or more; all cross '/'", arguments: wildcards)
    func wildcard(_ item: Case) throws { #expect(try Self.decide(item) == item.expected) }

    static let queries: [Case] = [
        Case(note: "string pattern", components: #"[{"/": "*", "?": "ref=?*"}]"#, url: "https://h.example/a?ref=mail", expected: .claimed),
        Case(note: "string pattern, no query", components: #"[{"/": "*", "?": "ref=?*"}]"#, url: "https://h.example/a", expected: .none),
        Case(note: "dictionary, every item matches", components: #"[{"/": "*", "?": {"ref": "m*", "id": "$(digit)"}}]"#,
             url: "https://h.example/a?id=7&ref=mail", expected: .claimed),
        Case(note: "dictionary, one item fails", components: #"[{"/": "*", "?": {"ref": "m*", "id": "$(digit)"}}]"#,
             url: "https://h.example/a?id=77&ref=mail", expected: .none),
        Case(note: "dictionary, an absent item is empty", components: #"[{"/": "*", "?": {"ref": "*"}}]"#,
             url: "https://h.example/a", expected: .claimed),
        Case(note: "dictionary, an absent item fails ?*", components: #"[{"/": "*", "?": {"ref": "?*"}}]"#,
             url: "https://h.example/a?other=1", expected: .none),
        Case(note: "fragment", components: ##"[{"/": "*", "#": "top"}]"##, url: "https://h.example/a#top", expected: .claimed),
        Case(note: "fragment differs", components: ##"[{"/": "*", "#": "top"}]"##, url: "https://h.example/a#end", expected: .none),
        Case(note: "no fragment matches an empty one", components: ##"[{"/": "*", "#": "*"}]"##, url: "https://h.example/a", expected: .claimed),
    ]

    @Test("'?' is a pattern or a dictionary whose items must all match; '#' matches the fragment", arguments: queries)
    func query(_ item: Case) throws { #expect(try Self.decide(item) == item.expected) }

    static let options: [Case] = [
        Case(note: "case-sensitive by default", components: #"[{"/": "/Book"}]"#, url: "https://h.example/book", expected: .none),
        Case(note: "caseSensitive false", components: #"[{"/": "/Book", "caseSensitive": false}]"#, url: "https://h.example/book", expected: .claimed),
        Case(note: "applinks defaults", applinks: #""defaults": {"caseSensitive": false}"#,
             components: #"[{"/": "/Book"}]"#, url: "https://h.example/book", expected: .claimed),
        Case(note: "a component overrides the defaults", applinks: #""defaults": {"caseSensitive": false}"#,
             components: #"[{"/": "/Book", "caseSensitive": true}]"#, url: "https://h.example/book", expected: .none),
        Case(note: "percent-encoded pattern, encoded URL", components: #"[{"/": "/%E5%AE%B6%E5%B1%85"}]"#,
             url: "https://h.example/%e5%ae%b6%e5%b1%85", expected: .claimed),
        Case(note: "an escape matches its ASCII character", components: #"[{"/": "/a%2Ab"}]"#,
             url: "https://h.example/a*b", expected: .claimed),
        Case(note: "an escaped '*' is no wildcard", components: #"[{"/": "/a%2Ab"}]"#,
             url: "https://h.example/axb", expected: .none),
        Case(note: "percentEncoded false decodes the URL", components: #"[{"/": "/家居", "percentEncoded": false}]"#,
             url: "https://h.example/%E5%AE%B6%E5%B1%85", expected: .claimed),
        Case(note: "percentEncoded false, defaults", applinks: #""defaults": {"percentEncoded": false}"#,
             components: #"[{"/": "/c d"}]"#, url: "https://h.example/c%20d", expected: .claimed),
    ]

    @Test("caseSensitive and percentEncoded: true unless the component or applinks.defaults say otherwise", arguments: options)
    func option(_ item: Case) throws { #expect(try Self.decide(item) == item.expected) }

    static let variables: [Case] = [
        Case(note: "$(digit)", components: #"[{"/": "/book/$(digit)$(digit)"}]"#, url: "https://h.example/book/42", expected: .claimed),
        Case(note: "$(digit) refuses a letter", components: #"[{"/": "/book/$(digit)"}]"#, url: "https://h.example/book/x", expected: .none),
        Case(note: "$(alpha)", components: #"[{"/": "/$(alpha)"}]"#, url: "https://h.example/q", expected: .claimed),
        Case(note: "$(alnum)", components: #"[{"/": "/$(alnum)$(alnum)"}]"#, url: "https://h.example/a1", expected: .claimed),
        Case(note: "$(upper)", components: #"[{"/": "/$(upper)"}]"#, url: "https://h.example/a", expected: .none),
        Case(note: "$(lower)", components: #"[{"/": "/$(lower)"}]"#, url: "https://h.example/a", expected: .claimed),
        Case(note: "custom variable", applinks: #""substitutionVariables": {"lang": ["en", "fr"]}"#,
             components: #"[{"/": "/$(lang)/book/*"}]"#, url: "https://h.example/fr/book/42", expected: .claimed),
        Case(note: "custom variable, other value", applinks: #""substitutionVariables": {"lang": ["en", "fr"]}"#,
             components: #"[{"/": "/$(lang)/book/*"}]"#, url: "https://h.example/de/book/42", expected: .none),
    ]

    @Test("substitution variables: built-in classes match one character, custom ones any of their strings", arguments: variables)
    func variable(_ item: Case) throws { #expect(try Self.decide(item) == item.expected) }

    struct BadFile: Sendable, CustomTestStringConvertible {
        let file: String
        let error: AssociationFileError
        var testDescription: String { error.description }
    }

    static let badFiles: [BadFile] = [
        BadFile(file: "{", error: .malformedJSON),
        BadFile(file: "[1]", error: .malformedJSON),
        BadFile(file: #"{"webcredentials": {}}"#, error: .missingDetails),
        BadFile(file: #"{"applinks": {"details": []}}"#, error: .missingDetails),
        BadFile(file: #"{"applinks": {"details": [{"appIDs": ["T.a"], "components": [7]}]}}"#, error: .invalidComponent),
        BadFile(file: #"{"applinks": {"details": [{"appIDs": ["T.a"], "components": [{"/": 7}]}]}}"#, error: .invalidComponent),
        BadFile(file: #"{"applinks": {"details": [{"appIDs": ["T.a"], "components": [{"/": "/$(nope)"}]}]}}"#, error: .unknownVariable),
        BadFile(file: #"{"applinks": {"details": [{"appIDs": ["T.a"], "components": [{"/": ""# + String(repeating: "*", count: 5000) + #""}]}]}}"#,
                error: .invalidComponent),
    ]

    @Test("a file that cannot be read throws a bounded error", arguments: badFiles)
    func badFile(_ item: BadFile) throws {
        let router = try Router()
        #expect(throws: item.error) { try AssociationCheck(router: router, json: item.file, host: "h.example", appIDs: ["T.a"]) }
        do {
            _ = try AssociationCheck(router: router, json: item.file, host: "h.example", appIDs: ["T.a"])
        } catch {
            #expect(error.description.utf8.count < 400)
        }
    }
}
