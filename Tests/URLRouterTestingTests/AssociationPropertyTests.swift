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

    @Test("over 1,000 random tables: every external route is claimed, no claim is dead, and an internal route's claimed URL is an over-claim")
    func generatedFileFitsItsRoutes() throws {
        var random = SeededRandom(seed: 0xAA5A_2027)
        var tables = 0
        var attempts = 0
        while tables < 1_000 && attempts < 20_000 {
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
        #expect(tables == 1_000)
    }

    /// The component paths the generator writes for `count` random patterns.
    static func randomClaims(_ count: Int, _ random: inout SeededRandom) -> [String] {
        (0..<count).flatMap { _ in
            UniversalLinkShape(Self.randomPattern(&random).pattern, scheme: "reader")?.componentPaths ?? []
        }
    }

    @Test("over 1,000 random sets of generated claims, the generator's matcher decides as the check's Apple matching does")
    func generatorMatcherAgreesWithTheCheck() throws {
        var random = SeededRandom(seed: 0xC1A1_2027)
        for _ in 0..<1_000 {
            let claims = Self.randomClaims(1 + random.next(below: 5), &random)
            let components = claims.map { #"{"/": ""# + $0 + #""}"# }.joined(separator: ", ")
            let file = #"{"applinks": {"details": [{"appIDs": ["T.app"], "components": ["# + components + "]}]}}"
            let matcher = ClaimPathMatcher(claims)
            // The writer asks about the narrowest path of each of its own component paths.
            for path in claims + Self.randomClaims(4, &random) {
                let sample = ClaimPathMatcher.sample(ofPath: path)
                let decision = try AssociationCheck.decision(json: file, url: "https://\(Self.host)" + sample)
                #expect(matcher.firstMatch(path: sample).map { claims[$0] } == decision?.claim, "\(claims)\n\(sample)")
            }
        }
    }
}
