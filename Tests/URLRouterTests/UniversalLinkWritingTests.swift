import Testing
import URLRouter

/// `universalLink(for:)` writes a link that, opened from outside, reaches the route the
/// custom-scheme URL reaches with the same values, or refuses with the reason.
@Suite("Universal links: universalLink(for:)")
struct UniversalLinkWritingTests {
    static let origins: [Origin] = [.scheme("reader"), .scheme("other"), .universalLink(host: "reader.example.com")]

    static func router() throws -> Router {
        try Router(options: .init(origins: origins)) { routes in
            routes.action("reader://book/<int:id>", exposure: .external) { _ in }
            routes.action("reader://:handle/profile", exposure: .external) { _ in }
            routes.action("reader://search/:query", exposure: .external) { _ in }
            routes.action("reader://open", exposure: .external) { _ in }
            routes.action("other://open", exposure: .external) { _ in }
            routes.action("reader://login/done/:name") { _ in }
        }
    }

    struct Written: Sendable, CustomTestStringConvertible {
        let url: String
        let link: String
        var testDescription: String { url }
    }

    static let written: [Written] = [
        Written(url: "reader://book/42?from=mail#top", link: "https://reader.example.com/book/42?from=mail#top"),
        Written(url: "READER://Book/1", link: "https://reader.example.com/book/1"),
        Written(url: "reader:book/42", link: "https://reader.example.com/book/42"),
        Written(url: "reader:/book/42", link: "https://reader.example.com/book/42"),
        Written(url: "reader:book/42?ref=x://book/7", link: "https://reader.example.com/book/42?ref=x://book/7"),
        Written(url: "reader:book/42?next=https://evil.example/book/7", link: "https://reader.example.com/book/42?next=https://evil.example/book/7"),
        Written(url: "reader:book/42#https://x/y", link: "https://reader.example.com/book/42#https://x/y"),
        Written(url: "reader://book:99/42", link: "https://reader.example.com/book/42"),
        Written(url: "reader://book//42/", link: "https://reader.example.com/book/42"),
        Written(url: "reader://%40alice/profile", link: "https://reader.example.com/@alice/profile"),
        Written(url: "reader:Alice/profile", link: "https://reader.example.com/Alice/profile"),
        Written(url: "reader://Alice/profile", link: "https://reader.example.com/alice/profile"),
        Written(url: "reader://search/a%2Fb%20c", link: "https://reader.example.com/search/a%2Fb%20c"),
    ]

    @Test("a URL of the first scheme, with a host or opaque, gets the link that reaches its route with its values",
          .bug(id: "35", "hostile probe 4, F10"), arguments: written)
    func writes(_ item: Written) throws {
        let router = try Self.router()
        let link = try router.universalLink(for: item.url)
        #expect(link == item.link)
        let intended = try #require(router.resolve(item.url).route)
        let opened = try #require(router.resolve(link, source: .external).route)
        #expect(opened.route == intended.route && opened.parameters == intended.parameters)
    }

    struct Refused: Sendable, CustomTestStringConvertible {
        let url: String
        let reason: String
        var testDescription: String { url }
    }

    static let refused: [Refused] = [
        Refused(url: "other://open", reason: "universal links read in the first declared scheme, 'reader', not 'other'"),
        Refused(url: "reader://login/done/ada", reason: "internal route"),
        Refused(url: "reader://nowhere/at/all", reason: "it opens no route"),
        Refused(url: "reader://book/x", reason: "it opens no route"),
        Refused(url: "reader://u@book/42", reason: "userinfo"),
        Refused(url: "https://reader.example.com/book/1", reason: "not a URL of a declared custom scheme"),
        Refused(url: "mailto:someone", reason: "not a URL of a declared custom scheme"),
    ]

    @Test("a link that would open another route, or none, is refused with the reason", .bug(id: "35", "hostile probe 4, F10"), arguments: refused)
    func refuses(_ item: Refused) throws {
        let router = try Self.router()
        let error = #expect(throws: UniversalLinkError.self) { try router.universalLink(for: item.url) }
        #expect(error?.reason.contains(item.reason) == true, "\(String(describing: error))")
        #expect((error?.description.utf8.count ?? 0) < 600)
    }

    @Test("values that a host would read otherwise round-trip: url(for:), universalLink(for:), open")
    func roundTrips() throws {
        let router = try Self.router()
        for value in ["@alice", "a@b", "a:b", "[x]", "a%b", "a/b", "a?b", "a#b", "ü", "a b", "alice", "a*b", "a$b"] {
            let url = try router.url(for: "reader://:handle/profile", parameters: ["handle": value])
            let intended = try #require(router.resolve(url).route, "\(url)")
            let link = try router.universalLink(for: url)
            #expect(router.resolve(link, source: .external).route?.parameters == intended.parameters, "\(value): \(url) → \(link)")
        }
    }
}
