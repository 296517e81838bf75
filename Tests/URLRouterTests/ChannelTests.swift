import Testing
import URLRouter

/// The channels a link arrives through, and exposure by channel (<doc:WhereLinksComeFrom>;
/// Matching rules, "Sources and exposure").
@Suite("Channels and exposure by channel")
struct ChannelTests {
    static let channels: [OpenSource] = [.external, .notification, .widget, .shortcut, .spotlight, .handoff, .intent, .deferred]
    static let names = ["external", "notification", "widget", "shortcut", "spotlight", "handoff", "intent", "deferred"]

    @Test("each channel is external, distinct from the others, and named")
    func channelsAreDistinct() {
        #expect(Set(Self.channels).count == Self.channels.count)
        #expect(!Self.channels.contains(.app))
        for (channel, name) in zip(Self.channels, Self.names) {
            #expect(channel.isExternal)
            #expect(channel.description == name)
        }
        #expect(!OpenSource.app.isExternal)
    }

    /// A router with an internal route, an external one, and one that notifications alone reach.
    static func router(observer: (@Sendable (OpenEvent) -> Void)? = nil, seen: Shared<[String]>) throws -> Router {
        try Router(options: .init(observer: observer)) { routes in
            routes.action("reader://secret") { request in seen.append("secret \(request.source)") }
            routes.action("reader://book/<int:id>", exposure: .external) { request in seen.append("book \(request.source)") }
            routes.action("reader://account/reset", exposure: .external(from: [.notification])) { request in
                seen.append("reset \(request.source)")
            }
            routes.action("reader://forward/**url", exposure: .external) { request in
                let inner = request.parameters["url"] ?? ""
                // A wider source is narrowed to the request's channel.
                request.router?.open(inner, source: .app)
            }
            routes.intercept("reader://**", name: "log") { request in
                seen.append("intercepted \(request.source)")
                return .proceed
            }
        }
    }

    @Test("handlers and interceptors see the channel; a route named for notifications is theirs alone")
    func handlersSeeTheChannel() throws {
        let seen = Shared<[String]>([])
        let router = try Self.router(seen: seen)
        for channel in Self.channels {
            seen.withLock { $0.removeAll() }
            #expect(router.open("reader://book/1", source: channel).isHandled)
            #expect(seen.current == ["intercepted \(channel)", "book \(channel)"])
            let reset = router.open("reader://account/reset", source: channel)
            #expect(reset.isHandled == (channel == .notification), "\(channel): \(reset)")
            #expect(!router.open("reader://secret", source: channel).isHandled)
            #expect(router.canOpen("reader://account/reset", source: channel) == (channel == .notification))
        }
        #expect(router.open("reader://account/reset").isHandled)
        #expect(router.open("reader://secret").isHandled)
    }

    @Test("a request's router stays the request's channel")
    func forwardingKeepsTheChannel() throws {
        let seen = Shared<[String]>([])
        let router = try Self.router(seen: seen)
        router.open("reader://forward/reader:%2F%2Faccount%2Freset", source: .notification)
        #expect(seen.current.contains("reset notification"))
        seen.withLock { $0.removeAll() }
        router.open("reader://forward/reader:%2F%2Faccount%2Freset", source: .widget)
        #expect(!seen.current.contains { $0.hasPrefix("reset") })
        router.open("reader://forward/reader:%2F%2Fsecret", source: .notification)
        #expect(!seen.current.contains { $0.hasPrefix("secret") })
    }

    @Test("the observer and held opens see the channel")
    func observerAndHeldOpensSeeTheChannel() throws {
        let seen = Shared<[String]>([])
        let events = Shared<[String]>([])
        let router = try Self.router(observer: { events.append("\($0.source)") }, seen: seen)
        router.holdExternalOpens()
        guard case .held(let held) = router.open("reader://account/reset", source: .notification) else {
            Issue.record("not held")
            return
        }
        #expect(held.source == .notification)
        let release = router.releaseHeldOpens()
        #expect(release.replayed.first?.result.isHandled == true)
        #expect(seen.current.contains("reset notification"))
        #expect(events.current == ["notification"])
    }

    @Test("a universal link keeps the channel that delivered it, and is external from the app")
    func universalLinksKeepTheChannel() throws {
        let seen = Shared<[String]>([])
        let router = try Router(options: .init(origins: [.scheme("reader"), .universalLink(host: "reader.example.com")])) { routes in
            routes.action("reader://book/<int:id>", exposure: .external) { request in seen.append("\(request.source)") }
        }
        router.open("https://reader.example.com/book/1", source: .notification)
        router.open("https://reader.example.com/book/1")
        #expect(seen.current == ["notification", "external"])
    }

    @Test("the unmatched handler hears the channels its exposure names")
    func unmatchedHandlerByChannel() throws {
        let heard = Shared<[String]>([])
        let router = try Router(options: .init(unmatched: UnmatchedHandler(exposure: .external(from: [.widget])) { request in
            heard.append("\(request.source)")
        }))
        for channel in Self.channels { router.open("reader://nothing", source: channel) }
        router.open("reader://nothing")
        #expect(heard.current == ["widget", "app"])
    }

    @Test("exposure by channel: equality, description, reachability")
    func exposureValues() {
        let reset = Exposure.external(from: [.notification, .widget])
        #expect(reset == .external(from: [.widget, .notification, .app]))
        #expect(reset != .external)
        #expect(reset.isExternal)
        #expect(reset.description == "external(from: notification, widget)")
        #expect(Exposure.external(from: []) == .internal)
        #expect(Exposure.external(from: [.app]) == .internal)
        for channel in Self.channels {
            #expect(reset.isReachable(from: channel) == (channel == .notification || channel == .widget))
            #expect(Exposure.external.isReachable(from: channel))
            #expect(!Exposure.internal.isReachable(from: channel))
        }
        #expect(reset.isReachable(from: .app) && Exposure.internal.isReachable(from: .app))
    }

    @Test("the route map names the channels; the association file claims only what links reach")
    func routeMapAndAssociationFile() throws {
        let router = try Router(options: .init(origins: [.scheme("reader"), .universalLink(host: "reader.example.com")])) { routes in
            routes.action("reader://book/<int:id>", exposure: .external) { _ in }
            routes.action("reader://account/reset", exposure: .external(from: [.notification])) { _ in }
            routes.action("reader://share/:id", exposure: .external(from: [.external, .handoff])) { _ in }
        }
        #expect(router.routeMap.text.contains("route  external(from: notification)  reader://account/reset"))
        #expect(router.routes.first { $0.pattern == "reader://share/:id" }?.exposure == .external(from: [.handoff, .external]))
        let file = router.routeMap.appleAppSiteAssociation(appIDs: ["TEAM.app"])
        #expect(file.contains("/book/"))
        #expect(file.contains("/share/"))
        #expect(!file.contains("account"))
        #expect(throws: UniversalLinkError.self) { try router.universalLink(for: "reader://account/reset") }
        #expect((try? router.universalLink(for: "reader://share/7")) == "https://reader.example.com/share/7")
    }

    @Test("routes registered late extend every channel's table")
    func lateRegistration() throws {
        let router = try Router { routes in routes.action("reader://a", exposure: .external) { _ in } }
        try router.register(moduleNamed: "Late") { routes in
            routes.action("reader://b", exposure: .external(from: [.spotlight])) { _ in }
        }
        #expect(router.canOpen("reader://b", source: .spotlight) && router.canOpen("reader://a", source: .spotlight))
        #expect(!router.canOpen("reader://b", source: .external) && router.canOpen("reader://a", source: .external))
        try router.register(moduleNamed: "Later") { routes in routes.action("reader://c", exposure: .external) { _ in } }
        #expect(router.canOpen("reader://c", source: .spotlight) && router.canOpen("reader://b", source: .spotlight))
        router.deregister(pattern: "reader://b")
        #expect(!router.canOpen("reader://b", source: .spotlight) && router.canOpen("reader://a", source: .spotlight))
    }

    @Test("the fuzz property holds on the suite's URLs, from every channel")
    func fuzzProperty() {
        for url in Self.urls + ["reader://book/42", "reader://book/x", "reader://share/1", "reader://account/a"] {
            for seed in 0..<UInt64(8) {
                var input = FuzzOracle.Case(Array("+reader://share/:id\n\(url)".utf8), maxLines: 6)
                input.seed = seed
                let reading = FuzzOracle.URLReading(url, limits: input.options.limits)
                #expect(FuzzOracle.checkChannels(input, url: reading, seed: seed) == [], "\(url), seed \(seed)")
            }
        }
    }

    // MARK: The exposure property

    /// Shapes that never conflict with one another; catch-alls and parameters overlap literals.
    static let patterns = ["reader://a", "reader://a/b", "reader://a/:id", "reader://a/<int:n>", "reader://a/**rest",
                           "reader://:x/b", "reader://**all", "reader://b/c", "reader://b/:id/c", "reader://c"]
    static let urls = ["reader://a", "reader://a/b", "reader://a/7", "reader://a/z", "reader://a/b/c", "reader://q/b",
                       "reader://b/c", "reader://b/1/c", "reader://c", "reader://zz", "reader://u@a/b"]

    /// The exposure of route `i` in a table drawn from `seed`, or `nil` when it is left out.
    static func exposure(_ draw: UInt64) -> Exposure? {
        switch draw % 5 {
        case 0: nil
        case 1: .internal
        case 2: .external
        default: .external(from: channels.indices.filter { draw >> (8 + UInt64($0)) & 1 == 1 }.map { channels[$0] })
        }
    }

    @Test("every channel reaches what the app reaches in a table of the routes exposed to it")
    func exposureProperty() throws {
        var state: UInt64 = 0x5EED_C4A7
        func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        for _ in 0..<LongRuns.count(full: 4_000, sample: 150) {
            let table = Self.patterns.map { ($0, Self.exposure(next())) }
            let router = try Router { routes in
                for case let (pattern, exposure?) in table { routes.action(pattern, exposure: exposure) { _ in } }
            }
            // The same routes registered one module at a time: each table extended.
            let late = try Router()
            for (index, (pattern, exposure)) in table.enumerated() {
                guard let exposure else { continue }
                try late.register(moduleNamed: "M\(index)") { routes in routes.action(pattern, exposure: exposure) { _ in } }
            }
            for channel in Self.channels {
                let visible = try Router { routes in
                    for case let (pattern, exposure?) in table where exposure.isReachable(from: channel) {
                        routes.action(pattern) { _ in }
                    }
                }
                for url in Self.urls {
                    let reached = router.resolve(url, source: channel).route?.route
                    if let reached { #expect(reached.exposure.isReachable(from: channel), "\(url) from \(channel)") }
                    let expected = url.contains("@") ? nil : visible.resolve(url, source: .app).route?.route.pattern
                    #expect(reached?.pattern == expected, "\(url) from \(channel) in \(table)")
                    #expect(late.resolve(url, source: channel).route?.route.pattern == expected, "\(url) from \(channel), late")
                }
            }
        }
    }
}
