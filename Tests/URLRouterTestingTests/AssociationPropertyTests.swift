import Testing
import URLRouter
import URLRouterTesting

/// The generated file against the router it was generated from, and the generator's path
/// matcher against the check's Apple matching, over random route tables.
@Suite("Association file: property")
struct AssociationPropertyTests {
    static let host = "reader.example.com"

    /// One segment of a random pattern, with the text a sample URL writes for it (two for a catch-all).
    struct Piece {
        let pattern: String
        let samples: [String]
    }

    static func randomPattern(_ random: inout SeededRandom) -> (pattern: String, examples: [String]) {
        let literals = [("a", "a"), ("b", "b"), ("c%20d", "c%20d"), ("家居", "%E5%AE%B6%E5%B1%85")]
        var pieces: [Piece] = []
        let count = 1 + random.next(below: 4)
        for index in 0..<count {
            let isLast = index == count - 1
            switch random.next(below: isLast ? 7 : 6) {
            case 0, 1, 2:
                let literal = literals[random.next(below: literals.count)]
                pieces.append(Piece(pattern: literal.0, samples: [literal.1]))
            case 3: pieces.append(Piece(pattern: ":p\(index)", samples: ["sample"]))
            case 4:
                pieces.append(random.next(below: 2) == 0
                    ? Piece(pattern: "<int:n\(index)>", samples: ["42"])
                    : Piece(pattern: "<uuid:u\(index)>", samples: ["e621e1f8-c36c-495a-93fc-0c247a3e6e5f"]))
            case 5: pieces.append(Piece(pattern: "*", samples: ["sample"]))
            default: pieces.append(Piece(pattern: random.next(below: 2) == 0 ? "**" : "**rest", samples: ["", "a/b"]))
            }
        }
        var paths = [""]
        for piece in pieces {
            paths = paths.flatMap { path in piece.samples.map { $0.isEmpty ? path : path + "/" + $0 } }
        }
        return ("reader://" + pieces.map(\.pattern).joined(separator: "/"), paths.map { String($0.dropFirst()) })
    }

    /// Random tables to check: 1,000 (``LongRuns``), 200 in the sample.
    static let tableCount = LongRuns.count(full: 1_000, sample: 200)

    @Test("over random tables: every external route is claimed, no claim is dead, and an internal route's claimed URL is an over-claim")
    func generatedFileFitsItsRoutes() throws {
        var random = SeededRandom(seed: 0xAA5A_2027)
        var tables = 0
        var attempts = 0
        while tables < Self.tableCount && attempts < Self.tableCount * 20 {
            attempts += 1
            var routes: [(pattern: String, exposure: Exposure, examples: [String])] = []
            for _ in 0..<(1 + random.next(below: 6)) {
                let (pattern, examples) = Self.randomPattern(&random)
                if !routes.contains(where: { $0.pattern == pattern }) {
                    routes.append((pattern, random.next(below: 2) == 0 ? .external : .internal, examples))
                }
            }
            let options = Router.Options(origins: [.scheme("reader"), .universalLink(host: Self.host)])
            guard let router = try? Router(options: options, routes: { registrar in
                for route in routes { registrar.action(route.pattern, exposure: route.exposure) { _ in } }
            }) else { continue }
            tables += 1
            let file = router.routeMap.appleAppSiteAssociation(appIDs: ["T.app"])
            let check = try AssociationCheck(router: router, json: file, host: Self.host, appIDs: ["T.app"])
            let table = routes.map { "\($0.exposure) \($0.pattern)" }.joined(separator: "\n")
            #expect(check.unclaimed.isEmpty, "\(table)\n\(file)")
            #expect(check.deadClaims.isEmpty, "\(table)\n\(file)")
            let overClaims = Set((check.overClaims + check.wholeDomainClaims).map(\.claim))
            for route in routes where !route.exposure.isExternal {
                for example in route.examples {
                    guard let decision = try AssociationCheck.decision(json: file, url: "https://\(Self.host)/" + example),
                          !decision.exclude,
                          router.resolve("reader://" + example, source: .external).route == nil
                    else { continue }
                    #expect(overClaims.contains(decision.claim), "\(table)\n\(file)\n\(example)")
                }
            }
            for route in routes where route.exposure.isExternal {
                for example in route.examples {
                    #expect(router.resolve("reader://" + example, source: .external).route != nil, "\(table)\n\(example)")
                    let decision = try AssociationCheck.decision(json: file, url: "https://\(Self.host)/" + example)
                    #expect(decision.map { !$0.exclude } == true, "\(table)\n\(file)\n\(example)")
                }
            }
        }
        #expect(tables == Self.tableCount)
    }

    /// The component paths the generator writes for `count` random patterns.
    static func randomClaims(_ count: Int, _ random: inout SeededRandom) -> [String] {
        (0..<count).flatMap { _ in
            UniversalLinkShape(Self.randomPattern(&random).pattern, scheme: "reader")?.componentPaths ?? []
        }
    }

    /// A path in a random spelling: segments that claims write, and others (case, escapes of
    /// letters in either hexadecimal case, raw `*` and `$`, `%`, empty segments).
    static func randomPath(_ random: inout SeededRandom) -> String {
        let pool = ["a", "A", "%61", "%41", "b", "c%20d", "C%20D", "%E5%AE%B6%E5%B1%85", "%e5%ae%b6%e5%b1%85",
                    "a*b", "a%2Ab", "a%2ab", "a$b", "%24", "%", "%2", "x", "", "sample", "4/2"]
        let path = "/" + (0..<random.next(below: 5)).map { _ in pool[random.next(below: pool.count)] }.joined(separator: "/")
        return random.next(below: 4) == 0 ? path + "/" : path
    }

    @Test("over 1,000 random sets of generated claims, the generator's matcher decides as the check's Apple matching does, on any spelling")
    func generatorMatcherAgreesWithTheCheck() throws {
        var random = SeededRandom(seed: 0xC1A1_2027)
        for round in 0..<1_000 {
            let caseInsensitive = round % 3 == 0
            let claims = Self.randomClaims(1 + random.next(below: 5), &random)
            let components = claims.map { #"{"/": ""# + $0 + #""}"# }.joined(separator: ", ")
            let defaults = caseInsensitive ? #", "defaults": {"caseSensitive": false}"# : ""
            let file = #"{"applinks": {"details": [{"appIDs": ["T.app"], "components": ["# + components + "]" + defaults + "}]}}"
            let matcher = ClaimPathMatcher(claims, caseInsensitive: caseInsensitive)
            // The narrowest path of each of its own component paths and of others, then paths
            // in any spelling, as a link may come.
            let paths = (claims + Self.randomClaims(4, &random)).map(ClaimPathMatcher.sample(ofPath:))
                + (0..<8).map { _ in Self.randomPath(&random) }
            let decisions = try AssociationCheck.decisions(json: file, urls: paths.map { "https://\(Self.host)" + $0 })
            for (path, decision) in zip(paths, decisions) {
                #expect(matcher.firstMatch(path: path).map { claims[$0] } == decision?.claim, "\(claims)\n\(path)")
            }
        }
    }
}
