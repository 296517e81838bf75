import Testing
import URLRouter

/// Matching rules: URL to route key: a malformed URL matches nothing, runs nothing, and says why.
@Suite("Malformed URLs")
struct MalformedURLTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let label: String
        let url: String
        let reason: MalformedURLError.Reason
        var testDescription: String { label }
    }

    static let cases: [Case] = [
        .init(label: "a bad escape in the path", url: "reader://book/%zz", reason: .badEscape),
        .init(label: "a truncated escape", url: "reader://book/1%4", reason: .badEscape),
        .init(label: "a bad escape in the host", url: "reader://bo%xok/1", reason: .badEscape),
        .init(label: "a bad escape in the query", url: "reader://book/1?q=%zz", reason: .badEscape),
        .init(label: "a bad escape in the fragment", url: "reader://book/1#%", reason: .badEscape),
        .init(label: "decoded bytes that are not UTF-8", url: "reader://book/%C3%28", reason: .invalidUTF8),
        .init(label: "a truncated UTF-8 sequence", url: "reader://book/%E5%AE", reason: .invalidUTF8),
        .init(label: "longer than the limit", url: "reader://book/" + String(repeating: "a", count: 100), reason: .tooLong),
        .init(label: "more segments than the limit", url: "reader://book/1/2/3/4/5/6/7/8", reason: .tooManySegments),
    ]

    @Test("a malformed URL is reported with its reason and reaches no handler", arguments: cases)
    func malformed(_ check: Case) throws {
        let told = Shared(0)
        let options = Router.Options(matching: MatchOptions(limits: URLLimits(maxBytes: 64, maxPathSegments: 6)),
                                     unmatched: UnmatchedHandler(exposure: .external) { _ in told.increment() })
        let router = try Router(options: options) { routes in
            routes.action("reader://**rest", exposure: .external) { request in Issue.record("ran for \(request.url)") }
            routes.object("reader://book/**rest") { request in Issue.record("ran for \(request.url)"); return 0 }
        }

        for source in [OpenSource.app, .external] {
            let result = router.open(check.url, source: source)
            #expect(result.outcome == .malformed(check.reason), "\(source)")
            #expect(result.description.contains("\(check.reason)"))
            #expect(!router.canOpen(check.url, source: source))
            #expect(router.object(for: check.url, as: (any Sendable).self, source: source) == nil)
        }
        #expect(told.current == 0, "a malformed URL is not passed on raw")
    }

    @Test("the error names the URL and where the problem is")
    func errorDetails() throws {
        let router = try Router { routes in routes.action("reader://**") { _ in } }

        guard case .malformed(let error) = router.open("reader://book/%zz") else {
            Issue.record("not reported as malformed")
            return
        }

        #expect(error.url == "reader://book/%zz")
        #expect(error.offset == 14)
    }

    @Test("odd inputs never trap, and canOpen agrees with open",
          arguments: ["", ":", "://", "%", "?", "#", "reader:", "reader://", "reader://[", "reader://[::1]:80/x",
                      "reader://a:b:c@d:e/f", "\u{0}", "reader://\u{0}/x", "🙂://x", "reader://🙂/🙂",
                      String(repeating: "/", count: 10_000), String(repeating: "%41", count: 3_000),
                      "reader://x/" + String(repeating: "a/", count: 300)])
    func oddInputs(_ url: String) throws {
        let router = try Router { routes in
            routes.action("reader://**") { _ in }
            routes.action("**") { _ in }
        }

        let result = router.open(url)

        #expect(router.canOpen(url) == result.isHandled, "\(result)")
    }
}
