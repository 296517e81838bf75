import Foundation
import Testing
import URLRouter

/// The exposure property over random rules documents: whatever a document says, once installed
/// (or refused) no open from outside the app runs an internal route, and every rule an accepted
/// document holds points at what links may reach.
@Suite("Route rules: no document makes an internal route reachable from outside")
struct RouteRulesPropertyTests {
    /// Random documents: 2,000 (``LongRuns``), 300 in the sample.
    static let documents = LongRuns.count(full: 2_000, sample: 300)

    /// Patterns of a small alphabet, so that documents often name them, and URLs often hit them.
    static let patterns = ["reader://a", "reader://b", "reader://a/:id", "reader://b/:id", "reader://a/<int:id>",
                           "reader://c/:id/x", "reader://c/**rest", "reader://:h/z", "reader://d/<int:id>/:name"]
    static let urls = ["reader://a", "reader://b", "reader://a/1", "reader://a/q", "reader://b/1", "reader://c/1/x",
                       "reader://c/2/y/z", "reader://q/z", "reader://d/3/n", "reader://e", "https://web.example.com/a/1",
                       "reader://b/1?x=1#f"]
    static let fallbacks = patterns + urls + ["https://web.example.com/:id", "https://evil.example.com/a", "reader://a/:nope",
                                              "https://web.example.com/page"]

    struct Table {
        let router: Router
        let internalPatterns: Set<String>
    }

    /// A router whose routes are a random subset of ``patterns``, each internal or external at random.
    static func table(_ random: inout SeededRandom, ran: Shared<[String]>) throws -> Table {
        var internalPatterns: Set<String> = []
        let router = try Router(options: .init(unmatched: UnmatchedHandler(exposure: .internal) { _ in ran.append("internal unmatched") })) { routes in
            for (index, pattern) in patterns.enumerated() where random.next(below: 3) > 0 {
                let exposure: Exposure = random.next(below: 2) == 0 ? .internal : .external
                if !exposure.isExternal { internalPatterns.insert(pattern) }
                // The two pattern shapes that conflict (`a/:id` and `b/:id` against others) are kept apart by name.
                routes.action(pattern, name: random.next(below: 2) == 0 ? "r\(index)" : nil, exposure: exposure) { _ in
                    ran.append(exposure.isExternal ? "external" : "internal \(pattern)")
                }
            }
        }
        return Table(router: router, internalPatterns: internalPatterns)
    }

    static func pick<T>(_ items: [T], _ random: inout SeededRandom) -> T { items[random.next(below: items.count)] }

    /// A random document as JSON: rules that name routes by name or pattern, or nothing at all.
    static func document(_ random: inout SeededRandom) -> String {
        func quoted(_ text: String) -> String { "\"" + text.replacingOccurrences(of: "\"", with: "\\\"") + "\"" }
        var disabled: [String] = []
        for _ in 0..<random.next(below: 4) {
            let route = random.next(below: 2) == 0 ? "r\(random.next(below: patterns.count))" : pick(patterns, &random)
            let fallback = random.next(below: 4) == 0 ? "" : #", "fallback": \#(quoted(pick(fallbacks, &random)))"#
            disabled.append(#"{"route": \#(quoted(route))\#(fallback)}"#)
        }
        var redirects: [String] = []
        for _ in 0..<random.next(below: 3) {
            let from = pick(["reader://old/:id", "reader://old", "reader://x/:id/:name", "reader://y/**rest"], &random)
            redirects.append(#"{"from": \#(quoted(from)), "to": \#(quoted(pick(fallbacks, &random)))}"#)
        }
        return #"{"version": 1, "disabled": [\#(disabled.joined(separator: ","))], "redirects": [\#(redirects.joined(separator: ","))]}"#
    }

    @Test("over random documents and tables: nothing from outside reaches an internal route; a refused document changes nothing",
          arguments: [UInt64(0x38), 0x3838])
    func exposure(seed: UInt64) throws {
        var random = SeededRandom(seed: seed)
        var accepted = 0
        for _ in 0..<Self.documents / 2 {
            let ran = Shared<[String]>([])
            let table = try Self.table(&random, ran: ran)
            let json = Self.document(&random)
            let before = table.router.routeMap
            do {
                try table.router.install(try RouteRules(json: Data(json.utf8)), allowingHosts: ["web.example.com"])
                accepted += 1
                // Every target an accepted document holds is a route links may reach.
                for line in table.router.routeMap.text.split(separator: "\n") where line.hasPrefix("redirect  ") {
                    let target = line.components(separatedBy: "to=")[1].components(separatedBy: "  ")[0]
                    #expect(!table.internalPatterns.contains(target), "\(json) redirects to internal \(target)")
                }
                for line in table.router.routeMap.text.split(separator: "\n") where line.hasPrefix("disabled  ") {
                    let fallback = line.components(separatedBy: "fallback=")[1].components(separatedBy: "  ")[0]
                    #expect(!table.internalPatterns.contains(fallback), "\(json) falls back to internal \(fallback)")
                    if let route = table.router.resolve(fallback).route?.route {
                        #expect(route.exposure.isExternal, "\(json) falls back to \(fallback), internal \(route) from the app")
                    }
                }
            } catch {
                #expect(table.router.routeMap == before, "a refused document changed the router: \(json)")
            }
            for url in Self.urls + Self.urls.map({ $0.replacingOccurrences(of: "reader://", with: "reader://old/") }) {
                table.router.open(url, source: .external)
                _ = table.router.object(for: url, as: String.self, source: .external)
                if let route = table.router.resolve(url, source: .external).route?.route {
                    #expect(route.exposure.isExternal, "\(json): \(url) resolves to \(route)")
                }
            }
            let reached = ran.current.filter { $0.hasPrefix("internal") }
            #expect(reached.isEmpty, "\(json): \(reached)")
        }
        #expect(accepted > Self.documents / 20, "the generator makes documents that are accepted too")
    }
}
