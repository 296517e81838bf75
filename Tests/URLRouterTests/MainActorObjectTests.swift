import Foundation
import Testing
import URLRouter

/// A stand-in for a view controller: main-actor isolated and not `Sendable`.
@MainActor
final class ScreenStandIn {
    let title: String
    init(title: String) { self.title = title }
}

/// Main-actor objects, targets and actions, asked for on the main actor and off it; and the
/// reasons `makeObject` gives and `resolve`'s dry run.
@Suite("Main-actor objects and honest outcomes")
struct MainActorObjectTests {
    struct Broken: Error, Equatable {}

    static func router(_ log: Shared<[String]>) throws -> Router {
        try Router { routes in
            let coordinator = routes.mainActorTarget { () -> ScreenStandIn in
                log.append("coordinator made")
                return ScreenStandIn(title: "coordinator")
            }
            routes.mainActorObject("reader://screen/book/<int:id>") { request in
                ScreenStandIn(title: "book \(request.parameters["id"] ?? "")")
            }
            routes.mainActorObject("reader://screen/coordinator") { _ in coordinator.instance }
            routes.mainActorObject("reader://screen/title") { _ in "a Sendable title" }
            // Declines and errors of main-actor handlers, with a fallback behind each.
            routes.mainActorAction("reader://gate/<int:id>") { request in
                log.append("gate \(request.parameters["id"] ?? "")")
                if request.parameters["id"] == "1" { throw Decline() }
                if request.parameters["id"] == "2" { throw Broken() }
            }
            routes.action("reader://gate/:any") { request in log.append("fallback \(request.parameters["any"] ?? "")") }
            routes.action("reader://action") { _ in }
            routes.object("reader://service") { _ in 42 }
            routes.object("reader://choosy/<int:id>") { _ in throw Decline() }
            routes.object("reader://choosy/:name") { _ in throw Broken() }
            routes.object("reader://shy") { _ in throw Decline() }
            routes.asyncObject("reader://async") { _ in "async" }
            routes.action("reader://public", exposure: .external) { _ in }
        }
    }

    static func info(_ router: Router, _ pattern: String) -> RouteInfo {
        router.routes.first { $0.pattern == pattern }!
    }

    /// `object(for:as:)`, from a synchronous function.
    static func synchronousObject(_ router: Router, _ url: String) -> String? {
        router.object(for: url, as: String.self)
    }

    @Test("on the main actor, object(for:as:) returns a main-actor object at once; its target is made once")
    @MainActor
    func onMainActor() throws {
        let log = Shared<[String]>([])
        let router = try Self.router(log)
        let screen = router.object(for: "reader://screen/book/42", as: ScreenStandIn.self)
        #expect(screen?.title == "book 42")
        let first = try router.requireObject(for: "reader://screen/coordinator", as: ScreenStandIn.self)
        let second = try router.requireObject(for: "reader://screen/coordinator", as: ScreenStandIn.self)
        #expect(first === second)
        #expect(log.current == ["coordinator made"])
    }

    @Test("off the main actor, the lookup says the route needs the main actor; on it, the same call answers")
    func offMainActor() async throws {
        let router = try Self.router(Shared([]))
        let route = Self.info(router, "reader://screen/title")
        #expect(throws: ObjectError.needsMainActor(route)) {
            _ = try router.requireObject(for: "reader://screen/title", as: String.self)
        }
        #expect(Self.synchronousObject(router, "reader://screen/title") == nil)
        #expect(await MainActor.run { router.object(for: "reader://screen/title", as: String.self) } == "a Sendable title")
    }

    @Test("a main-actor decline reaches the fallback on the main actor: handled at once")
    @MainActor
    func declineOnMainActor() throws {
        let log = Shared<[String]>([])
        let router = try Self.router(log)
        let completions = Shared(0)
        let result = router.open("reader://gate/1") { _ in _ = completions.increment() }
        #expect(result == .handled(Self.info(router, "reader://gate/:any")))
        #expect(log.current == ["gate 1", "fallback 1"])
        #expect(completions.current == 1)

        let failed = router.open("reader://gate/2")
        #expect(failed == .failed(Self.info(router, "reader://gate/<int:id>"), Broken()))
    }

    @Test("the same decline off the main actor: pending, then the same outcome, the completion called once")
    func declineOffMainActor() async throws {
        let log = Shared<[String]>([])
        let router = try Self.router(log)
        let completions = Shared(0)
        let result = router.open("reader://gate/1") { _ in _ = completions.increment() }
        guard case .pending(let route, let pending) = result else {
            Issue.record("expected pending, got \(result)")
            return
        }
        #expect(route == Self.info(router, "reader://gate/<int:id>"))
        #expect(await pending.result == .handled(Self.info(router, "reader://gate/:any")))
        #expect(log.current == ["gate 1", "fallback 1"])
        #expect(completions.current == 1)

        guard case .pending(_, let failing) = router.open("reader://gate/2", completion: nil) else {
            Issue.record("expected pending")
            return
        }
        #expect(await failing.result == .failed(Self.info(router, "reader://gate/<int:id>"), Broken()))
        // The awaiting open gives the final outcome directly.
        #expect(await router.openAndWait("reader://gate/1") == .handled(Self.info(router, "reader://gate/:any")))
    }

    @Test("an open's completion gets the screen as a MainActorObject: value(as:) reads it, a wrong type throws naming both")
    @MainActor
    func completionValue() throws {
        let router = try Self.router(Shared([]))
        let replies = Shared<[MainActorObject]>([])
        let missedCasts = Shared(0)
        let result = router.open("reader://screen/book/42") { reply in
            // The trap of newcomer trial 4: the reply is the wrapper, so this cast is nil.
            if reply as? ScreenStandIn == nil { missedCasts.increment() }
            if let object = reply as? MainActorObject { replies.withLock { $0.append(object) } }
        }
        #expect(result.isHandled)
        #expect(missedCasts.current == 1)
        let object = try #require(replies.current.first)
        let screen = try object.value(as: ScreenStandIn.self)
        #expect(screen.title == "book 42")
        let inferred: ScreenStandIn = try object.value()
        #expect(inferred === screen)
        #expect(try object.value(as: AnyObject.self) === screen, "a superclass or protocol of the value works too")
        #expect("\(object)" == "MainActorObject(ScreenStandIn)")
        #expect { try object.value(as: String.self) } throws: { error in
            "\(error)" == "the main-actor object is a 'ScreenStandIn', not a 'String'"
        }
        #expect((try? object.value(as: Int.self)) == nil, "try? gives the optional on purpose")
    }

    @Test("off the main actor the open is pending, and its completion still gets the wrapper on the main actor")
    func completionValueOffMainActor() async throws {
        let router = try Self.router(Shared([]))
        let replies = Shared<[MainActorObject]>([])
        let onMainThread = Shared<[Bool]>([])
        let result = router.open("reader://screen/book/7") { reply in
            onMainThread.withLock { $0.append(Self.isMainActorsExecutor()) }
            if let object = reply as? MainActorObject { replies.withLock { $0.append(object) } }
        }
        guard case .pending(_, let pending) = result else {
            Issue.record("expected pending, got \(result)")
            return
        }
        #expect(await pending.result.isHandled)
        #expect(onMainThread.current == [true], "MainActor.assumeIsolated holds in the completion")
        let object = try #require(replies.current.first)
        #expect(try await MainActor.run { try object.value(as: ScreenStandIn.self).title } == "book 7")
    }

    /// Marks the main queue, the main actor's executor (drained by a worker thread under the
    /// test runner's `async` main on Linux, so `Thread.isMainThread` would say no there).
    private static let mainQueueKey: DispatchSpecificKey<Bool> = {
        let key = DispatchSpecificKey<Bool>()
        DispatchQueue.main.setSpecific(key: key, value: true)
        return key
    }()

    /// Whether the caller runs on the main actor's executor.
    static func isMainActorsExecutor() -> Bool {
        Thread.isMainThread || DispatchQueue.getSpecific(key: mainQueueKey) == true
    }

    @Test("makeObject says why there is no object", arguments: [
        ("reader://nowhere", "unmatched"),
        ("reader://bad/%zz", "malformed"),
        ("reader://action", "not an object route"),
        ("reader://service", "other type"),
        ("reader://shy", "declined"),
        ("reader://choosy/name", "failed"),
        // Two routes: the second's failure tells more than the first's decline.
        ("reader://choosy/7", "failed"),
        ("reader://async", "needs async"),
    ])
    func reasons(_ url: String, _ reason: String) throws {
        let router = try Self.router(Shared([]))
        let expected: ObjectError = switch reason {
        case "unmatched": .unmatched
        case "not an object route": .notAnObjectRoute(Self.info(router, "reader://action"))
        case "other type": .otherType(Self.info(router, "reader://service"), "Int")
        case "declined": .declined([Self.info(router, "reader://shy")])
        case "failed": .failed(Self.info(router, "reader://choosy/:name"), Broken())
        case "needs async": .needsAsync(Self.info(router, "reader://async"))
        default: .unmatched
        }
        do {
            _ = try router.requireObject(for: url, as: String.self)
            Issue.record("\(url) gave an object")
        } catch {
            if reason == "malformed" {
                guard case .malformed = error else { Issue.record("\(error)"); return }
            } else {
                #expect(error == expected)
            }
            #expect(!"\(error)".isEmpty)
        }
    }

    @Test("an external lookup of a URL with userinfo is refused, and says so")
    func refusedObject() throws {
        let router = try Self.router(Shared([]))
        #expect {
            _ = try router.requireObject(for: "reader://me@public", as: String.self, source: .external)
        } throws: { error in
            guard case ObjectError.refused = error else { return false }
            return true
        }
    }

    @Test("resolve names the route open would run first, with its parameters, and runs nothing")
    func resolve() throws {
        let log = Shared<[String]>([])
        let router = try Self.router(log)
        let resolved = try #require(router.resolve("reader://gate/1?from=mail#top").route)
        #expect(resolved.route == Self.info(router, "reader://gate/<int:id>"))
        #expect(resolved.parameters == ["id": "1"])
        #expect(resolved.query.map(\.name) == ["from"])
        #expect(resolved.fragment == "top")
        #expect(log.current.isEmpty, "nothing ran")
        #expect(router.resolve("reader://nowhere") == .unmatched)
        #expect(router.resolve("reader://gate/1", source: .external) == .unmatched, "internal routes are not visible from outside")
        guard case .malformed = router.resolve("reader://gate/%zz") else { Issue.record("not malformed"); return }
        guard case .refused = router.resolve("reader://me@public", source: .external) else { Issue.record("not refused"); return }
    }
}
