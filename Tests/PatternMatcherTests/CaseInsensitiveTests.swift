import PatternMatcher
import Testing

/// Matching rules: URL to route key: comparison is by UTF-8 bytes; `caseInsensitivePaths` folds ASCII letters of
/// literals and nothing else; the scheme and the host always fold.
@Suite("Case-insensitive option (Matching rules: URL to route key)")
struct CaseInsensitiveTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let route: String
        let url: String
        let matchesWithOption: Bool
        let matchesWithout: Bool
        let why: String
        var testDescription: String { "\(route) vs \(url.debugDescription): \(why)" }
    }

    static let cases: [Case] = [
        Case(route: "/book/detail", url: "/Book/DETAIL", matchesWithOption: true, matchesWithout: false,
             why: "ASCII letters fold only with the option"),
        Case(route: "/Book", url: "/bOOK", matchesWithOption: true, matchesWithout: false, why: "either side may hold capitals"),
        Case(route: "/book", url: "/%42ook", matchesWithOption: true, matchesWithout: false, why: "folded after decoding"),
        Case(route: "/kelvin", url: "/\u{212A}elvin", matchesWithOption: false, matchesWithout: false,
             why: "the Kelvin sign U+212A is not the letter K"),
        Case(route: "/kelvin", url: "/%E2%84%AAelvin", matchesWithOption: false, matchesWithout: false,
             why: "an escaped Kelvin sign is not K either"),
        Case(route: "/\u{212A}", url: "/k", matchesWithOption: false, matchesWithout: false,
             why: "a Kelvin sign in the pattern does not fold to k"),
        Case(route: "/\u{212A}", url: "/K", matchesWithOption: false, matchesWithout: false,
             why: "nor to K"),
        Case(route: "/\u{212A}", url: "/%E2%84%AA", matchesWithOption: true, matchesWithout: true,
             why: "the same bytes match"),
        Case(route: "/straße", url: "/STRASSE", matchesWithOption: false, matchesWithout: false, why: "ß is not SS"),
        Case(route: "/s", url: "/\u{17F}", matchesWithOption: false, matchesWithout: false, why: "ſ (long s) is not s"),
        Case(route: "/i", url: "/\u{130}", matchesWithOption: false, matchesWithout: false, why: "İ is not i"),
        Case(route: "/é", url: "/É", matchesWithOption: false, matchesWithout: false, why: "non-ASCII letters never fold"),
        Case(route: "/café", url: "/cafe\u{301}", matchesWithOption: false, matchesWithout: false,
             why: "no Unicode normalisation"),
        Case(route: "reader://book", url: "READER://BOOK", matchesWithOption: true, matchesWithout: true,
             why: "scheme and host always fold"),
        Case(route: "reader://\u{212A}", url: "reader://k", matchesWithOption: false, matchesWithout: false,
             why: "the host folds ASCII only"),
        Case(route: "reader://book/x", url: "reader:///BOOK/x", matchesWithOption: true, matchesWithout: false,
             why: "a first path segment is not a host"),
    ]

    @Test(arguments: cases)
    func folding(_ check: Case) throws {
        let folded = try makeTable([check.route], options: MatchOptions(caseInsensitivePaths: true))
        let exact = try makeTable([check.route])
        #expect((folded.match(check.url).match != nil) == check.matchesWithOption, "with the option")
        #expect((exact.match(check.url).match != nil) == check.matchesWithout, "without the option")
    }

    @Test("captured values keep their case")
    func valuesKeepCase() throws {
        let table = try makeTable(["/user/:name/**rest"], options: MatchOptions(caseInsensitivePaths: true))
        #expect(table.match("/USER/Bob/A/b").outcome == .match("/user/:name/**rest", ["name": "Bob", "rest": "A/b"]))
    }

    /// More than eight literal siblings are found through a hash table, which must fold too;
    /// literals of up to eight bytes and longer ones are compared in different ways.
    @Test("many literal siblings fold like few", arguments: [3, 8, 9, 200], ["b", "bookcas", "chapter-and-verse-"])
    func manySiblings(count: Int, prefix: String) throws {
        let patterns = (0..<count).map { "/\(prefix)\($0)/x" }
        let folded = try makeTable(patterns, options: MatchOptions(caseInsensitivePaths: true))
        let exact = try makeTable(patterns)
        let upper = prefix.uppercased()
        for index in [0, count / 2, count - 1] {
            let route = "/\(prefix)\(index)/x"
            #expect(folded.match("/\(upper)\(index)/X").outcome == .match(route))
            #expect(folded.match("/\(upper.prefix(1))\(prefix.dropFirst())\(index)/x").outcome == .match(route))
            #expect(exact.match("/\(upper)\(index)/x").outcome == .notFound)
            #expect(exact.match(route).outcome == .match(route))
        }
        // Only ASCII folds: the Kelvin sign (which Unicode folds to "k") in place of a route's
        // "k" finds nothing.
        if let k = prefix.firstIndex(of: "k") {
            let kelvin = prefix[..<k] + "\u{212A}" + prefix[prefix.index(after: k)...]
            #expect(folded.match("/\(kelvin)0/x").outcome == .notFound)
            #expect(folded.match("/\(prefix)0/x").outcome == .match("/\(prefix)0/x"))
        }
    }

    @Test("the hosts of many routes fold, with or without the option", arguments: [false, true])
    func manyHosts(option: Bool) throws {
        let patterns = (0..<20).map { "reader://host\($0)/x" }
        let table = try makeTable(patterns, options: MatchOptions(caseInsensitivePaths: option))
        #expect(table.match("READER://HOST7/x").outcome == .match("reader://host7/x"))
        #expect(table.match("reader://%48ost19/x").outcome == .match("reader://host19/x"))
    }

    @Test("literals that differ only in ASCII case conflict only with the option")
    func conflicts() throws {
        #expect(throws: Never.self) { try makeTable(["/Book", "/book"]) }
        let error = #expect(throws: RouteTableError.self) {
            try makeTable(["/Book", "/book"], options: MatchOptions(caseInsensitivePaths: true))
        }
        #expect(error?.problems == [.conflict("/book", owner: "", with: "/Book", otherOwner: "")])
        #expect(throws: Never.self) {
            try makeTable(["/\u{212A}", "/k"], options: MatchOptions(caseInsensitivePaths: true))
        }
    }

    @Test("the option leaves typed parameters alone")
    func typedUnchanged() throws {
        let table = try makeTable(["/h/<hex:h>", "/h/:s"], options: MatchOptions(caseInsensitivePaths: true),
                                  converters: [HexConverter()])
        #expect(table.match("/H/abc").outcome == .match("/h/<hex:h>", ["h": "abc"]))
        #expect(table.match("/h/ABC").outcome == .match("/h/:s", ["s": "ABC"]))
    }

    @Test(.bug("https://github.com/eaftan/safere/issues/585", "ASCII-only case folding treated the Kelvin sign as k"))
    func kelvinRegression() throws {
        let table = try makeTable(["/ak", "/as"], options: MatchOptions(caseInsensitivePaths: true))
        #expect(table.match("/a\u{212A}").outcome == .notFound)
        #expect(table.match("/AK").outcome == .match("/ak"))
    }
}
