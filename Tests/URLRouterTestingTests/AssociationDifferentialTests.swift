import Testing
import URLRouter
import URLRouterTesting

/// The generated association file against the router, over random tables and links in every
/// spelling a link may take (case, a trailing `/`, `//`, escapes of letters and of `&`, `@` and
/// `:` in the first segment), with Apple's `components` matching as the association check reads
/// it (`ComponentGlob`, written apart from the generator): no link opens that the file does
/// not claim, and a link the file claims but no route opens is claimed by a wildcard (`?*`
/// wider than its route, the over-claims the docs state), never by a literal claim.
@Suite("Association file: differential against Apple's matching")
struct AssociationDifferentialTests {
    static let host = "reader.example.com"

    /// A literal as a pattern writes it, and the spellings a link may give it.
    static let literals: [(pattern: String, spellings: [String])] = [
        ("a", ["a", "A", "%61", "%41"]),
        ("book", ["book", "Book", "BOOK", "bo%6Fk"]),
        ("c%20d", ["c%20d", "C%20d", "c d"]),
        ("家居", ["%E5%AE%B6%E5%B1%85", "%e5%ae%b6%e5%b1%85"]),
        ("q&a", ["q&a", "q%26a", "Q&a"]),
        ("Bc", ["Bc", "bc", "BC", "%42c"]),
        ("x.y", ["x.y", "x%2Ey", "X.y"]),
    ]

    static let values = ["sample", "42", "Alice", "@alice", "%40alice", "a:1", "a%3A1", "%61", "a&b", "a%26b", "x.y", "-_~", "a%2Fb"]

    /// One segment of a random pattern and the texts a link may give it.
    struct Piece {
        let pattern: String
        let texts: [String]
    }

    static func randomTable(_ random: inout SeededRandom) -> [(pattern: String, exposure: Exposure, pieces: [Piece])] {
        var table: [(pattern: String, exposure: Exposure, pieces: [Piece])] = []
        for _ in 0..<(1 + random.next(below: 6)) {
            var pieces: [Piece] = []
            let count = 1 + random.next(below: 4)
            for index in 0..<count {
                switch random.next(below: index == count - 1 ? 8 : 7) {
                case 0, 1, 2:
                    let literal = literals[random.next(below: literals.count)]
                    pieces.append(Piece(pattern: literal.pattern, texts: literal.spellings))
                case 3: pieces.append(Piece(pattern: ":p\(index)", texts: values))
                case 4: pieces.append(Piece(pattern: "<int:n\(index)>", texts: ["42", "4x", "%34%32"]))
                case 5: pieces.append(Piece(pattern: "<uuid:u\(index)>", texts: ["e621e1f8-c36c-495a-93fc-0c247a3e6e5f", "nope"]))
                case 6: pieces.append(Piece(pattern: "*", texts: values))
                default: pieces.append(Piece(pattern: random.next(below: 2) == 0 ? "**" : "**rest", texts: ["", "a", "a/b", "Alice/%61"]))
                }
            }
            let pattern = "reader://" + pieces.map(\.pattern).joined(separator: "/")
            if !table.contains(where: { $0.pattern == pattern }) {
                table.append((pattern, random.next(below: 3) == 0 ? .internal : .external, pieces))
            }
        }
        return table
    }

    /// A link to `pieces` in a random spelling: each segment one of its texts, then at times a
    /// trailing `/`, a doubled `/`, a query and a fragment.
    static func randomLink(_ pieces: [Piece], _ random: inout SeededRandom) -> String {
        var segments = pieces.map { $0.texts[random.next(below: $0.texts.count)] }.filter { !$0.isEmpty }
        if !segments.isEmpty, random.next(below: 5) == 0 {
            segments.insert("", at: random.next(below: segments.count + 1))   // "//"
        }
        var path = "/" + segments.joined(separator: "/")
        if random.next(below: 5) == 0 { path += "/" }
        let tail = ["", "", "?from=mail", "#top", "?a=1&b#c"][random.next(below: 5)]
        return "https://\(host)" + path + tail
    }

    @Test("over 400 random tables and 24,000 links: every link that opens is claimed; a claim of a link that opens nothing is a wildcard's",
          .bug(id: "35", "hostile probe 4, F12"))
    func generatedFileAgreesWithTheRouter() throws {
        var random = SeededRandom(seed: 0xD1FF_2027)
        var figures = (tables: 0, links: 0, opened: 0, claimed: 0, overClaimed: 0)
        while figures.tables < 400 {
            let table = Self.randomTable(&random)
            let caseInsensitive = random.next(below: 3) == 0
            let options = Router.Options(matching: .init(caseInsensitivePaths: caseInsensitive),
                                         origins: [.scheme("reader"), .universalLink(host: Self.host)])
            guard let router = try? Router(options: options, routes: { registrar in
                for route in table { registrar.action(route.pattern, exposure: route.exposure) { _ in } }
            }) else { continue }
            figures.tables += 1
            let file = router.routeMap.appleAppSiteAssociation(appIDs: ["T.app"])
            let described = table.map { "\($0.exposure) \($0.pattern)" }.joined(separator: "\n")
                + (caseInsensitive ? "\n(case-insensitive paths)" : "")
            // Mostly a route's own links, sometimes another route's segments mixed in.
            let links = (0..<60).map { _ in
                var pieces = table[random.next(below: table.count)].pieces
                if random.next(below: 4) == 0 { pieces += table[random.next(below: table.count)].pieces.prefix(1) }
                return Self.randomLink(pieces, &random)
            }
            for (link, decision) in zip(links, try AssociationCheck.decisions(json: file, urls: links)) {
                let opened = router.resolve(link, source: .external).route != nil
                let claimed = decision.map { !$0.exclude } ?? false
                figures.links += 1
                if opened { figures.opened += 1 }
                if claimed { figures.claimed += 1 }
                #expect(!opened || claimed, "opens but is not claimed: \(link)\n\(described)\n\(file)")
                if claimed && !opened {
                    figures.overClaimed += 1
                    let claim = decision?.claim ?? ""
                    #expect(claim.contains("*") || claim.contains("?"),
                            "a literal claim of a link that opens nothing: \(link) by '\(claim)'\n\(described)\n\(file)")
                }
            }
        }
        #expect(figures.links == 24_000)
        // Not vacuous: many links open, many in another spelling do not.
        #expect(figures.opened > 6_000 && figures.claimed - figures.opened > 0 && figures.links - figures.claimed > 2_000,
                "\(figures)")
    }
}
