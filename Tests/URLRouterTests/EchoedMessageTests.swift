import Testing
import URLRouter

/// Every description that quotes a URL or a pattern is bounded in bytes, escapes control
/// characters and hides userinfo (hostile probe, item 7): results, refusals, the unmatched
/// handler's request and registration errors.
@Suite("Echoed URLs in the router's messages")
struct EchoedMessageTests {
    static let password = "hunter2"
    /// A URL built to forge a log line, hide a password and flood a log.
    static let hostile = "reader://me:\(password)@host/a\r\n[App] forged line/" + String(repeating: "e\u{301}", count: 50_000)

    static func expectSafe(_ message: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(!message.contains(password), sourceLocation: sourceLocation)
        #expect(!message.contains("\n") && !message.contains("\r"), sourceLocation: sourceLocation)
        #expect(message.utf8.count < 1_000, "\(message.utf8.count) bytes", sourceLocation: sourceLocation)
    }

    @Test("an external URL with userinfo is refused without echoing it")
    func refusedUserinfo() throws {
        let router = try Router { routes in routes.action("reader://**", exposure: .external) { _ in } }
        let short = "reader://me:\(Self.password)@host/a\r\nforged"
        let result = router.open(short, source: .external)
        guard case .refused = result else { Issue.record("\(result)"); return }
        Self.expectSafe("\(result)")
        Self.expectSafe(String(reflecting: result))
    }

    @Test("a malformed result is bounded and escaped")
    func malformed() throws {
        let router = try Router { routes in routes.action("reader://**") { _ in } }
        let result = router.open(Self.hostile + "%zz")
        guard case .malformed = result else { Issue.record("not malformed: \(result.description.prefix(200))"); return }
        Self.expectSafe("\(result)")
    }

    @Test("a handled result and the unmatched handler's request are bounded and escaped")
    func handledAndUnmatched() throws {
        let told = Shared<[String]>([])
        let options = Router.Options(unmatched: UnmatchedHandler { told.append("\($0)") })
        let router = try Router(options: options) { routes in routes.action("reader://host/a/**rest") { _ in } }
        let url = "reader://me:\(Self.password)@host/a/b\r\nforged/" + String(repeating: "x", count: 5_000)
        Self.expectSafe("\(router.open(url))")
        _ = router.open("reader://me:\(Self.password)@other/\r\n" + String(repeating: "x", count: 5_000))
        #expect(told.current.count == 1)
        for message in told.current { Self.expectSafe(message) }
    }

    @Test("a registration error quoting a hostile pattern is bounded and escaped")
    func registration() {
        let pattern = "reader://h/\r\n[App] forged/:a/:a/" + String(repeating: "e\u{301}", count: 50_000)
        #expect {
            _ = try Router { routes in routes.action(pattern) { _ in } }
        } throws: { error in
            // One line per problem, the pattern's own CR/LF escaped within it.
            let message = "\(error)"
            #expect(!message.contains("\r") && !message.contains("\n[App] forged"))
            #expect(message.utf8.count < 2_000, "\(message.utf8.count) bytes")
            return message.contains("\\u{0D}\\u{0A}[App] forged")
        }
    }

    @Test("a typed route's errors and failed opens are bounded and escaped")
    func typedRoutes() throws {
        let flood = "a%0D%0A[App]%20forged%20line" + String(repeating: "e%CC%81", count: 1_000)
        do {
            _ = try UserRoute(parsing: "reader://user/\(flood)")
            Issue.record("decoded")
        } catch {
            #expect(error.text?.hasPrefix("a\r\n[App] forged line") == true)
            Self.expectSafe(error.description)
        }
        do {
            _ = try UserRoute(parsing: Self.hostile)
            Issue.record("decoded")
        } catch {
            Self.expectSafe(error.description)
        }
        let router = try Router { routes in routes.action(UserRoute.self) { _, _ in } }
        Self.expectSafe("\(router.open("reader://user/\(flood)"))")
        Self.expectSafe("\(router.open(SearchRoute(term: "", page: 1, tags: [String(repeating: "\n", count: 9_000)])))")
    }
}
