import Foundation
import Testing
import URLRouter

/// The recipes of <doc:WhereLinksComeFrom>, run: the confirm step for untrusted channels and
/// the signed-link check as interceptors (a verifier closure stands in for the platform's
/// HMAC), and an App Clip's hand-over opened as a deferred link.
@Suite("Where links come from: the recipes")
struct WhereLinksComeFromTests {
    /// The confirm screen's answers: a URL approved once opens once.
    final class Approvals: Sendable {
        private let approved = Shared<[String]>([])
        func add(_ url: String) { approved.append(url) }
        func take(_ url: String) -> Bool {
            approved.withLock { list in
                guard let index = list.firstIndex(of: url) else { return false }
                list.remove(at: index)
                return true
            }
        }
    }

    /// The article's `SignedLink.split`: the URL without its last item `sig=`, and the signature.
    enum SignedLink {
        static func split(_ url: String) -> (payload: String, signature: String)? {
            guard let range = url.range(of: "sig=", options: .backwards), range.lowerBound > url.startIndex else { return nil }
            let separator = url[url.index(before: range.lowerBound)]
            guard separator == "?" || separator == "&" else { return nil }
            let signature = String(url[range.upperBound...])
            guard !signature.isEmpty, !signature.contains("&") else { return nil }
            return (String(url[..<url.index(before: range.lowerBound)]), signature)
        }
    }

    /// The confirm recipe, as the article writes it; `askUser` answers `answer`.
    static func confirmRouter(answer: Bool, ran: Shared<[String]>) throws -> Router {
        let approvals = Approvals()
        @Sendable func askUser(_ question: String, _ reply: (Bool) -> Void) {
            ran.append("asked")
            reply(answer)
        }
        return try Router { routes in
            routes.action("reader://account/delete", exposure: .external) { request in ran.append("deleted \(request.source)") }
            routes.intercept("reader://account/**", name: "confirm") { request in
                guard request.source == .external || request.source == .deferred,
                      !approvals.take(request.url) else { return .proceed }
                return .redirect(to: "reader://confirm", source: .app)
            }
            routes.action("reader://confirm") { request in
                guard let origin = request.redirectedFrom else { return }
                askUser("Open \(origin.url)?") { yes in
                    guard yes else { return }
                    approvals.add(origin.url)
                    origin.reopen(with: request.router)
                }
            }
        }
    }

    @Test("a confirm step stands between an untrusted channel and a route that acts")
    func confirmStep() throws {
        let ran = Shared<[String]>([])
        let router = try Self.confirmRouter(answer: true, ran: ran)
        router.open("reader://account/delete", source: .external)
        #expect(ran.current == ["asked", "deleted external"])
        // A trusted channel and the app go straight through.
        ran.withLock { $0.removeAll() }
        router.open("reader://account/delete", source: .notification)
        router.open("reader://account/delete")
        #expect(ran.current == ["deleted notification", "deleted app"])
        // Refused: nothing runs, and the approval is not left behind.
        let refusing = Shared<[String]>([])
        let cautious = try Self.confirmRouter(answer: false, ran: refusing)
        cautious.open("reader://account/delete", source: .deferred)
        cautious.open("reader://account/delete", source: .deferred)
        #expect(refusing.current == ["asked", "asked"])
    }

    /// The signed-link recipe; `verify` stands in for `HMAC<SHA256>.isValidAuthenticationCode`.
    static func signedRouter(verify: @escaping @Sendable (String, String) -> Bool, ran: Shared<[String]>) throws -> Router {
        try Router { routes in
            routes.action("reader://promo/:code", exposure: .external) { request in ran.append(request.parameters["code"] ?? "") }
            routes.intercept("reader://promo/**", name: "signed") { request in
                guard request.source.isExternal else { return .proceed }
                guard let (payload, signature) = SignedLink.split(request.url), verify(payload, signature) else {
                    return .reject("the link is not signed by the app's server")
                }
                return .proceed
            }
        }
    }

    @Test("a signed link opens; an unsigned, forged or altered one is rejected")
    func signedLinks() throws {
        // A stand-in MAC: the payload's bytes summed with a key, in hex.
        let key = 0x5A17
        @Sendable func sign(_ payload: String) -> String { String(payload.utf8.reduce(key) { ($0 &* 31 &+ Int($1)) & 0xFFFF_FFFF }, radix: 16) }
        let ran = Shared<[String]>([])
        let router = try Self.signedRouter(verify: { sign($0) == $1 }, ran: ran)
        let payload = "reader://promo/SPRING?utm_source=mail"
        #expect(router.open(payload + "&sig=" + sign(payload), source: .deferred).isHandled)
        #expect(router.open("reader://promo/FREE?sig=" + sign("reader://promo/FREE"), source: .external).isHandled)
        let rejected = ["reader://promo/FREE", "reader://promo/FREE?sig=00", payload + "&sig=" + sign(payload) + "&x=1",
                        "reader://promo/OTHER?utm_source=mail&sig=" + sign(payload), "reader://promo/FREE?sig="]
        for url in rejected {
            let result = router.open(url, source: .external)
            #expect(result.interceptor?.name == "signed", "\(url): \(result)")
        }
        // The app's own opens are trusted.
        #expect(router.open("reader://promo/STAFF").isHandled)
        #expect(ran.current == ["SPRING", "FREE", "STAFF"])
    }

    @Test("an App Clip's hand-over opens once, as a deferred link, and sees what deferred links may")
    func deferredHandOver() throws {
        let ran = Shared<[String]>([])
        let appGroup = Shared<[String: String]>(["pendingLink": "reader://invite/42"])
        let router = try Router { routes in
            routes.action("reader://invite/<int:id>", exposure: .external(from: [.deferred])) { request in
                ran.append("invite \(request.source)")
            }
        }
        func firstLaunch() {
            guard let link = appGroup.withLock({ $0.removeValue(forKey: "pendingLink") }) else { return }
            router.open(link, source: .deferred)
        }
        firstLaunch()
        firstLaunch()
        #expect(ran.current == ["invite deferred"])
        #expect(!router.canOpen("reader://invite/42", source: .external))
    }
}
