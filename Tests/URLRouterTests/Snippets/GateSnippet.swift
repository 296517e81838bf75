import Foundation
import URLRouter

/// The README's "Interceptors and redirects" snippet, compiled and run by `ReadmeSnippetTests`.
/// - Returns: the lines the snippet prints.
func runGateSnippet() throws -> [String] {
    let printed = Shared<[String]>([])
    @Sendable func print(_ items: Any...) { printed.append(items.map { "\($0)" }.joined(separator: " ")) }

    // snippet:begin gate
    final class Session: @unchecked Sendable {           // the app's login state, behind a lock
        private let lock = NSLock()
        private var loggedIn = false
        private var waiting: RedirectOrigin?              // what the login screen reopens
        var isLoggedIn: Bool { lock.lock(); defer { lock.unlock() }; return loggedIn }
        func park(_ origin: RedirectOrigin?) { lock.lock(); waiting = origin; lock.unlock() }
        func logIn() -> RedirectOrigin? {
            lock.lock(); defer { lock.unlock() }
            loggedIn = true
            return waiting
        }
    }
    let session = Session()

    let router = try Router { routes in
        // One place gates every account page, whatever handler kind it has.
        routes.intercept("reader://account/**", name: "login") { _ in
            session.isLoggedIn ? .proceed : .redirect(to: "reader://login")
        }
        routes.action("reader://login", exposure: .external) { request in
            session.park(request.redirectedFrom)             // a real screen shows a form here
        }
        routes.action("reader://account/orders", exposure: .external) { request in
            print("orders, opened from \(request.source)")
        }
        routes.redirect("reader://orders", to: "reader://account/orders")   // an old URL, renamed
    }

    print(router.open("reader://orders", source: .external))
    // redirected by interceptor 'redirect' reader://orders [App] to 'reader://account/orders',
    // then redirected by interceptor 'login' reader://account/** [App] to 'reader://login',
    // then handled by reader://login [App]
    session.logIn()?.reopen(with: router)                 // the original source and user info
    // orders, opened from external
    print(router.canOpen("reader://account/orders"))      // true: canOpen never runs interceptors
    // snippet:end gate
    return printed.current
}
