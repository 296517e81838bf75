import Foundation
import Testing
import URLRouter

/// Thrown by every internal handler of ``HostileApp``: if an outside URL ever reaches one,
/// the open reports `.failed` with this error instead of passing silently.
private struct InternalReached: Error, Equatable {
    let pattern: String
}

/// An app whose internal routes look like its external ones, with internal fallbacks that
/// would catch anything.
private enum HostileApp: RouteModule {
    static let external = [
        "reader://book/<int:id>", "reader://search", "reader://web/**url",
        "https://reader.example.com/share/:token", "reader:settings/:pane",
    ]
    static let `internal` = [
        "reader://nativeSecret", "reader://admin/**rest", "reader://book/<int:id>/purchase",
        "reader://user/:id/delete", "reader://**", "**", "*://*/internal/**", "https://reader.example.com/**",
    ]

    static func registerRoutes(in routes: inout RouteRegistrar) {
        for pattern in external {
            routes.action(pattern, exposure: .external) { request in request.reply(request.route.pattern) }
        }
        for pattern in `internal` {
            routes.action(pattern) { _ in throw InternalReached(pattern: pattern) }
        }
        routes.object("reader://service/public", exposure: .external) { _ in "public" }
        routes.object("reader://service/secret") { _ in "secret" }
        routes.asyncAction("reader://async/secret") { _ in throw InternalReached(pattern: "reader://async/secret") }
        routes.asyncAction("reader://async/public", exposure: .external) { _ in }
    }
}

/// What an external open of `url` must give.
struct HostileExternalCase: Sendable, CustomTestStringConvertible {
    enum Expected: Sendable, Equatable {
        case handled(String)
        case unmatched
        case refused
        case malformed
    }

    var url: String
    var expected: Expected
    var source: String

    var testDescription: String { "\(url.debugDescription) — \(source)" }
}

/// The error a handler threw, if the open failed.
private func thrown(_ result: OpenResult) -> (any Error)? {
    if case .failed(_, let error) = result { return error }
    return nil
}

private func kind(_ result: OpenResult) -> HostileExternalCase.Expected? {
    switch result {
    case .handled(let route): return .handled(route.pattern)
    case .unmatched: return .unmatched
    case .refused: return .refused
    case .malformed: return .malformed
    case .declined, .failed, .pending, .rejected, .redirected, .intercepting, .held: return nil
    }
}

@Suite("Hostile: URLs from outside the app")
struct HostileExternalURLTests {
    static let cases: [HostileExternalCase] = [
        // Scheme case: the scheme is lowercased (RFC 3986 §3.1), so every case reaches the same routes.
        HostileExternalCase(url: "reader://book/42", expected: .handled("reader://book/<int:id>"), source: "exposure rules"),
        HostileExternalCase(url: "READER://book/42", expected: .handled("reader://book/<int:id>"), source: "RFC 3986 §3.1"),
        HostileExternalCase(url: "ReAdEr://BOOK/42", expected: .handled("reader://book/<int:id>"), source: "RFC 3986 §3.1, §3.2.2"),
        HostileExternalCase(url: "READER://NATIVESECRET", expected: .unmatched, source: "exposure rules: case never reaches an internal route"),
        HostileExternalCase(url: "reader+x://book/42", expected: .unmatched, source: "RFC 3986 §3.1: another scheme"),
        HostileExternalCase(url: "reader ://book/42", expected: .unmatched, source: "RFC 3986 §3.1: no scheme at all"),
        HostileExternalCase(url: " reader://book/42", expected: .unmatched, source: "Matching rules: URL to route key: no trimming, so no scheme"),
        // Userinfo: the host is after the last '@', and an outside URL with userinfo is refused.
        HostileExternalCase(url: "reader://trusted.com@evil.com/book/42", expected: .refused, source: "exposure rules"),
        HostileExternalCase(url: "reader://trusted@book/42", expected: .refused, source: "exposure rules"),
        HostileExternalCase(url: "reader://@book/42", expected: .refused, source: "exposure rules: empty userinfo is userinfo"),
        HostileExternalCase(url: "reader://a@b@book/42", expected: .refused, source: "Matching rules: URL to route key: the last '@'"),
        HostileExternalCase(url: "reader://book:pass@nativeSecret", expected: .refused, source: "RFC 3986 §3.2.1"),
        HostileExternalCase(url: "https://reader.example.com@evil.com/share/x", expected: .refused, source: "RFC 3986 §3.2.1"),
        HostileExternalCase(url: "https://evil.com\\@reader.example.com/share/x", expected: .refused,
                     source: "RFC 3986 §3.2: '\\' is no delimiter, so this is userinfo"),
        HostileExternalCase(url: "reader://book%40evil/42", expected: .unmatched, source: "Matching rules: URL to route key: an encoded '@' is part of the host"),
        HostileExternalCase(url: "reader://book/42?next=reader://u@nativeSecret", expected: .handled("reader://book/<int:id>"),
                     source: "Matching rules: URL to route key: a URL in the query is query data"),
        // Look-alike hosts.
        HostileExternalCase(url: "https://reader.example.com/share/abc", expected: .handled("https://reader.example.com/share/:token"),
                     source: "exposure rules"),
        HostileExternalCase(url: "https://reader.example.com.evil.com/share/abc", expected: .unmatched,
                     source: "https://github.com/brave/brave-core/pull/37351"),
        HostileExternalCase(url: "https://evil.com/reader.example.com/share/abc", expected: .unmatched,
                     source: "https://github.com/brave/brave-core/pull/37351"),
        HostileExternalCase(url: "https://evil.com#@reader.example.com/share/abc", expected: .unmatched,
                     source: "RFC 3986 §3.5: the fragment starts before the '@'"),
        HostileExternalCase(url: "https://evil.com?@reader.example.com/share/abc", expected: .unmatched,
                     source: "RFC 3986 §3.4: the query starts before the '@'"),
        HostileExternalCase(url: "https://reader.example.com:443/share/abc", expected: .handled("https://reader.example.com/share/:token"),
                     source: "Matching rules: URL to route key: the port is ignored"),
        HostileExternalCase(url: "https://reader.example.com/internal/x", expected: .unmatched, source: "exposure rules"),
        // Opaque forms have the key of the hierarchical ones (Matching rules: URL to route key); internal stays internal.
        HostileExternalCase(url: "reader:book/42", expected: .handled("reader://book/<int:id>"), source: "Matching rules: URL to route key"),
        HostileExternalCase(url: "reader:///book/42", expected: .handled("reader://book/<int:id>"), source: "Matching rules: URL to route key"),
        HostileExternalCase(url: "reader:settings/general", expected: .handled("reader:settings/:pane"), source: "Matching rules: URL to route key"),
        HostileExternalCase(url: "reader://settings/general", expected: .handled("reader:settings/:pane"), source: "Matching rules: URL to route key"),
        HostileExternalCase(url: "reader:nativeSecret", expected: .unmatched, source: "exposure rules"),
        HostileExternalCase(url: "reader:/admin/x", expected: .unmatched, source: "exposure rules"),
        HostileExternalCase(url: "reader:", expected: .unmatched, source: "exposure rules: the internal 'reader://**' never runs"),
        // Every spelling that fools a guard comparing names.
        HostileExternalCase(url: "reader://nativeSecret", expected: .unmatched, source: "exposure rules"),
        HostileExternalCase(url: "reader://native%53ecret", expected: .unmatched, source: "exposure rules"),
        HostileExternalCase(url: "reader://%61dmin/x", expected: .unmatched, source: "exposure rules"),
        HostileExternalCase(url: "reader://ADMIN/x", expected: .unmatched, source: "exposure rules"),
        HostileExternalCase(url: "reader://book/42/purchase", expected: .unmatched, source: "Matching rules: which route wins: no prefix matching"),
        HostileExternalCase(url: "reader://book/42%2Fpurchase", expected: .unmatched, source: "Matching rules: URL to route key: one segment, not an int"),
        HostileExternalCase(url: "reader://book/42/./purchase", expected: .unmatched, source: "Matching rules: URL to route key: dots are data"),
        HostileExternalCase(url: "reader://search/../admin/x", expected: .unmatched, source: "Matching rules: URL to route key: dots are data"),
        HostileExternalCase(url: "reader://web/../admin/x", expected: .handled("reader://web/**url"),
                     source: "Matching rules: pattern syntax: the external catch-all gets '../admin/x' as data"),
        HostileExternalCase(url: "reader://user/1/delete", expected: .unmatched, source: "exposure rules"),
        HostileExternalCase(url: "reader://any/internal/x", expected: .unmatched, source: "exposure rules: '*://*/internal/**' is internal"),
        HostileExternalCase(url: "/admin", expected: .unmatched, source: "exposure rules: the internal '**' never runs"),
        HostileExternalCase(url: "search_top_bar", expected: .unmatched, source: "Matching rules: URL to route key"),
        // A query or fragment never chooses the route, the module or the exposure.
        HostileExternalCase(url: "reader://search?route=reader://nativeSecret&exposure=internal&module=HostileApp",
                     expected: .handled("reader://search"), source: "exposure rules: query items never choose a route"),
        HostileExternalCase(url: "reader://search#reader://nativeSecret", expected: .handled("reader://search"), source: "Matching rules: URL to route key"),
        HostileExternalCase(url: "reader://search?reader://nativeSecret", expected: .handled("reader://search"), source: "Matching rules: URL to route key"),
        // Malformed outside URLs are reported, never passed on raw.
        HostileExternalCase(url: "reader://book/%", expected: .malformed, source: "Matching rules: URL to route key"),
        HostileExternalCase(url: "reader://native%ZZSecret", expected: .malformed, source: "Matching rules: URL to route key"),
        HostileExternalCase(url: "reader://book/%FF", expected: .malformed, source: "Matching rules: URL to route key"),
        HostileExternalCase(url: "reader://book/" + String(repeating: "4", count: 9_000), expected: .malformed, source: "Matching rules: URL to route key"),
    ]

    static func makeRouter(unmatched: UnmatchedHandler? = nil) throws -> Router {
        try Router(modules: [HostileApp.self], options: Router.Options(unmatched: unmatched))
    }

    @Test("an outside URL reaches only external routes, whatever its spelling",
          arguments: cases.filter { !$0.source.hasPrefix("https://") })
    func external(_ row: HostileExternalCase) throws {
        try check(row)
    }

    @Test("look-alike hosts never pass", .bug("https://github.com/brave/brave-core/pull/37351"),
          arguments: cases.filter { $0.source.hasPrefix("https://") })
    func lookAlike(_ row: HostileExternalCase) throws {
        try check(row)
    }

    private func check(_ row: HostileExternalCase) throws {
        let calls = Shared(0)
        let router = try Self.makeRouter(unmatched: UnmatchedHandler { _ in calls.increment() })
        let result = router.open(row.url, source: .external)
        #expect(kind(result) == row.expected, "\(result) — \(row.source)")
        #expect(result.route?.exposure.isExternal ?? true, "\(result)")
        #expect(calls.current == 0, "the internal unmatched handler ran for an outside URL")
        #expect(router.canOpen(row.url, source: .external) == (row.expected != .unmatched && row.expected != .refused
            && row.expected != .malformed))
        if let url = URL(string: row.url) {
            let viaFoundation = router.open(url, source: .external)
            #expect(viaFoundation.route?.exposure.isExternal ?? true, "\(viaFoundation)")
            #expect(thrown(viaFoundation) == nil, "\(viaFoundation)")
            #expect(calls.current == 0)
        }
    }

    @Test("the same URLs from an async open never reach an internal handler")
    func externalAsync() async throws {
        let router = try Self.makeRouter()
        for row in Self.cases {
            let result = await router.openAndWait(row.url, source: .external)
            #expect(kind(result) == row.expected, "\(row.url): \(result)")
            #expect(thrown(result) == nil, "\(row.url): \(result)")
        }
        let public_ = await router.openAndWait("reader://async/public", source: .external)
        #expect(public_.isHandled)
        let secret = await router.openAndWait("reader://async/secret", source: .external)
        #expect(kind(secret) == .unmatched)
        let secretObject = await router.open("reader://service/secret", expecting: String.self, source: .external)
        #expect(secretObject == .notHandled(.unmatched))
        let publicObject = await router.open("reader://service/public", expecting: String.self, source: .external)
        #expect(publicObject.value == "public")
    }

    @Test("fallbacks: an internal unmatched handler and internal catch-alls never run for outside URLs")
    func fallbacks() throws {
        let internalCalls = Shared(0)
        let router = try Self.makeRouter(unmatched: UnmatchedHandler { _ in internalCalls.increment() })
        let urls = ["reader://nowhere", "reader:", "/x", "reader://admin/x", "https://evil.com/"]
        for url in urls {
            #expect(kind(router.open(url, source: .external)) == .unmatched)
        }
        #expect(internalCalls.current == 0)
        // From the app, the internal fallbacks catch the same URLs, proving they are there.
        for url in urls.dropLast() {
            #expect(thrown(router.open(url)) is InternalReached, "\(url)")
        }
        #expect(router.open("https://evil.com/").description == "no route matches")
        #expect(internalCalls.current == 1)

        // An unmatched handler the app exposes is told, and the internal catch-all still never runs.
        let externalCalls = Shared([String]())
        let open = try Self.makeRouter(unmatched: UnmatchedHandler(exposure: .external) { request in
            externalCalls.append("\(request.source) \(request.url)")
        })
        #expect(kind(open.open("reader://nowhere", source: .external)) == .unmatched)
        #expect(externalCalls.current == ["external reader://nowhere"])
    }

    @Test("a query item can replace neither a path parameter nor the router's metadata",
          .bug("https://github.com/joeldev/JLRoutes/pull/16"))
    func queryNeverReplacesMetadata() throws {
        let seen = Shared([String: String]())
        let router = try Router { routes in
            routes.action("reader://book/:id", name: "book", exposure: .external) { request in
                seen.withLock { $0 = request.mergedParameters }
            }
        }
        let url = "reader://book/7?id=8&router.pattern=reader://nativeSecret&router.module=Secrets&router.url=x&router.name=y"
        #expect(router.open(url, source: .external).isHandled)
        let merged = seen.current
        #expect(merged["id"] == "7")
        #expect(merged["router.pattern"] == "reader://book/:id")
        #expect(merged["router.module"] == Router.inlineModuleName)
        #expect(merged["router.url"] == url)
        #expect(merged["router.name"] == "book")
    }
}
