import Testing
import URLRouter

/// exposure rules: an external source sees only external routes, whatever the spelling of the URL.
@Suite("Sources and exposure")
struct ExposureTests {
    static let secret = "reader://nativeSecret"
    static let secretDetail = "reader://x/nativeSecret/:id"

    struct SpellingCase: Sendable, CustomTestStringConvertible {
        let url: String
        /// The internal route an open from the app reaches, or `nil` for none.
        let fromApp: String?
        /// The same, with case-insensitive paths.
        let fromAppFolded: String?
        var testDescription: String { url }

        init(_ url: String, fromApp: String?, folded: String?? = .none) {
            self.url = url
            self.fromApp = fromApp
            self.fromAppFolded = folded ?? fromApp
        }

        /// Whether the URL carries userinfo, which an external source may not send.
        var hasUserinfo: Bool {
            guard let authority = url.split(separator: "://", maxSplits: 1).dropFirst().first else { return false }
            return authority.prefix { $0 != "/" && $0 != "?" && $0 != "#" }.contains("@")
        }
    }

    /// Every way a guard that compares names gets fooled.
    static let spellings: [SpellingCase] = [
        .init("reader://nativeSecret", fromApp: secret),
        .init("reader://NativeSecret", fromApp: secret),
        .init("reader://NATIVESECRET", fromApp: secret),
        .init("READER://nativeSecret", fromApp: secret),
        .init("reader://%6EativeSecret", fromApp: secret),
        .init("reader://%4EativeSecret", fromApp: secret),
        .init("reader://native%53ecret", fromApp: secret),
        .init("reader://%256EativeSecret", fromApp: nil),
        .init("reader://nativeSecret/", fromApp: secret),
        .init("reader://nativeSecret//", fromApp: secret),
        .init("reader://nativeSecret.", fromApp: nil),
        .init("reader://nativeSecret%2F", fromApp: nil),
        .init("reader://nativeSecret%00", fromApp: nil),
        .init("reader://nativeSecret:443", fromApp: secret),
        .init("reader://nativeSecret?from=push", fromApp: secret),
        .init("reader://nativeSecret#top", fromApp: secret),
        .init("reader://nativeſecret", fromApp: nil),
        .init(" reader://nativeSecret", fromApp: nil),
        .init("reader:nativesecret", fromApp: secret),
        .init("reader:nativeSecret", fromApp: nil, folded: secret),
        .init("reader:///nativesecret", fromApp: secret),
        .init("reader:%2F%2FnativeSecret", fromApp: nil),
        .init("reader://%2FnativeSecret", fromApp: nil),
        .init("reader://trusted@nativeSecret", fromApp: secret),
        .init("reader://@nativeSecret", fromApp: secret),
        .init("reader://nativeSecret@shelf", fromApp: nil),
        .init("reader://trusted.com@nativeSecret/", fromApp: secret),
        .init("reader://x/nativeSecret/1", fromApp: secretDetail),
        .init("reader://x/NativeSecret/1", fromApp: nil, folded: secretDetail),
        .init("reader://x/NATIVESECRET/1", fromApp: nil, folded: secretDetail),
        .init("reader://x/nativesecret/1", fromApp: nil, folded: secretDetail),
        .init("reader://x/%6EativeSecret/1", fromApp: secretDetail),
        .init("reader://x/%4EativeSecret/1", fromApp: nil, folded: secretDetail),
        .init("reader://x/%256EativeSecret/1", fromApp: nil),
        .init("reader://x/nativeSecret%2F1", fromApp: nil),
        .init("reader://x%2FnativeSecret/1", fromApp: nil),
        .init("reader://x/nativeSecret/1/", fromApp: secretDetail),
        .init("reader://x//nativeSecret///1", fromApp: secretDetail),
        .init("reader://x/nativeSecret./1", fromApp: nil),
        .init("reader://x/./nativeSecret/1", fromApp: nil),
        .init("reader://x/nativeSecret/1?id=2#nativeSecret", fromApp: secretDetail),
        .init("reader://u@x/nativeSecret/1", fromApp: secretDetail),
        .init("reader://shelf?target=nativeSecret&action=nativeSecret", fromApp: nil),
        .init("reader://shelf?url=reader://nativeSecret", fromApp: nil),
        .init("reader://shelf?router.pattern=reader://nativeSecret&router.module=Secrets", fromApp: nil),
        .init("reader://shelf#nativeSecret", fromApp: nil),
        .init("reader://shelf/nativeSecret", fromApp: nil),
    ]

    /// A router holding the internal routes and external decoys that take the same URLs.
    static func router(caseInsensitive: Bool, catchAll: Bool, reached: Shared<[String]>) throws -> Router {
        let options = Router.Options(matching: MatchOptions(caseInsensitivePaths: caseInsensitive))
        return try Router(options: options) { routes in
            for pattern in [secret, secretDetail] {
                routes.action(pattern) { request in
                    if request.userInfo["origin"] as? String == "external" {
                        Issue.record("an external URL reached the internal route \(request.route.pattern): \(request.url)")
                    }
                    reached.append(request.route.pattern)
                }
            }
            routes.object("reader://nativeSecret/token") { request in
                if request.userInfo["origin"] as? String == "external" { Issue.record("external object: \(request.url)") }
                return "token"
            }
            routes.action("reader://shelf", exposure: .external) { _ in }
            routes.action("reader://x/:section/:id", exposure: .external) { _ in }
            if catchAll { routes.action("reader://**rest", exposure: .external) { _ in } }
        }
    }

    @Test("no spelling of an internal route's name reaches it from outside; from the app it matches as usual",
          arguments: spellings, [false, true])
    func internalRouteIsInvisibleFromOutside(_ check: SpellingCase, caseInsensitive: Bool) throws {
        for catchAll in [false, true] {
            let reached = Shared<[String]>([])
            let router = try Self.router(caseInsensitive: caseInsensitive, catchAll: catchAll, reached: reached)
            let internalRoutes = Set(router.routes.filter { !$0.exposure.isExternal }.map(\.pattern))

            let external = router.open(check.url, userInfo: ["origin": "external"], source: .external)

            #expect(reached.current.isEmpty)
            #expect(!internalRoutes.contains(external.route?.pattern ?? ""), "\(external)")
            if check.hasUserinfo {
                #expect(external.outcome == .refused)
            } else {
                #expect(external.outcome == .unmatched || external.route?.exposure == .external, "\(external)")
            }
            #expect(router.canOpen(check.url, source: .external) == external.isHandled)
            #expect(router.object(for: check.url + "/token", as: (any Sendable).self, userInfo: ["origin": "external"], source: .external) == nil)

            let expected = caseInsensitive ? check.fromAppFolded : check.fromApp
            let fromApp = router.open(check.url, userInfo: ["origin": "app"])

            if let expected {
                #expect(fromApp.outcome == .handled(expected))
                #expect(reached.current == [expected])
            } else {
                #expect(!internalRoutes.contains(fromApp.route?.pattern ?? ""), "\(fromApp)")
                #expect(reached.current.isEmpty)
            }
        }
    }

    @Test("an external URL that carries userinfo is refused, even for an external route")
    func userinfoIsRefused() throws {
        let router = try Router { routes in
            routes.action("reader://shelf", exposure: .external) { request in
                if request.source == .external { Issue.record("ran for \(request.url)") }
            }
        }

        for url in ["reader://trusted.com@shelf", "reader://@shelf", "reader://a:b@shelf/"] {
            let result = router.open(url, source: .external)
            #expect(result.outcome == .refused, "\(url)")
            #expect(result.description.contains("userinfo"))
            #expect(!router.canOpen(url, source: .external))
            #expect(router.open(url).outcome == .handled("reader://shelf"), "the app may open it")
        }
    }

    @Test("an external route is reachable from both sources; an internal one from the app only")
    func exposureBySource() throws {
        let router = try Router(modules: [Bookshelf.self])

        #expect(router.open("reader://shelf", source: .external).outcome == .handled("reader://shelf"))
        #expect(router.open("reader://shelf").outcome == .handled("reader://shelf"))
        #expect(router.open("reader://shelf/1", source: .external).outcome == .unmatched)
        #expect(router.open("reader://shelf/1").outcome == .handled("reader://shelf/<int:row>"))
    }

    @Test("the handler learns the source of the open")
    func sourceReachesTheHandler() throws {
        let sources = Shared<[String]>([])
        let router = try Router { routes in
            routes.action("reader://shelf", exposure: .external) { request in sources.append("\(request.source)") }
        }

        router.open("reader://shelf", source: .external)
        router.open("reader://shelf")

        #expect(sources.current == ["external", "app"])
    }

    struct UnmatchedCase: Sendable, CustomTestStringConvertible {
        let url: String
        let source: OpenSource
        let handlerExposure: Exposure
        let isTold: Bool
        var testDescription: String { "\(handlerExposure) handler, \(source) \(url) → told: \(isTold)" }
    }

    static let unmatchedCases: [UnmatchedCase] = [
        .init(url: "reader://nothing", source: .app, handlerExposure: .internal, isTold: true),
        .init(url: "reader://nothing", source: .external, handlerExposure: .internal, isTold: false),
        .init(url: "reader://nothing", source: .external, handlerExposure: .external, isTold: true),
        .init(url: "reader://nothing", source: .app, handlerExposure: .external, isTold: true),
        .init(url: "reader://settings", source: .external, handlerExposure: .internal, isTold: false),
        .init(url: "reader://settings", source: .external, handlerExposure: .external, isTold: true),
        .init(url: "reader://settings", source: .app, handlerExposure: .external, isTold: false),
        .init(url: "reader://shelf", source: .external, handlerExposure: .external, isTold: false),
        .init(url: "reader://nothing/%zz", source: .app, handlerExposure: .internal, isTold: false),
        .init(url: "reader://nothing/%zz", source: .external, handlerExposure: .external, isTold: false),
        .init(url: "reader://a@nothing", source: .external, handlerExposure: .external, isTold: false),
        .init(url: "reader://declines", source: .app, handlerExposure: .internal, isTold: false),
    ]

    @Test("the unmatched handler hears about external URLs only when it is external", arguments: unmatchedCases)
    func unmatchedHandler(_ check: UnmatchedCase) throws {
        let told = Shared<[String]>([])
        let unmatched = UnmatchedHandler(exposure: check.handlerExposure) { request in
            told.append("\(request.source) \(request.url) \(request.userInfo["tag"] as? String ?? "")")
        }
        let router = try Router(options: Router.Options(unmatched: unmatched)) { routes in
            routes.action("reader://settings") { _ in }
            routes.action("reader://shelf", exposure: .external) { _ in }
            routes.action("reader://declines") { _ in throw Decline() }
        }

        router.open(check.url, userInfo: ["tag": "t"], source: check.source)

        #expect(told.current == (check.isTold ? ["\(check.source) \(check.url) t"] : []))
    }

    @Test("canOpen never tells an external caller that an internal route exists")
    func canOpenBySource() throws {
        let router = try Router { routes in
            routes.action("reader://settings") { _ in }
        }

        #expect(router.canOpen("reader://settings"))
        #expect(!router.canOpen("reader://settings", source: .external))
        #expect(router.open("reader://settings", source: .external).outcome == .unmatched)
    }
}
