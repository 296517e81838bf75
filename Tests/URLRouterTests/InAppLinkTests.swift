import Foundation
import Testing
import URLRouter

/// Links carried in parameters decode only when the router would open them from the request's
/// own source (``InAppLink``; <doc:WhereLinksComeFrom>, "Links in parameters").
@Suite("Links in parameters")
struct InAppLinkTests {
    struct LoginRoute: TypedRoute {
        static let pattern = "reader://login"
        var next: InAppLink?
    }

    struct ChainRoute: TypedRoute {
        static let pattern = "reader://chain"
        var next: InAppLink?
    }

    struct ManyRoute: TypedRoute {
        static let pattern = "reader://many"
        var links: [InAppLink]
    }

    static func router(maxNestedOpens: Int = 16, taken: Shared<[String]>) throws -> Router {
        try Router(options: .init(maxNestedOpens: maxNestedOpens)) { routes in
            routes.action(LoginRoute.self, exposure: .external) { login, _ in taken.append(login.next?.url ?? "none") }
            routes.action(ChainRoute.self, exposure: .external) { chain, _ in taken.append(chain.next?.url ?? "none") }
            routes.action(ManyRoute.self, exposure: .external) { many, _ in taken.append("\(many.links.count)") }
            routes.action("reader://book/<int:id>", exposure: .external) { _ in }
            routes.action("reader://settings") { _ in }
            routes.action("reader://fallback/**rest", exposure: .external) { _ in }
            routes.action("https://**", exposure: .external) { _ in }
        }
    }

    static func login(_ next: String) -> String {
        "reader://login?next=" + (next.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")
    }

    struct Case: Sendable, CustomTestStringConvertible {
        let next: String
        let source: OpenSource
        let accepted: Bool
        var testDescription: String { "\(next) from \(source)" }
    }

    static let cases: [Case] = [
        .init(next: "reader://book/42", source: .external, accepted: true),
        .init(next: "reader://book/42", source: .notification, accepted: true),
        .init(next: "reader://book/42", source: .app, accepted: true),
        .init(next: "reader://settings", source: .app, accepted: true),
        // Never an internal route from outside.
        .init(next: "reader://settings", source: .external, accepted: false),
        .init(next: "reader://Settings", source: .widget, accepted: false),
        // Never another site: a web fallback or any catch-all takes it, no route does.
        .init(next: "https://evil.example.com/phish", source: .external, accepted: false),
        .init(next: "https://evil.example.com/phish", source: .app, accepted: false),
        .init(next: "reader://fallback/https://evil.example.com", source: .external, accepted: false),
        .init(next: "//evil.example.com", source: .external, accepted: false),
        .init(next: "javascript:alert(1)", source: .app, accepted: false),
        // Never userinfo, whatever the source.
        .init(next: "reader://user:pass@book/42", source: .app, accepted: false),
        .init(next: "reader://evil.com@book/42", source: .external, accepted: false),
        // Malformed or nothing.
        .init(next: "reader://book/%zz", source: .external, accepted: false),
        .init(next: "", source: .external, accepted: false),
        .init(next: "reader://book/x", source: .external, accepted: false),
    ]

    @Test("decodes only a URL the router would open from the request's source", arguments: cases)
    func check(_ check: Case) throws {
        let taken = Shared<[String]>([])
        let router = try Self.router(taken: taken)
        let url = Self.login(check.next)
        let result = router.open(url, source: check.source)
        if check.accepted {
            #expect(result.isHandled, "\(result)")
            #expect(taken.current == [check.next])
        } else {
            // The typed route declines: the open fails naming the key, never echoing a password.
            #expect(taken.current.isEmpty)
            guard case .failed(let route, let error) = result else {
                Issue.record("expected a decline, got \(result)")
                return
            }
            #expect(route.pattern == LoginRoute.pattern)
            #expect((error as? TypedRouteError)?.key == "next")
            #expect(!"\(error)".contains("pass"))
            #expect("\(error)".utf8.count < 1_024)
        }
        // Dry runs agree with the open.
        #expect(router.canOpen(url, source: check.source) == check.accepted)
    }

    @Test("a list of links is checked link by link")
    func lists() throws {
        let taken = Shared<[String]>([])
        let router = try Self.router(taken: taken)
        #expect(router.open("reader://many?links=reader://book/1&links=reader://book/2", source: .external).isHandled)
        #expect(!router.open("reader://many?links=reader://book/1&links=reader://settings", source: .external).isHandled)
        #expect(taken.current == ["2"])
    }

    @Test("links that carry links nest no deeper than the nesting limit")
    func nesting() throws {
        let taken = Shared<[String]>([])
        let router = try Self.router(maxNestedOpens: 4, taken: taken)
        func chain(_ depth: Int) -> String {
            var url = "reader://book/1"
            for _ in 0..<depth { url = "reader://chain?next=" + (url.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "") }
            return url
        }
        #expect(router.open(chain(3), source: .external).isHandled)
        let deep = router.open(chain(12), source: .external)
        guard case .failed(_, let error) = deep else {
            Issue.record("expected a decline, got \(deep)")
            return
        }
        #expect("\(error)".contains("InAppLink"))
        #expect(!router.canOpen(chain(12), source: .external))
        // At any depth the work stays bounded: each level is one dry run.
        #expect(!router.canOpen(chain(200), source: .app))
    }

    @Test("outside a router's decoding it throws: a plain JSONDecoder, TypedRoute(parsing:)")
    func outsideTheRouter() throws {
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(InAppLink.self, from: Data(#""reader://book/1""#.utf8)) }
        let parsed = #expect(throws: TypedRouteError.self) { try LoginRoute(parsing: "reader://login?next=reader://book/1") }
        #expect(parsed?.key == "next", "the link, not the URL, is what fails: \(String(describing: parsed))")
        // Encoding writes the URL.
        let encoded = try JSONEncoder().encode(InAppLink("reader://book/1"))
        #expect(String(decoding: encoded, as: UTF8.self) == #""reader:\/\/book\/1""#)
    }

    @Test("a typed value with a link writes it, and opening it reads it back")
    func roundTrip() throws {
        let taken = Shared<[String]>([])
        let router = try Self.router(taken: taken)
        let login = LoginRoute(next: InAppLink("reader://book/42?from=mail&x=1"))
        #expect(router.open(login, source: .external).isHandled)
        #expect(taken.current == ["reader://book/42?from=mail&x=1"])
        #expect(try InAppLink(ChainRoute(next: InAppLink("reader://book/1"))).url.hasPrefix("reader://chain?next="))
        // A link opens as a link.
        #expect(router.canOpen(InAppLink("reader://book/42"), source: .external))
    }

    @Test("interceptors and requests decode links against the open")
    func interceptorsAndRequests() throws {
        let decoded = Shared<[String]>([])
        let router = try Router { routes in
            routes.action("reader://book/<int:id>", exposure: .external) { _ in }
            routes.action("reader://settings") { _ in }
            routes.action(LoginRoute.self, exposure: .external) { _, request in
                decoded.append("request \((try? request.decode(LoginRoute.self))?.next?.url ?? "none")")
            }
            routes.intercept("reader://login", name: "peek") { request in
                decoded.append("interceptor \((try? request.decode(LoginRoute.self))?.next?.url ?? "refused")")
                return .proceed
            }
        }
        router.open("reader://login?next=reader://book/1", source: .external)
        router.open("reader://login?next=reader://settings", source: .external)
        #expect(decoded.current == ["interceptor reader://book/1", "request reader://book/1", "interceptor refused"])
    }

    @Test("an interceptor reading a type the open's route is not checks its links against the open")
    func interceptorOfAnotherType() throws {
        let decoded = Shared<[String]>([])
        let router = try Router { routes in
            routes.action("reader://book/<int:id>", exposure: .external) { _ in }
            routes.action("reader://settings") { _ in }
            // A string route at the login URL: the interceptor reads the URL as a LoginRoute itself.
            routes.action("reader://login", exposure: .external) { _ in }
            routes.intercept("reader://login", name: "peek") { request in
                do {
                    decoded.append("next \(try request.decode(LoginRoute.self).next?.url ?? "none")")
                } catch {
                    decoded.append("refused: \((error as? TypedRouteError)?.key ?? "")")
                }
                return .proceed
            }
        }
        router.open("reader://login?next=reader://book/1", source: .external)
        router.open("reader://login?next=reader://settings", source: .external)
        router.open("reader://login?next=reader://settings", source: .app)
        #expect(decoded.current == ["next reader://book/1", "refused: next", "next reader://settings"])
    }
}
