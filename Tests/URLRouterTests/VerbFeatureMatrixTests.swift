import Foundation
import Testing
import URLRouter

// A shelf tab, a book on it (the link every cell opens), the login screen an interceptor sends
// the book to, and an internal admin screen that no external open may reach.
struct MatrixShelfRoute: RootRoute { static let pattern = "reader://shelf" }
struct MatrixBookRoute: TypedRoute {
    static let pattern = "reader://book/<int:id>"
    var id: Int
    var parent: (any TypedRoute)? { MatrixShelfRoute() }
}
struct MatrixLoginRoute: TypedRoute { static let pattern = "reader://login" }
struct MatrixAdminRoute: TypedRoute { static let pattern = "reader://admin" }

/// A navigator written against the current requirements: it records what it is shown.
@MainActor final class MatrixNavigator: Navigator {
    enum Shown: Equatable {
        case plan(NavigationPlan, OpenSource)
        case object(url: String, value: AnyRoute?, source: OpenSource)
    }
    var shown: [Shown] = []
    var current: (root: AnyRoute?, stack: [AnyRoute]) { (nil, []) }
    func show(_ plan: NavigationPlan, steps: NavigationSteps, source: OpenSource) { shown.append(.plan(plan, source)) }
    func show(object: Any, for route: RouteInfo, url: String, value: AnyRoute?, source: OpenSource) {
        shown.append(.object(url: url, value: value, source: source))
    }
    var planSources: [OpenSource] { shown.compactMap { if case .plan(_, let source) = $0 { source } else { nil } } }
}

/// Every verb against every feature, one table: the features compose because every verb is one
/// open through one pipeline. Each cell runs one verb under one feature, and its expectation
/// comes from the rules below, written once per feature in terms of the kind of verb, never per pair.
@Suite("Every verb against every feature")
struct VerbFeatureMatrixTests {
    static let book = "reader://book/42", bookLink = "https://reader.example.com/book/42"
    static let admin = "reader://admin", adminLink = "https://reader.example.com/admin"
    static let login = "reader://login"
    static let scheme = Origin.scheme("reader"), universal = Origin.universalLink(host: "reader.example.com")
    static let tookBook = Verdict.took(MatrixBookRoute.pattern)
    /// What the book's handler sees of its link by the custom scheme, then as a universal link.
    static let bookHits = [Hit(pattern: MatrixBookRoute.pattern, source: .external, origin: scheme),
                           Hit(pattern: MatrixBookRoute.pattern, source: .external, origin: universal)]

    /// A verb's answer, reduced to what the rules speak of.
    enum Verdict: Sendable, Equatable {
        /// A route took the URL (its pattern); for a preview, the interceptors it names.
        case took(String)
        indirect case redirected(to: String, Verdict)
        case held
        case refused(Refusal)
        /// Nothing took the URL; why, in the verb's words, for the failure message only: each
        /// verb says it its own way (`nil`, `false`, an error), so the reason is not compared.
        case notTaken(String)

        init(_ result: OpenResult) {
            switch result {
            case .handled(let route): self = .took(route.pattern)
            case .redirected(_, let target, let next): self = .redirected(to: target, Verdict(next))
            case .held: self = .held
            case .refused(let refusal): self = .refused(refusal)
            default: self = .notTaken("\(result)")
            }
        }

        /// The verdict without the redirects that led to it: what a verb that gives only the
        /// final object, reply or plan can tell.
        var final: Verdict { if case .redirected(_, let next) = self { next.final } else { self } }

        /// What an optional object tells: the object, or `nil` whatever the reason.
        var objectOrNil: Verdict { if case .took = final { final } else { .notTaken("nil") } }

        /// What a yes or a no tells: that some route took the URL, not which.
        var yesOrNo: Verdict { if case .took = self { .took(Self.someRoute) } else { .notTaken("false") } }
        static let someRoute = "some route"

        static func == (lhs: Verdict, rhs: Verdict) -> Bool {
            switch (lhs, rhs) {
            case (.took(let a), .took(let b)): a == b
            case (.redirected(let a, let x), .redirected(let b, let y)): a == b && x == y
            case (.held, .held), (.notTaken, .notTaken): true
            case (.refused(let a), .refused(let b)): a == b
            default: false
            }
        }
    }

    struct Answer: Sendable {
        var verdict: Verdict
        /// The plan a navigation or a plan gave.
        var plan: NavigationPlan?
        init(_ verdict: Verdict, plan: NavigationPlan? = nil) { (self.verdict, self.plan) = (verdict, plan) }
    }

    struct Verb: Sendable, CustomTestStringConvertible {
        enum Kind: Sendable { case open, lookup, navigate, dryRun, preview }
        let name: String
        let kind: Kind
        let isAwaited: Bool
        /// Whether the verb takes a source (`restore` always reads from the app's).
        let hasSource: Bool
        /// What the verb can tell of an open that ends with the given verdict.
        let sees: @Sendable (Verdict) -> Verdict
        /// Performs the verb on the main actor, where a navigator and main-actor routes answer.
        let perform: @MainActor @Sendable (Router, String, OpenSource?) async -> Answer
        var testDescription: String { name }

        /// An open through the pipeline: held, observed and intercepted; a dry run is none of those.
        var isOpen: Bool { kind == .open || kind == .lookup || kind == .navigate }
        /// Whether the open waits while external opens are held (a lookup cannot wait).
        var waitsWhileHeld: Bool { kind == .open || kind == .navigate }
        /// Whether the open runs the handler of the route that takes the URL.
        var runsHandler: Bool { kind == .open || kind == .lookup }

        init(_ name: String, _ kind: Kind, awaited: Bool = false, hasSource: Bool = true,
             sees: @escaping @Sendable (Verdict) -> Verdict = { $0 },
             perform: @escaping @MainActor @Sendable (Router, String, OpenSource?) async -> Answer) {
            (self.name, self.kind, self.isAwaited, self.hasSource) = (name, kind, awaited, hasSource)
            (self.sees, self.perform) = (sees, perform)
        }

        static let all: [Verb] = [
            Verb("open", .open) { router, url, source in Answer(Verdict(router.open(url, source: source))) },
            Verb("openAndWait", .open, awaited: true) { router, url, source in
                Answer(Verdict(await router.openAndWait(url, source: source)))
            },
            Verb("open(_:expecting:)", .open, awaited: true, sees: \.final) { router, url, source in
                switch await router.open(url, expecting: (any Sendable).self, source: source) {
                // A main-actor object route replies its object boxed; the route's object is its pattern.
                case .value(let value):
                    Answer(.took(value as? String ?? (value as? MainActorObject)?.value as? String ?? "\(value)"))
                case .notHandled(let result): Answer(Verdict(result))
                case let other: Answer(.notTaken("\(other)"))
                }
            },
            Verb("object(for:as:)", .lookup, sees: \.objectOrNil) { router, url, source in
                Answer(router.object(for: url, as: String.self, source: source).map(Verdict.took) ?? .notTaken("nil"))
            },
            Verb("requireObject", .lookup, sees: \.final) { router, url, source in
                do throws(ObjectError) {
                    return Answer(.took(try router.requireObject(for: url, as: String.self, source: source)))
                } catch {
                    if case .refused(let refusal) = error { return Answer(.refused(refusal)) }
                    return Answer(.notTaken("\(error)"))
                }
            },
            Verb("navigate(to:)", .navigate, awaited: true, sees: \.final) { router, url, source in
                do throws(NavigationError) {
                    let plan = try await router.navigate(to: url, source: source)
                    return Answer(.took(top(of: plan)), plan: plan)
                } catch {
                    return Answer(error.stopped.map(Verdict.init) ?? .notTaken("\(error)"))
                }
            },
            Verb("canOpen", .dryRun, sees: \.yesOrNo) { router, url, source in
                Answer(router.canOpen(url, source: source) ? .took(Verdict.someRoute) : .notTaken("false"))
            },
            Verb("resolve", .dryRun) { router, url, source in
                switch router.resolve(url, source: source) {
                case .route(let resolved): Answer(.took(resolved.route.pattern))
                case .refused(let refusal): Answer(.refused(refusal))
                case let other: Answer(.notTaken("\(other)"))
                }
            },
            Verb("plan(for:)", .dryRun) { router, url, source in
                do throws(NavigationError) {
                    let plan = try router.plan(for: url, source: source)
                    return Answer(.took(top(of: plan)), plan: plan)
                } catch {
                    return Answer(.notTaken("\(error)"))
                }
            },
            Verb("restore(_:)", .dryRun, hasSource: false) { router, url, _ in
                let plan = router.restore([url])
                return Answer(plan.dropped.isEmpty ? .took(top(of: plan)) : .notTaken("dropped"), plan: plan)
            },
            Verb("previewInterceptors(for:)", .preview) { router, url, source in
                let names = router.previewInterceptors(for: url, source: source).compactMap(\.name)
                return Answer(names.isEmpty ? .notTaken("none") : .took(names.joined(separator: ", ")))
            },
        ]

        /// The pattern of a plan's own route: the top of its stack, else its root.
        static func top(of plan: NavigationPlan) -> String {
            guard let route = plan.stack.last ?? plan.root else { return "an empty plan" }
            return type(of: route.base).pattern
        }
    }

    struct Feature: Sendable, CustomTestStringConvertible {
        let name: String
        let check: @MainActor @Sendable (Verb) async throws -> Void
        var testDescription: String { name }

        static let all: [Feature] = [
            Feature(name: "held", check: held), Feature(name: "observed", check: observed),
            Feature(name: "intercepted", check: intercepted), Feature(name: "origins", check: origins),
            Feature(name: "exposure", check: exposure), Feature(name: "cancellation", check: cancellation),
            Feature(name: "shown by a navigator", check: shown), Feature(name: "switched off by rules", check: switchedOff),
        ]
    }

    /// What a handler saw.
    struct Hit: Sendable, Equatable {
        var pattern: String, source: OpenSource, origin: Origin?
        var redirectedFrom: String?
    }

    /// A router whose routes are all object routes that record what they see and give their
    /// own pattern (so that every verb has a route to take, and every lookup an object); a
    /// login interceptor on the book, which lets it through while `loggedIn`; both origins;
    /// an observer that records each event, and with `observerOpens` opens the admin screen.
    @MainActor struct Fixture {
        let hits = Shared<[Hit]>([])
        let events = Shared<[OpenEvent]>([])
        /// What the observer's own opens gave.
        let inner = Shared<[OpenResult]>([])
        let loggedIn = Shared(true)
        let router: Router

        init(maxNestedOpens: Int = 16, observerOpens: Bool = false, navigator: (any Navigator)? = nil,
             mainActorBook: Bool = false) throws {
            let (hits, events, inner, loggedIn, reference) = (hits, events, inner, loggedIn, RouterReference())
            let observer: @Sendable (OpenEvent) -> Void = { event in
                events.withLock { $0.append(event) }
                if observerOpens, let router = reference.router { inner.withLock { $0.append(router.open(admin)) } }
            }
            let options = Router.Options(maxNestedOpens: maxNestedOpens, origins: [scheme, universal], navigator: navigator,
                                         observer: observer)
            router = try Router(options: options) { routes in
                let record: @Sendable (RouteRequest) -> String = { request in
                    hits.withLock {
                        $0.append(Hit(pattern: request.route.pattern, source: request.source, origin: request.origin,
                                      redirectedFrom: request.redirectedFrom?.url))
                    }
                    return request.route.pattern
                }
                routes.object(MatrixShelfRoute.self, exposure: .external) { _, request in record(request) }
                if mainActorBook {
                    routes.mainActorObject(MatrixBookRoute.self, exposure: .external) { _, request in record(request) }
                } else {
                    routes.object(MatrixBookRoute.self, exposure: .external) { _, request in record(request) }
                }
                routes.object(MatrixLoginRoute.self, exposure: .external) { _, request in record(request) }
                routes.object(MatrixAdminRoute.self) { _, request in record(request) }
                routes.intercept("reader://book/**", name: "login") { _ in loggedIn.current ? .proceed : .redirect(to: login) }
            }
            reference.router = router
        }
    }

    @Test("each verb keeps each feature's rules", arguments: Verb.all, Feature.all)
    @MainActor
    func cell(_ verb: Verb, _ feature: Feature) async throws {
        try await feature.check(verb)
    }

    /// Expects `answer` to be what an open that ends in `open` gives through `verb`; a preview
    /// names instead the interceptors an open of the URL would ask (the book's login gate, by
    /// default; `nil`: none).
    static func expect(_ verb: Verb, _ answer: Answer, _ open: Verdict, interceptors: String? = "login",
                       _ note: Comment? = nil, sourceLocation: SourceLocation = #_sourceLocation) {
        let expected = verb.kind == .preview ? interceptors.map(Verdict.took) ?? .notTaken("none") : verb.sees(open)
        #expect(answer.verdict == expected, note, sourceLocation: sourceLocation)
    }

    // MARK: The rules, one per feature

    /// While external opens are held, an external open waits and is replayed through its own
    /// verb, from its source and its origin; a lookup, which cannot wait, is refused and never
    /// replayed; a dry run is never held.
    @MainActor static func held(_ verb: Verb) async throws {
        let navigator = MatrixNavigator()
        let fixture = try Fixture(navigator: navigator)
        fixture.router.holdExternalOpens()
        let whileHeld: Verdict = switch verb.kind {
        case .open, .navigate: .held
        case .lookup: .refused(.holdingExternalOpens)
        case .dryRun, .preview: tookBook
        }
        // The custom scheme from outside, then a universal link, which is external whoever opens it.
        expect(verb, await verb.perform(fixture.router, book, .external), whileHeld)
        expect(verb, await verb.perform(fixture.router, bookLink, nil), whileHeld)
        #expect(fixture.hits.current.isEmpty && navigator.shown.isEmpty)

        let release = fixture.router.releaseHeldOpens()
        #expect(release.replayed.map(\.open.source) == (verb.waitsWhileHeld ? [.external, .external] : []))
        #expect(release.replayed.map { Verdict($0.result) } == (verb.waitsWhileHeld ? [tookBook, tookBook] : []))
        #expect(fixture.hits.current == (verb.kind == .open ? bookHits : []), "an open's replay runs its handler")
        #expect(navigator.planSources == (verb.kind == .navigate ? [.external, .external] : []), "a navigation's replay is shown")
        // Told once each: a held open when it is replayed, a refused lookup when it was refused.
        #expect(fixture.events.current.map(\.origin) == (verb.isOpen ? [scheme, universal] : []))
    }

    /// The observer is told once per open, before the verb returns, never of a dry run; what it
    /// opens itself is nested in the observed open (its source, its nesting limit) and not told;
    /// a held open pushed out of the queue is told as refused.
    @MainActor static func observed(_ verb: Verb) async throws {
        let fixture = try Fixture(observerOpens: true)
        expect(verb, await verb.perform(fixture.router, book, .external), tookBook)
        #expect(fixture.events.current.map(\.route?.pattern) == (verb.isOpen ? [MatrixBookRoute.pattern] : []))
        #expect(fixture.events.current.map(\.source) == (verb.isOpen ? [.external] : []))
        // The observer's open of the internal route keeps the external source: it matches nothing.
        #expect(fixture.inner.current == (verb.isOpen ? [.unmatched] : []))
        #expect(!fixture.hits.current.contains { $0.pattern == MatrixAdminRoute.pattern })
        // A universal link refused on arrival (its userinfo) is external whoever opened it, and
        // so are the opens the observer makes when told of it.
        let refused = try Fixture(observerOpens: true)
        _ = await verb.perform(refused.router, "https://someone@reader.example.com/book/42", nil)
        #expect(refused.events.current.map(\.source) == (verb.isOpen ? [.external] : []))
        #expect(refused.inner.current == (verb.isOpen ? [.unmatched] : []), "the observer's open keeps the link's source")

        let nested = try Fixture(maxNestedOpens: 1, observerOpens: true)
        _ = await verb.perform(nested.router, book, .external)
        let limits = nested.inner.current.map { result -> Int? in
            if case .refused(let refusal) = result { return refusal.nestingLimit }
            return nil
        }
        #expect(limits == (verb.isOpen ? [1] : []), "the observer's open is counted inside the observed one")
        #expect(nested.events.current.count == (verb.isOpen ? 1 : 0))

        let holding = try Fixture()
        holding.router.holdExternalOpens(limit: 1)
        _ = await verb.perform(holding.router, book, .external)
        _ = await verb.perform(holding.router, book, .external)
        let beforeRelease: [Verdict] = switch verb.kind {
        case .open, .navigate: [.refused(.tooManyHeld(limit: 1))]
        case .lookup: [.refused(.holdingExternalOpens), .refused(.holdingExternalOpens)]
        case .dryRun, .preview: []
        }
        #expect(holding.events.current.map { Verdict($0.outcome) } == beforeRelease)
        holding.router.releaseHeldOpens()
        #expect(holding.events.current.map { Verdict($0.outcome) } == beforeRelease + (verb.waitsWhileHeld ? [tookBook] : []))
    }

    /// A login gate redirects every open (a lookup and a navigation too), which carries the
    /// link asked for, so that once logged in it lands on the book; dry runs ask no interceptor.
    @MainActor static func intercepted(_ verb: Verb) async throws {
        let fixture = try Fixture()
        fixture.loggedIn.withLock { $0 = false }
        let gated = await verb.perform(fixture.router, book, .external)
        let redirected = Verdict.redirected(to: login, .took(MatrixLoginRoute.pattern))
        expect(verb, gated, verb.isOpen ? redirected : tookBook)
        let asked = verb.kind == .navigate ? gated.plan?.redirectedFrom : fixture.hits.current.last?.redirectedFrom
        #expect(asked == (verb.isOpen ? book : nil), "the link asked for travels with the redirect")

        fixture.loggedIn.withLock { $0 = true }
        let landed = await verb.perform(fixture.router, asked ?? book, .external)
        expect(verb, landed, tookBook)
        #expect(landed.plan?.redirectedFrom == nil)
        #expect(fixture.hits.current.count == (verb.runsHandler ? 2 : 0))
        #expect(fixture.hits.current.last?.redirectedFrom == nil)
    }

    /// A universal link reaches the route of its custom-scheme form through every verb, as an
    /// external open, and the handler and the observer see the host it came by.
    @MainActor static func origins(_ verb: Verb) async throws {
        let fixture = try Fixture()
        let viaScheme = await verb.perform(fixture.router, book, .external)
        let viaLink = await verb.perform(fixture.router, bookLink, nil)
        expect(verb, viaLink, tookBook)
        #expect(viaLink.verdict == viaScheme.verdict)
        #expect(viaLink.plan == viaScheme.plan)
        #expect(fixture.hits.current == (verb.runsHandler ? bookHits : []))
        #expect(fixture.events.current.map(\.origin) == (verb.isOpen ? [scheme, universal] : []))
        #expect(fixture.events.current.map(\.source) == (verb.isOpen ? [.external, .external] : []))
    }

    /// An external source never reaches an internal route, through any verb; the app does.
    @MainActor static func exposure(_ verb: Verb) async throws {
        let fixture = try Fixture()
        expect(verb, await verb.perform(fixture.router, admin, .app), .took(MatrixAdminRoute.pattern), interceptors: nil)
        if verb.hasSource {
            expect(verb, await verb.perform(fixture.router, admin, .external), .notTaken(""), interceptors: nil, "from outside")
        }
        expect(verb, await verb.perform(fixture.router, adminLink, nil), .notTaken(""), interceptors: nil, "a universal link")
        #expect(fixture.hits.current.allSatisfy { $0.source == .app })
        #expect(fixture.hits.current.count == (verb.runsHandler ? 1 : 0))
    }

    /// An awaited verb in a cancelled task runs no handler and shows nothing; a synchronous one
    /// has finished before it could see the cancellation, and answers as it always does.
    @MainActor static func cancellation(_ verb: Verb) async throws {
        let navigator = MatrixNavigator()
        let fixture = try Fixture(navigator: navigator)
        let router = fixture.router
        let answer = await Task { @MainActor in
            withUnsafeCurrentTask { $0?.cancel() }
            return await verb.perform(router, book, .external)
        }.value
        expect(verb, answer, verb.isAwaited ? .refused(.cancelled) : tookBook)
        #expect(fixture.hits.current.count == (verb.runsHandler && !verb.isAwaited ? 1 : 0))
        #expect(navigator.shown.isEmpty)
    }

    /// A route the installed rules switch off never runs, through any verb: an app fallback is a
    /// redirect every open follows and every dry run answers for; a web fallback is a refusal
    /// carrying the page (a plan or a restore, which answer with a plan, only say there is none).
    @MainActor static func switchedOff(_ verb: Verb) async throws {
        let fixture = try Fixture()
        try fixture.router.install(RouteRules(json: Data(#"""
            {"version": 1, "disabled": [{"route": "reader://book/<int:id>", "fallback": "reader://login"}]}
            """#.utf8)))
        let toLogin = Verdict.redirected(to: login, .took(MatrixLoginRoute.pattern))
        let diverted = await verb.perform(fixture.router, book, .external)
        expect(verb, diverted, verb.kind == .dryRun ? toLogin.final : toLogin)
        #expect(fixture.hits.current.map(\.pattern) == (verb.runsHandler ? [MatrixLoginRoute.pattern] : []))
        if verb.kind == .navigate || verb.name == "plan(for:)" {
            #expect(diverted.plan?.redirectedFrom == book, "a plan names the link asked for")
        }
        #expect(fixture.events.current.count == (verb.isOpen ? 1 : 0))

        try fixture.router.install(RouteRules(json: Data(#"""
            {"version": 1, "disabled": [{"route": "reader://book/<int:id>", "fallback": "https://web.example.com/b/:id"}]}
            """#.utf8)), allowingHosts: ["web.example.com"])
        let refused = Verdict.refused(.disabled(MatrixBookRoute.pattern, fallback: "https://web.example.com/b/42"))
        let answersWithPlan = verb.kind == .dryRun && (verb.name == "plan(for:)" || verb.name == "restore(_:)")
        expect(verb, await verb.perform(fixture.router, book, .external), answersWithPlan ? .notTaken("no plan") : refused)
        #expect(fixture.hits.current.count == (verb.runsHandler ? 1 : 0), "the switched-off route never ran")
    }

    /// An open that meets a main-actor object route hands its object to the navigator, with its
    /// URL and typed value (a navigator written before that requirement is still called); a
    /// lookup takes the object itself; a navigation shows its plan; a dry run shows nothing.
    @MainActor static func shown(_ verb: Verb) async throws {
        let legacy = RecordingNavigator()
        let old = try Fixture(navigator: legacy, mainActorBook: true)
        expect(verb, await verb.perform(old.router, book, .external), tookBook)
        #expect(legacy.objects == (verb.kind == .open ? ["\(MatrixBookRoute.pattern) external: \(MatrixBookRoute.pattern)"] : []))
        #expect(legacy.shown.map { $0.1 } == (verb.kind == .navigate ? [.external] : []))

        let navigator = MatrixNavigator()
        let new = try Fixture(navigator: navigator, mainActorBook: true)
        expect(verb, await verb.perform(new.router, book, .external), tookBook)
        let plan = NavigationPlan(root: AnyRoute(MatrixShelfRoute()), stack: [AnyRoute(MatrixBookRoute(id: 42))])
        let expected: [MatrixNavigator.Shown] = switch verb.kind {
        case .open: [.object(url: book, value: AnyRoute(MatrixBookRoute(id: 42)), source: .external)]
        case .navigate: [.plan(plan, .external)]
        case .lookup, .dryRun, .preview: []
        }
        #expect(navigator.shown == expected)
    }
}
