import PatternMatcher

extension Router {
    /// The object the best matching object route returns for `link`, if it is a `T` (a view
    /// controller, a service): MGJRouter's `objectForURL:`.
    ///
    /// ```swift
    /// let service = router.object(for: "reader://service/cart", as: CartService.self)
    /// let screen = router.object(for: BookRoute(id: 42), as: UIViewController.self)   // on the main actor
    /// ```
    /// It never waits: main-actor object routes answer when this is called on the main
    /// actor, whether the caller is synchronous or asynchronous; an asynchronous object
    /// route's value is awaited with `await open(_:expecting:userInfo:source:)`. Action
    /// routes never run here. For any reason there is no object, the result is `nil`, and
    /// ``requireObject(for:as:userInfo:source:)`` says why.
    /// - Parameters:
    ///   - link: the URL, or a typed route whose URL is looked up.
    ///   - type: the type of object wanted.
    ///   - userInfo: caller data handed to the handler.
    ///   - source: as for `open`; `nil` inherits the source of the open being handled.
    public func object<T>(for link: some RouteLink, as type: T.Type, userInfo: [String: any Sendable] = Dictionary(),
                          source: OpenSource? = nil) -> T? {
        try? requireObject(for: link, as: type, userInfo: userInfo, source: source)
    }

    /// The object for `link` as a `T`, or the error that says why there is none.
    ///
    /// ```swift
    /// do {
    ///     let screen = try router.requireObject(for: "reader://book/42", as: BookViewController.self)
    /// } catch {
    ///     print(error)   // for example: "'reader://book/:id' [BookDetail] is an action route, not an object route"
    /// }
    /// ```
    /// - Parameters:
    ///   - link: the URL, or a typed route whose URL is looked up.
    ///   - type: the type of object wanted.
    ///   - userInfo: caller data handed to the handler.
    ///   - source: as for `open`; `nil` inherits the source of the open being handled.
    /// - Throws: ``ObjectError``: no match, malformed, refused (a typed route that cannot be
    ///   written among them), not an object route, an object of another type, declined,
    ///   failed, or a route that needs the main actor or `await`. When several routes match,
    ///   the most telling reason is given (an object route's own failure before its decline,
    ///   a decline before a fallback action route).
    public func requireObject<T>(for link: some RouteLink, as type: T.Type = T.self, userInfo: [String: any Sendable] = Dictionary(),
                                 source: OpenSource? = nil) throws(ObjectError) -> T {
        let url: String
        do { url = try link.routeURL() } catch { throw .refused(.unwritable(error)) }
        var state = RunState()
        // Unwrapped first: as an `Any?`, a value asked for `as: Any.self` would come back
        // wrapped in an optional.
        let result = run(url, .object, source: source, userInfo: userInfo, channel: nil, holds: true, state: &state,
                         accepting: { $0 is T })
        if case .object(let object) = state.taken, let value = object as? T { return value }
        throw state.passes.objectError(after: result)
    }
}
