import Foundation
import PatternMatcher
import Testing
import URLRouter

/// A typed route whose `token` must be an `Int`: a URL carrying any other token does not decode.
struct ObservedTokenRoute: TypedRoute {
    static let pattern = "reader://typed/:id"
    var id: String
    var token: Int?
}

/// A typed route that lets observers see `page` and `from`.
struct ObservedPagedRoute: TypedRoute {
    static let pattern = "reader://paged"
    static var observedQueryItems: Set<String> { ["page", "from"] }
    var page: Int?
    var from: [String]
    var token: String?
}

/// Every form in which an observer's event may be logged is redacted, escaped and bounded
/// (issue 35 item 1, from the fourth hostile probe's F1 and F2).
@Suite("Observing every open: events are safe to log", .bug(id: 35, "F1, F2: events showed secrets, raw controls, 60 KB"))
struct ObserverRedactionTests {
    struct Leak: Error, CustomStringConvertible {
        let description: String
    }

    struct Plain: Error, Equatable {}

    /// One hostile open: the URL, its source, and what `event.url` must read (when the case
    /// pins it). Every secret in the URLs is spelled with `SECRET` (or `S%45CRET`, which
    /// decodes to it), and nothing else is.
    struct Case: Sendable, CustomStringConvertible {
        let name: String
        let url: String
        var source: OpenSource = .external
        var shows: String?
        var description: String { name }
    }

    static let cases: [Case] = [
        Case(name: "query value and fragment token", url: "reader://cb?code=SECRET-CODE#access_token=SECRET-FRAG",
             shows: "reader://cb?code=•"),
        Case(name: "a bare item", url: "reader://cb?SECRET-BARE-ITEM", shows: "reader://cb?•"),
        Case(name: "a bare item among others", url: "reader://cb?a=1&SECRETBARE2&b=2&&c=",
             shows: "reader://cb?a=•&•&b=•&&c=•"),
        Case(name: "an item with no name", url: "reader://cb?=SECRET-NO-NAME", shows: "reader://cb?=•"),
        Case(name: "a combining mark after ?", url: "reader://cb?\u{301}code=SECRET-COMBINING",
             shows: "reader://cb?\u{301}code=•"),
        Case(name: "userinfo, from the app", url: "reader://user:SECRET-PW@cb/x", source: .app, shows: "reader://cb/x"),
        Case(name: "userinfo, refused from outside", url: "reader://SECRET-USER:SECRET-PW@cb/x?code=SECRET-Q",
             shows: "reader://cb/x?code=•"),
        Case(name: "a universal-link-like https URL with a password",
             url: "https://user:SECRET-PW2@reader.example.com/x?code=SECRET-H", shows: "https://reader.example.com/x?code=•"),
        Case(name: "CR LF and ESC in the path", url: "reader://cb/a\r\nFORGED LOG LINE\u{1B}[31m?code=SECRET-CRLF",
             shows: "reader://cb/a\\u{0D}\\u{0A}FORGED LOG LINE\\u{1B}[31m?code=•"),
        Case(name: "a bidi override and a line separator", url: "reader://cb/\u{202E}evil\u{2028}x?code=SECRET-BIDI",
             shows: "reader://cb/\\u{202E}evil\\u{2028}x?code=•"),
        Case(name: "CR LF in a bare item", url: "reader://cb?SECRET\r\nFORGED"),
        Case(name: "a 60 KB path, handled", url: "reader://cb/" + String(repeating: "b", count: 60_000) + "?code=SECRET-LONG"),
        Case(name: "a 100 KB URL, malformed", url: "reader://cb/x?code=" + String(repeating: "SECRET", count: 17_000)),
        Case(name: "a 100 KB URL of escapes and quotes",
             url: "reader://cb/" + String(repeating: "\\\"'\n", count: 25_000) + "?code=SECRET-ESC"),
        Case(name: "a bad escape, malformed", url: "reader://cb/%zz?code=SECRET-MAL#SECRET-MAL-FRAG",
             shows: "reader://cb/%zz?code=•"),
        Case(name: "a redirect rule carries the query and the fragment",
             url: "reader://old/1?code=SECRET-REDIRECT#SECRET-RF", shows: "reader://old/1?code=•"),
        Case(name: "an interceptor redirects to a URL with secrets", url: "reader://hop?code=SECRET-HOP-IN"),
        Case(name: "a redirect loop", url: "reader://loop/a?code=SECRET-LOOP#SECRET-LF", shows: "reader://loop/a?code=•"),
        Case(name: "a typed value that does not decode", url: "reader://typed/7?token=SECRET-NOT-INT",
             shows: "reader://typed/7?token=•"),
        Case(name: "a typed value that does not decode, percent-encoded", url: "reader://typed/7?token=S%45CRET-ENC"),
        Case(name: "a typed value that does not decode, + for a space", url: "reader://typed/7?token=SECRET+PLUS"),
        Case(name: "an interceptor's reason quotes the value and the URL",
             url: "reader://gate?code=SECRET-GATE&x=1#SECRET-GATE-FRAG"),
        Case(name: "an interceptor's reason quotes the decoded value", url: "reader://gate?code=S%45CRET-DECODED"),
        Case(name: "an interceptor's reason quotes a bare item", url: "reader://gate?SECRET-GATE-BARE"),
        Case(name: "a handler's error quotes the value", url: "reader://boom?code=SECRET-BOOM", source: .app),
        Case(name: "observed items are shown, others not",
             url: "reader://paged?page=2&from&token=SECRET-T&from=mail&SECRET-B#SECRET-PF",
             shows: "reader://paged?page=2&from&token=•&from=mail&•"),
        Case(name: "no match", url: "reader://nowhere?code=SECRET-NONE#SECRET-NF", shows: "reader://nowhere?code=•"),
    ]

    static func router(_ events: ObserverTests.Events, maxRedirects: Int = 5) throws -> Router {
        let options = Router.Options(matching: MatchOptions(limits: URLLimits(maxBytes: 65_535)),
                                     maxRedirects: maxRedirects, observer: { events.add($0) })
        return try Router(options: options) { routes in
            routes.action("reader://cb", exposure: .external) { _ in }
            routes.action("reader://cb/:x", exposure: .external) { _ in }
            routes.action("https://reader.example.com/x", exposure: .external) { _ in }
            routes.redirect("reader://old/:x", to: "reader://new/:x")
            routes.action("reader://new/:x", exposure: .external) { _ in }
            routes.redirect("reader://loop/a", to: "reader://loop/b")
            routes.redirect("reader://loop/b", to: "reader://loop/a")
            routes.action(ObservedTokenRoute.self, exposure: .external) { _, _ in }
            routes.action(ObservedPagedRoute.self, exposure: .external) { _, _ in }
            routes.action("reader://gate", exposure: .external) { _ in }
            routes.action("reader://hop", exposure: .external) { _ in }
            routes.intercept("reader://hop") { _ in .redirect(to: "reader://new/2?code=SECRET-HOP#SECRET-HOP-FRAG") }
            routes.intercept("reader://gate") { request in
                let items = (try? ParsedURL(request.url)).map { Array($0.queryItems) } ?? []
                let code = items.first { $0.name == "code" }?.value ?? items.first?.name ?? ""
                return .reject("bad code \(code) in \(request.url)")
            }
            routes.action("reader://boom") { request in
                throw Leak(description: "the code \(request.query["code"] ?? "") expired")
            }
        }
    }

    /// Every form of `event` that a log may show.
    static func forms(of event: OpenEvent) -> [(String, String)] {
        var dumped = ""
        dump(event, to: &dumped)
        return [
            ("\"\\(event)\"", "\(event)"),
            ("String(reflecting:)", String(reflecting: event)),
            ("dump", dumped),
            ("outcome", "\(event.outcome)"),
            ("String(reflecting: outcome)", String(reflecting: event.outcome)),
            ("url", event.url),
            ("redirects", "\(event.redirects)"),
        ]
    }

    /// Raw C0 and C1 controls, DEL, line and paragraph separators, bidi controls.
    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }

    static func check(_ event: OpenEvent, _ name: String) {
        for (form, text) in forms(of: event) {
            #expect(!text.contains("SECRET") && !text.contains("S%45CRET"), "\(name): \(form) shows a secret: \(text.prefix(600))")
            #expect(text.utf8.count <= 4096, "\(name): \(form) is \(text.utf8.count) bytes")
            // `dump` writes one line per part: its own newlines are the only raw control characters.
            let controls = text.unicodeScalars.filter { isControl($0) && !(form == "dump" && $0 == "\n") }
            #expect(controls.isEmpty, "\(name): \(form) holds raw control characters \(controls.map { $0.value })")
        }
    }

    @Test("no form of an event shows a secret, a raw control character, or more than 4 KB", arguments: cases)
    func everyForm(_ hostile: Case) throws {
        let events = ObserverTests.Events()
        let router = try Self.router(events)
        _ = router.open(hostile.url, source: hostile.source)
        let event = try #require(events.all.last)
        Self.check(event, hostile.name)
        if let shows = hostile.shows { #expect(event.url == shows) }
    }

    @Test("the outcome keeps its case, route and interceptor; only its texts and URLs are redacted")
    func outcomeKeepsItsShape() throws {
        let events = ObserverTests.Events()
        let router = try Self.router(events)
        let direct = router.open("reader://old/1?code=SECRET-1", source: .external)
        let event = try #require(events.all.last)
        guard case .redirected(let interceptor, let target, let next) = event.outcome else {
            Issue.record("not a redirect: \(event.outcome)")
            return
        }
        let route = try #require(direct.route)
        #expect(interceptor == direct.interceptor && next == .handled(route))
        #expect(target == "reader://new/1?code=•")
        #expect(event.redirects == ["reader://new/1?code=•"])

        _ = router.open("reader://typed/7?token=SECRET-NOT-INT", source: .external)
        guard case .failed(let route, let error) = try #require(events.all.last).outcome else {
            Issue.record("not a failure")
            return
        }
        #expect(route.pattern == ObservedTokenRoute.pattern)
        let typed = try #require(error as? TypedRouteError, "a typed route's error stays a TypedRouteError")
        #expect(typed.key == "token" && typed.text == "•")
        #expect("\(typed)".hasSuffix("'token' = '•' is not a valid Int"))

        _ = router.open("reader://gate?code=SECRET-GATE", source: .external)
        guard case .rejected(_, let reason) = try #require(events.all.last).outcome else {
            Issue.record("not a rejection")
            return
        }
        #expect(reason == "bad code • in reader://gate?code=•")

        _ = router.open("reader://cb/%zz?code=SECRET", source: .external)
        guard case .malformed(let malformed) = try #require(events.all.last).outcome else {
            Issue.record("not malformed")
            return
        }
        #expect(malformed.url == "reader://cb/%zz?code=•" && malformed.reason == .badEscape && malformed.offset == 12)
    }

    @Test("a handler's error that quotes no secret reaches the observer as it was thrown")
    func plainErrorsStay() throws {
        let events = ObserverTests.Events()
        let router = try Router(options: .init(observer: { events.add($0) })) { routes in
            routes.action("reader://plain") { _ in throw Plain() }
        }
        _ = router.open("reader://plain?code=SECRET")
        guard case .failed(_, let error) = try #require(events.all.last).outcome else {
            Issue.record("not a failure")
            return
        }
        #expect(error as? Plain == Plain())
    }

    @Test("a hidden value of one or two bytes is replaced only where it stands alone")
    func shortSecrets() throws {
        let events = ObserverTests.Events()
        let router = try Router(options: .init(observer: { events.add($0) })) { routes in
            routes.action("reader://gate") { _ in }
            routes.intercept("reader://gate") { _ in .reject("retry in 10 s, page 1, 7 left") }
        }
        _ = router.open("reader://gate?page=1&left=7")
        guard case .rejected(_, let reason) = try #require(events.all.last).outcome else {
            Issue.record("not a rejection")
            return
        }
        #expect(reason == "retry in 10 s, page •, • left")
    }

    @Test("a URL with too many secrets to look for hides an interceptor's reason whole")
    func tooManySecrets() throws {
        let events = ObserverTests.Events()
        let router = try Router(options: .init(observer: { events.add($0) })) { routes in
            routes.action("reader://gate") { _ in }
            routes.intercept("reader://gate") { request in .reject("about \(request.url)") }
        }
        let items = (0..<300).map { "k\($0)=SECRET\($0)" }.joined(separator: "&")
        _ = router.open("reader://gate?" + items)
        let event = try #require(events.all.last)
        #expect(event.outcome == .rejected(try #require(event.interceptor), "•"))
        Self.check(event, "300 items")
    }

    @Test("a long redirect chain, each hop carrying a long path and secrets, stays within 4 KB in every form")
    func longChain() throws {
        let events = ObserverTests.Events()
        let long = String(repeating: "p", count: 2_000)
        let router = try Router(options: .init(matching: MatchOptions(limits: URLLimits(maxBytes: 65_535)),
                                               maxRedirects: 60, observer: { events.add($0) })) { routes in
            for hop in 0..<40 { routes.redirect("reader://r\(hop)/:x", to: "reader://r\(hop + 1)/:x") }
            routes.action("reader://r40/:x") { _ in }
        }
        _ = router.open("reader://r0/\(long)\\\"'?code=SECRET-CHAIN#SECRET-CF")
        let event = try #require(events.all.last)
        #expect(event.redirects.count == 40)
        #expect(event.redirects.allSatisfy { !$0.contains("SECRET") && $0.hasPrefix("reader://r") })
        Self.check(event, "40 redirects")
    }

    @Test("the docs' logging examples log only what is safe: the outcome, the URL and the route")
    func docsExamples() throws {
        let events = ObserverTests.Events()
        let router = try Self.router(events)
        _ = router.open("reader://gate?code=SECRET-DOCS#SECRET-DOCS-F", source: .external)
        let event = try #require(events.all.last)
        // OpeningURLs.md, "Observing every open".
        let fields = [
            "route": event.route?.name ?? "none",
            "outcome": event.outcome.isHandled ? "handled" : "\(event.outcome)",
            "source": "\(event.source)",
            "ms": "\(Int(event.duration * 1000))",
        ]
        let signpost = "\(event.url) → \(event.route?.pattern ?? "none") in \(event.duration * 1000) ms"
        for text in Array(fields.values) + [signpost] {
            #expect(!text.contains("SECRET") && text.utf8.count <= 4096, "\(text)")
        }
        #expect(fields["outcome"]?.hasPrefix("rejected by interceptor reader://gate [App]: bad code • in reader://gate?code=•") == true)
    }
}
