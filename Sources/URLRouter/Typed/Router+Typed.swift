/// The typed forms of `open`, `object(for:)` and `canOpen`: each writes the value's URL
/// (``TypedRoute/url()``) and opens it exactly as the string form would, through the same
/// sources, exposure rules, interceptors and fallbacks. A value that cannot be written is
/// refused before anything runs (``Refusal/unwritable(_:)``).
extension Router {
    /// Opens the URL of `route`.
    ///
    /// ```swift
    /// router.open(BookRoute(id: 42, from: "shelf"))
    /// ```
    /// - Parameters:
    ///   - route: the value; its URL is opened.
    ///   - userInfo: caller data handed to the handler apart from the URL's parameters.
    ///   - source: where the open comes from; `nil` inherits the source of the open being
    ///     handled, else ``OpenSource/app``.
    ///   - completion: called once with the handler's reply, as for the string form.
    /// - Returns: what happened, as for `open(_:userInfo:source:completion:)`.
    @discardableResult
    public func open<R: TypedRoute>(_ route: R, userInfo: [String: any Sendable] = Dictionary(), source: OpenSource? = nil,
                                    completion: RouteCompletion? = nil) -> OpenResult {
        let url: String
        do { url = try route.url() } catch { return .refused(.unwritable(error)) }
        return open(url, userInfo: userInfo, source: source, completion: completion)
    }

    /// Opens the URL of `route` and awaits its handler.
    /// - Parameters:
    ///   - route: the value; its URL is opened.
    ///   - userInfo: caller data handed to the handler.
    ///   - source: as for `open`.
    @discardableResult
    public func open<R: TypedRoute>(_ route: R, userInfo: [String: any Sendable] = Dictionary(),
                                    source: OpenSource? = nil) async -> OpenResult {
        let url: String
        do { url = try route.url() } catch { return .refused(.unwritable(error)) }
        return await open(url, userInfo: userInfo, source: source)
    }

    /// Opens the URL of `route` and awaits the value its handler replies with.
    ///
    /// ```swift
    /// if case .value(let color) = await router.open(ColorPickerRoute(), expecting: String.self) { ... }
    /// ```
    /// - Parameters:
    ///   - route: the value; its URL is opened.
    ///   - expecting: the type of the reply.
    ///   - userInfo: caller data handed to the handler.
    ///   - source: as for `open`.
    public func open<R: TypedRoute, Value>(_ route: R, expecting: Value.Type, userInfo: [String: any Sendable] = Dictionary(),
                                           source: OpenSource? = nil) async -> RouteReply<Value> {
        let url: String
        do { url = try route.url() } catch { return .notHandled(.refused(.unwritable(error))) }
        return await open(url, expecting: expecting, userInfo: userInfo, source: source)
    }

    /// The object for the URL of `route`, if it is a `T` (a view controller on the main
    /// actor, a service).
    ///
    /// ```swift
    /// let screen = router.object(for: BookRoute(id: 42), as: UIViewController.self)   // on the main actor
    /// ```
    /// - Parameters:
    ///   - route: the value; its URL is looked up.
    ///   - type: the type of object wanted.
    ///   - userInfo: caller data handed to the handler.
    ///   - source: as for `open`.
    public func object<R: TypedRoute, T>(for route: R, as type: T.Type, userInfo: [String: any Sendable] = Dictionary(),
                                         source: OpenSource? = nil) -> T? {
        try? makeObject(for: route, as: type, userInfo: userInfo, source: source)
    }

    /// The object for the URL of `route` as a `T`, or the reason there is none.
    /// - Throws: ``ObjectError``, as the string form; a value that cannot be written is
    ///   ``ObjectError/refused(_:)``.
    public func makeObject<R: TypedRoute, T>(for route: R, as type: T.Type = T.self, userInfo: [String: any Sendable] = Dictionary(),
                                             source: OpenSource? = nil) throws(ObjectError) -> T {
        let url: String
        do { url = try route.url() } catch { throw .refused(.unwritable(error)) }
        return try makeObject(for: url, as: type, userInfo: userInfo, source: source)
    }

    /// The object for the URL of `route`, if it is a `T`, awaiting asynchronous object
    /// handlers and running main-actor ones on the main actor.
    /// - Parameters:
    ///   - route: the value; its URL is looked up.
    ///   - type: the type of object wanted.
    ///   - userInfo: caller data handed to the handler.
    ///   - source: as for `open`.
    public func object<R: TypedRoute, T: Sendable>(for route: R, as type: T.Type, userInfo: [String: any Sendable] = Dictionary(),
                                                   source: OpenSource? = nil) async -> T? {
        guard let url = try? route.url() else { return nil }
        return await object(for: url, as: type, userInfo: userInfo, source: source)
    }

    /// Whether some route matches the URL of `route` for `source`; `false` when the value
    /// cannot be written.
    /// - Parameters:
    ///   - route: the value.
    ///   - source: as for `open`.
    public func canOpen<R: TypedRoute>(_ route: R, source: OpenSource? = nil) -> Bool {
        guard let url = try? route.url() else { return false }
        return canOpen(url, source: source)
    }
}

extension RouteRequest {
    /// Opens the URL of `route` as part of this request, from this request's source (see
    /// ``open(_:userInfo:completion:)-(String,_,_)``).
    /// - Parameters:
    ///   - route: the value; its URL is opened.
    ///   - userInfo: caller data handed to the handler.
    ///   - completion: called once with the handler's reply.
    @discardableResult
    public func open<R: TypedRoute>(_ route: R, userInfo: [String: any Sendable] = Dictionary(),
                                    completion: RouteCompletion? = nil) -> OpenResult {
        let url: String
        do { url = try route.url() } catch { return .refused(.unwritable(error)) }
        return open(url, userInfo: userInfo, completion: completion)
    }
}
