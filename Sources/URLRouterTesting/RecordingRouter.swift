import Foundation
import URLRouter

/// One open a ``RecordingRouter`` saw.
public struct RecordedOpen: Sendable, Hashable, CustomStringConvertible {
    /// The URL, as opened.
    public let url: String
    /// Where the open came from.
    public let source: OpenSource
    /// The keys of the open's user info, sorted.
    public let userInfoKeys: [String]

    /// Describes an open, for comparing with ``RecordingRouter/opened``.
    /// - Parameters:
    ///   - url: the URL, as opened.
    ///   - source: where the open came from.
    ///   - userInfoKeys: the keys of its user info, sorted.
    public init(url: String, source: OpenSource = .app, userInfoKeys: [String] = []) {
        self.url = url
        self.source = source
        self.userInfoKeys = userInfoKeys
    }

    /// The URL, the source and the user info keys.
    public var description: String {
        "'\(url)' from \(source)" + (userInfoKeys.isEmpty ? "" : " userInfo=\(userInfoKeys.joined(separator: ","))")
    }
}

/// A real `Router` that records every open, for a feature module's tests: check what the
/// module opens, without the app's other modules.
///
/// ```swift
/// let recording = try RecordingRouter(modules: [BookDetailModule.self])
/// recording.router.open("reader://book/42")            // runs BookDetail's handler
/// #expect(recording.opened.map(\.url) == ["reader://book/42", "reader://reviews/42"])
/// ```
/// An interceptor at `*://**` and `**` records each open (nested and redirected ones too,
/// each as it is opened) and lets it proceed. A catch-all route, external so that deep links
/// reach it too, answers the URLs no registered module knows: an open of another module's
/// URL succeeds and is recorded. Routes the tests register win over it. A service the module
/// under test requires from a module the test leaves out is given with
/// `routes.provide(_:lifetime:_:)`; `routes.override(_:lifetime:_:)` replaces one that a
/// registered module provides.
public final class RecordingRouter: Sendable {
    /// The module name of the recording interceptor and the catch-all routes.
    public static let moduleName = "RecordingRouter"

    /// The router: open URLs with it, or hand it to the code under test.
    public let router: Router
    private let log: OpenLog

    /// Builds the router as `Router/init(modules:options:routes:)` does, then registers the
    /// recording interceptor and the catch-all routes as module ``moduleName``.
    /// - Parameters:
    ///   - modules: the modules under test.
    ///   - options: the router's options.
    ///   - routes: routes and service overrides the test declares itself.
    /// - Throws: `RegistrationError` listing every problem, as the router does.
    public init(modules: [any RouteModule.Type] = [], options: Router.Options = Router.Options(),
                routes: (inout RouteRegistrar) -> Void = { _ in }) throws(RegistrationError) {
        let log = OpenLog()
        router = try Router(modules: modules, options: options, routes: routes)
        self.log = log
        try router.register(moduleNamed: Self.moduleName) { routes in
            for pattern in ["*://**", "**"] {
                routes.intercept(pattern, name: "recording") { request in
                    log.append(RecordedOpen(url: request.url, source: request.source,
                                            userInfoKeys: request.userInfo.keys.sorted()))
                    return .proceed
                }
                routes.action(pattern, exposure: .external) { _ in }
            }
        }
    }

    /// Every open so far, in the order they were made.
    public var opened: [RecordedOpen] { log.all }

    /// Forgets the opens recorded so far.
    public func removeAllOpened() { log.removeAll() }
}

/// The recorded opens behind a lock: handlers open from any thread.
private final class OpenLog: @unchecked Sendable {
    private let lock = NSLock()
    private var opens: [RecordedOpen] = []

    func append(_ open: RecordedOpen) {
        lock.lock()
        defer { lock.unlock() }
        opens.append(open)
    }

    var all: [RecordedOpen] {
        lock.lock()
        defer { lock.unlock() }
        return opens
    }

    func removeAll() {
        lock.lock()
        defer { lock.unlock() }
        opens.removeAll()
    }
}
