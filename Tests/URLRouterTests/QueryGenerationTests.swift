import Testing
import URLRouter

/// `url(for:parameters:)` writes parameters the pattern does not capture as query items,
/// and they read back unchanged (issue: "Generation with a query").
@Suite("Generating URLs with a query")
struct QueryGenerationTests {
    static func router(_ seen: Shared<[String: String]>, plusAsSpace: Bool = false) throws -> Router {
        try Router(options: .init(matching: MatchOptions(plusAsSpaceInQuery: plusAsSpace))) { routes in
            routes.action("reader://search/:term", name: "search") { request in
                var values = request.mergedParameters
                values["query[sort]"] = request.query["sort"]
                seen.withLock { $0 = values }
            }
            routes.action("reader://shelf", name: "shelf") { _ in }
        }
    }

    @Test("extra parameters become sorted query items, every byte outside unreserved escaped")
    func written() throws {
        let router = try Self.router(Shared([:]))
        #expect(try router.url(for: "search", parameters: ["term": "shoes", "sort": "price asc", "a": "1"])
            == "reader://search/shoes?a=1&sort=price%20asc")
        #expect(try router.url(for: "shelf", parameters: ["q": "a+b&c=d#e/f?g"])
            == "reader://shelf?q=a%2Bb%26c%3Dd%23e%2Ff%3Fg")
        #expect(try router.url(for: "shelf", parameters: ["é": "家"]) == "reader://shelf?%C3%A9=%E5%AE%B6")
        #expect(try router.url(for: "shelf") == "reader://shelf", "no query when nothing is left over")
    }

    struct RoundTrip: Sendable, CustomTestStringConvertible {
        let term: String
        let extra: [String: String]
        var testDescription: String { "\(term) \(extra)" }
    }

    @Test("the query round-trips through matching, whichever way the router reads a query's '+'", arguments: [
        RoundTrip(term: "war & peace", extra: ["sort": "price asc", "from": "a+b"]),
        RoundTrip(term: "x", extra: ["next": "reader://book/1?from=shelf#top", "empty": ""]),
        RoundTrip(term: "100% cotton", extra: ["plus": "+", "amp": "&", "eq": "=", "hash": "#", "pct": "%41"]),
        RoundTrip(term: "家居", extra: ["名": "值", "emoji": "🙂", "space name": "a b", "a+b": "c++"]),
    ], [false, true])
    func roundTrip(_ check: RoundTrip, plusAsSpace: Bool) throws {
        let seen = Shared<[String: String]>([:])
        let router = try Self.router(seen, plusAsSpace: plusAsSpace)
        let url = try router.url(for: "search", parameters: check.extra.merging(["term": check.term]) { a, _ in a })
        #expect(router.open(url).isHandled, "\(url)")
        for (name, value) in check.extra { #expect(seen.current[name] == value, "\(name) in \(url)") }
        #expect(seen.current["term"] == check.term)
    }

    @Test("a query's '+' is a literal plus for every reader, and a space when read as an HTML form")
    func plusInQuery() throws {
        for plusAsSpace in [false, true] {
            let seen = Shared<[String]>([])
            let router = try Router(options: .init(matching: MatchOptions(plusAsSpaceInQuery: plusAsSpace))) { routes in
                routes.action("reader://comment") { request in
                    let item = request.query.first { $0.name.hasPrefix("id") }
                    seen.withLock { $0 = [String(request.query["id"] ?? ""), request.string("id") ?? "",
                                          (try? request.require("id")) ?? "", request.mergedParameters["id"] ?? "",
                                          String(item?.value ?? ""), String(request.query["a b"] ?? "-")] }
                }
            }
            router.open("reader://comment?id=Q29t+bWVu/dA==&a+b=%2B")
            let id = plusAsSpace ? "Q29t bWVu/dA==" : "Q29t+bWVu/dA=="
            #expect(seen.current == [id, id, id, id, id, plusAsSpace ? "+" : "-"], "plusAsSpaceInQuery: \(plusAsSpace)")
        }
    }

    @Test("one rule for repeated query names: the last wins, for every reader")
    func duplicateNames() throws {
        let seen = Shared<[String]>([])
        let router = try Router { routes in
            routes.action("reader://a") { request in
                let read = [String(request.query["x"] ?? ""), request.string("x") ?? "", (try? request.require("x")) ?? "",
                            request.mergedParameters["x"] ?? "", request.query.values(named: "x").joined(separator: ",")]
                seen.withLock { $0 = read }
            }
        }
        router.open("reader://a?x=1&x=2&x=3")
        #expect(seen.current == ["3", "3", "3", "3", "1,2,3"])
    }
}
