import Foundation
import Testing
import URLRouter

/// Installed rules are replaced atomically: 8 threads open while a ninth installs documents,
/// and every open sees a whole document or none (run under the thread sanitizer by `.ci/run`).
@Suite("Route rules: atomic replacement under concurrent opens")
struct RouteRulesConcurrencyTests {
    static let threads = 8
    static let opensPerThread = 400

    @Test("8 threads opening while documents are installed, refused and removed: each open sees one whole document")
    func atomicReplacement() throws {
        let ran = Shared<[String: Int]>([:])
        let router = try Router { routes in
            routes.action("reader://store", name: "store", exposure: .external) { _ in ran.count("store") }
            for index in 0..<Self.threads {
                routes.action("reader://page\(index)/<int:id>", name: "page\(index)", exposure: .external) { _ in
                    ran.count("page\(index)")
                }
            }
        }
        // Every page off, to the store: a half-installed document would leave some page on.
        let entries = (0..<Self.threads).map { #"{"route": "page\#($0)", "fallback": "reader://store"}"# }
        let allOff = try RouteRules(json: Data(#"{"version": 1, "disabled": [\#(entries.joined(separator: ","))]}"#.utf8))
        let refused = try RouteRules(json: Data(#"{"version": 1, "disabled": [{"route": "page0"}, {"route": "nowhere"}]}"#.utf8))
        let outcomes = Shared<[String]>([])
        Self.run(threads: Self.threads, installing: { round in
            do {
                try router.install(round % 3 == 2 ? RouteRules() : allOff)
            } catch {
                outcomes.append("unexpected: \(error)")
            }
            #expect(throws: RouteRulesError.self) { try router.install(refused) }
        }) { index in
            var seen: [String] = []
            for id in 0..<Self.opensPerThread {
                let result = router.open("reader://page\(index)/\(id)?n=\(id)", source: .external)
                switch result {
                case .handled(let route) where route.pattern == "reader://page\(index)/<int:id>": seen.append("on")
                case .redirected(_, "reader://store?n=\(id)", .handled(let route)) where route.pattern == "reader://store":
                    seen.append("off")
                default: seen.append("unexpected: \(result)")
                }
                let disabled = router.routeMap.text.components(separatedBy: "\ndisabled  ").count - 1
                if disabled != 0 && disabled != Self.threads { seen.append("a map with \(disabled) disabled routes") }
            }
            outcomes.withLock { $0 += seen }
        }
        let seen = outcomes.current
        #expect(seen.filter { $0.hasPrefix("unexpected") || $0.hasPrefix("a map") }.isEmpty,
                "\(seen.filter { $0.hasPrefix("unexpected") || $0.hasPrefix("a map") }.prefix(5))")
        #expect(seen.count == Self.threads * Self.opensPerThread)
        let counts = ran.current
        #expect(counts.values.reduce(0, +) == Self.threads * Self.opensPerThread, "each open ran exactly one handler")
        #expect(counts["store", default: 0] == seen.filter { $0 == "off" }.count)
    }

    @Test("a module registered between the check and the publication: the rules are not published, and install checks again")
    func registrationBetweenCheckAndPublication() throws {
        let router = try Router { routes in
            routes.action("reader://promo/<int:id>", name: "promo", exposure: .external) { _ in }
            routes.action("reader://sale/:season", name: "sale", exposure: .external) { _ in }
        }
        // Valid now: the fallback reaches the external sale route.
        let rules = try RouteRules(json: Data(#"{"version": 1, "disabled": [{"route": "promo", "fallback": "reader://sale/spring"}]}"#.utf8))
        let (checked, generation) = try router.check(rules, allowingHosts: [])
        // An internal route registered in between now takes the fallback's URL.
        try router.register(SpringSaleModule.self)
        #expect(try router.publish(checked, checkedAgainst: generation) == false)
        #expect(!router.routeMap.text.contains("disabled  "), "nothing was published")
        #expect(router.open("reader://promo/1", source: .external).isHandled)
        let error = #expect(throws: RouteRulesError.self) { try router.install(rules) }
        #expect(error?.problems.joined().contains("reaches the internal route 'reader://sale/spring'") == true,
                "\(String(describing: error))")
        // The internal page gone, the same document goes in.
        #expect(router.deregister(SpringSaleModule.self) == 1)
        try router.install(rules)
        #expect(router.routeMap.text.contains("disabled  "))
    }

    /// Runs `body` on `threads` threads, each given its index, while one more thread calls
    /// `install` with the round's number until they are done.
    static func run(threads: Int, installing install: @escaping @Sendable (Int) -> Void,
                    _ body: @escaping @Sendable (Int) -> Void) {
        let stop = Shared(false)
        let done = DispatchGroup()
        for index in 0..<threads {
            done.enter()
            Thread {
                body(index)
                done.leave()
            }.start()
        }
        let installer = DispatchGroup()
        installer.enter()
        Thread {
            var round = 0
            while !stop.current {
                install(round)
                round += 1
            }
            installer.leave()
        }.start()
        done.wait()
        stop.withLock { $0 = true }
        installer.wait()
    }
}

/// An internal page at a URL the external sale route would otherwise take.
enum SpringSaleModule: RouteModule {
    static func registerRoutes(in routes: inout RouteRegistrar) {
        routes.action("reader://sale/spring") { _ in }
    }
}
