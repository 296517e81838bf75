import Testing
import URLRouter

/// The observer sees campaign items unredacted, whatever the route (``OpenEvent/campaign``;
/// <doc:OpeningURLs>, "Observing every open").
@Suite("Campaign items")
struct CampaignTests {
    struct BookRoute: TypedRoute {
        static let pattern = "reader://book/<int:id>"
        var id: Int
        var from: String?
    }

    static func events(_ url: String, source: OpenSource = .external,
                       campaignItems: Set<String> = Router.Options.defaultCampaignItems) throws -> (OpenEvent, OpenResult) {
        let events = Shared<[OpenEvent]>([])
        let router = try Router(options: .init(observer: { event in events.withLock { $0.append(event) } },
                                               campaignItems: campaignItems)) { routes in
            routes.action(BookRoute.self, exposure: .external) { book, _ in
                #expect(book.id == 42)
            }
        }
        let result = router.open(url, source: source)
        let event = try #require(events.current.first)
        return (event, result)
    }

    @Test("the default items: utm_*, gclid, fbclid, by name, decoded")
    func defaults() throws {
        #expect(Router.Options.defaultCampaignItems
                == ["utm_source", "utm_medium", "utm_campaign", "utm_term", "utm_content", "gclid", "fbclid"])
        let (event, result) = try Self.events(
            "reader://book/42?utm_source=news%20letter&utm_medium=email&utm_campaign=spring&utm_term=t&utm_content=c"
                + "&gclid=G1&fbclid=F1&token=secret&from=shelf")
        #expect(result.isHandled)
        #expect(event.campaign == ["utm_source": "news letter", "utm_medium": "email", "utm_campaign": "spring",
                                   "utm_term": "t", "utm_content": "c", "gclid": "G1", "fbclid": "F1"])
        // The URL shows them too; every other value stays hidden.
        #expect(event.url.contains("utm_source=news%20letter") && event.url.contains("gclid=G1"))
        #expect(!event.url.contains("secret") && !event.url.contains("shelf"))
        #expect(!"\(event)".contains("secret"))
    }

    @Test("whatever the route: unmatched, refused and malformed opens too")
    func whateverTheRoute() throws {
        #expect(try Self.events("reader://nothing?utm_source=ad").0.campaign == ["utm_source": "ad"])
        #expect(try Self.events("reader://u@book/42?utm_source=ad").0.campaign == ["utm_source": "ad"])
        #expect(try Self.events("reader://book/%zz?gclid=x").0.campaign == ["gclid": "x"])
        #expect(try Self.events("reader://book/42").0.campaign.isEmpty)
    }

    @Test("the app names its own items; an empty set shows none")
    func customItems() throws {
        #expect(try Self.events("reader://book/42?ref=partner&utm_source=ad", campaignItems: ["ref"]).0.campaign
                == ["ref": "partner"])
        let (event, _) = try Self.events("reader://book/42?utm_source=ad", campaignItems: [])
        #expect(event.campaign.isEmpty)
        #expect(!event.url.contains("=ad"))
    }

    @Test("bounded and escaped: control characters, long values, many items, the last one wins")
    func bounded() throws {
        let long = String(repeating: "x", count: 10_000)
        let (event, _) = try Self.events("reader://book/42?utm_source=a%0Ab&utm_term=\(long)&utm_medium=1&utm_medium=2")
        #expect(event.campaign["utm_source"] == "a\\u{0A}b")
        #expect((event.campaign["utm_term"]?.utf8.count ?? 0) <= 256)
        #expect(event.campaign["utm_medium"] == "2")
        let many = (0..<100).map { "c\($0)=v" }.joined(separator: "&")
        let (crowded, _) = try Self.events("reader://book/42?" + many, campaignItems: Set((0..<100).map { "c\($0)" }))
        #expect(crowded.campaign.count == 16)
    }

    @Test("routing and typed decoding ignore them")
    func routingIgnoresThem() throws {
        let (event, result) = try Self.events("reader://book/42?from=mail&utm_source=ad&utm_campaign=x")
        #expect(result.isHandled)
        #expect(event.route?.pattern == BookRoute.pattern)
        let router = try Router { routes in routes.action(BookRoute.self, exposure: .external) { _, _ in } }
        #expect(router.resolve("reader://book/42?utm_source=ad").route?.route.pattern == BookRoute.pattern)
        #expect(router.resolve("reader://book/42?utm_source=ad&from=x").route != nil)
    }
}
