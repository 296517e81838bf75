import PatternMatcher

/// A typed route's URL did not decode: its route declines, so the next match (or a
/// catch-all fallback) gets the URL; when none takes it, the open's result is
/// ``OpenResult/failed(_:_:)`` with the ``TypedRouteError``, which names the key and the text.
struct UndecodableRoute: Error {
    let error: TypedRouteError
}

/// A typed route's decoding alone, kept with the route so that dry runs (``Router/resolve(_:source:)``,
/// ``Router/canOpen(_:source:excludingCatchAll:)``) pass over a match whose values do not decode, as `open` does.
/// Decoding is pure: it runs no handler code.
struct TypedDecoding: Sendable {
    /// The value a match's values decode to (its ``InAppLink`` values checked against the
    /// open), or why they do not.
    let value: @Sendable (PathParameters, QueryItems, LinkCheck?) -> Result<any TypedRoute, TypedRouteError>
    /// The types of the value's parents, nearest first, found from a probe value at
    /// registration (see <doc:Navigation>).
    let parents: ParentChain
    /// The type: its identity (the parent check, the rules' presentation overrides, a route's
    /// ``RouteInfo/typedRoute``) and what is read of it only when asked (``observedQueryItems``).
    let type: any TypedRoute.Type

    init<R: TypedRoute>(_ shape: TypedRouteShape, _ type: R.Type, parents: ParentChain) {
        value = { parameters, query, links in
            do throws(TypedRouteError) {
                return .success(try shape.decode(R.self, parameters: parameters, query: query, matchesOwnPattern: true,
                                                 links: links))
            } catch {
                return .failure(error)
            }
        }
        self.parents = parents
        self.type = type
    }

    /// ``TypedRoute/observedQueryItems``, read when an observer's event is described: read at
    /// registration, it made the runtime resolve the associated type of every typed route.
    var observedQueryItems: Set<String> {
        func items<R: TypedRoute>(_ type: R.Type) -> Set<String> { Set(R.observedQueryItems) }
        return items(self.type)
    }

    /// Why a match's values do not decode, or `nil` when they do.
    func failure(_ parameters: PathParameters, _ query: QueryItems, links: LinkCheck?) -> TypedRouteError? {
        if case .failure(let error) = value(parameters, query, links) { return error }
        return nil
    }
}

extension RouteRequest {
    /// This request's URL read as a `R`: the route's typed value.
    /// - Throws: ``TypedRouteError`` naming the key and the text that did not decode.
    public func decode<R: TypedRoute>(_ type: R.Type) throws(TypedRouteError) -> R {
        let shape = TypedRouteShape.of(type)
        return try shape.decode(type, parameters: parameters, query: query, matchesOwnPattern: route.pattern == shape.patternText,
                                links: links)
    }

    /// The typed value, or the decline that passes the URL on.
    func typedValue<R: TypedRoute>(_ shape: TypedRouteShape, as type: R.Type) throws -> R {
        // The route was registered for `R`: the match is one of its pattern.
        do { return try shape.decode(type, parameters: parameters, query: query, matchesOwnPattern: true, links: links) } catch {
            throw UndecodableRoute(error: error)
        }
    }
}

extension RouteRegistrar {
    /// Registers an action for a typed route: `handler` receives the URL decoded as `R`
    /// (see <doc:TypedRoutes>).
    ///
    /// ```swift
    /// routes.action(BookRoute.self, exposure: .external) { book, request in show(book.id, from: book.from) }
    /// ```
    /// Registration checks `R` against its pattern (every mismatch is a problem of the
    /// ``RegistrationError``). A URL whose values do not decode makes the route decline.
    /// - Parameters:
    ///   - route: the route type; its ``TypedRoute/pattern`` is registered.
    ///   - name: a name for URL generation; unique.
    ///   - exposure: ``Exposure/internal`` (default) or ``Exposure/external`` for deep links.
    ///   - deprecated: what replaces the route, for example `use reader://book/<int:id>`,
    ///     when it is kept only for old links; shown in the route map.
    ///   - handler: the action; throw ``Decline`` to let the next match try.
    public mutating func action<R: TypedRoute>(_ route: R.Type, name: String? = nil, exposure: Exposure = .internal,
                                               deprecated: String? = nil, handler: @escaping @Sendable (R, RouteRequest) throws -> Void) {
        let (shape, parents) = checkTyped(route)
        add(R.pattern, name, exposure, deprecated, .action { request in
            try handler(try request.typedValue(shape, as: R.self), request)
        }, typed: TypedDecoding(shape, R.self, parents: parents))
    }

    /// Registers a main-actor action for a typed route: `handler` receives the URL decoded
    /// as `R`, on the main actor (see the string form of `mainActorAction`).
    /// - Parameters:
    ///   - route: the route type.
    ///   - name: a name for URL generation; unique.
    ///   - exposure: who may reach it.
    ///   - deprecated: what replaces the route, when it is kept only for old links.
    ///   - handler: the action, on the main actor.
    public mutating func mainActorAction<R: TypedRoute>(_ route: R.Type, name: String? = nil, exposure: Exposure = .internal,
                                                        deprecated: String? = nil, handler: @escaping @MainActor @Sendable (R, RouteRequest) throws -> Void) {
        let (shape, parents) = checkTyped(route)
        add(R.pattern, name, exposure, deprecated, .mainActorAction { request in
            try handler(try request.typedValue(shape, as: R.self), request)
        }, typed: TypedDecoding(shape, R.self, parents: parents))
    }

    /// Registers an asynchronous action for a typed route.
    /// - Parameters:
    ///   - route: the route type.
    ///   - name: a name for URL generation; unique.
    ///   - exposure: who may reach it.
    ///   - deprecated: what replaces the route, when it is kept only for old links.
    ///   - handler: the action.
    public mutating func asyncAction<R: TypedRoute>(_ route: R.Type, name: String? = nil, exposure: Exposure = .internal,
                                                    deprecated: String? = nil, handler: @escaping @Sendable (R, RouteRequest) async throws -> Void) {
        let (shape, parents) = checkTyped(route)
        add(R.pattern, name, exposure, deprecated, .asyncAction { request in
            try await handler(try request.typedValue(shape, as: R.self), request)
        }, typed: TypedDecoding(shape, R.self, parents: parents))
    }

    /// Registers an object handler for a typed route: a `Sendable` value (a service).
    /// - Parameters:
    ///   - route: the route type.
    ///   - name: a name for URL generation; unique.
    ///   - exposure: who may reach it.
    ///   - deprecated: what replaces the route, when it is kept only for old links.
    ///   - handler: makes the object.
    public mutating func object<R: TypedRoute>(_ route: R.Type, name: String? = nil, exposure: Exposure = .internal,
                                               deprecated: String? = nil, handler: @escaping @Sendable (R, RouteRequest) throws -> any Sendable) {
        let (shape, parents) = checkTyped(route)
        add(R.pattern, name, exposure, deprecated, .object { request in
            try handler(try request.typedValue(shape, as: R.self), request)
        }, typed: TypedDecoding(shape, R.self, parents: parents))
    }

    /// Registers a main-actor object handler for a typed route: a view controller.
    ///
    /// ```swift
    /// routes.mainActorObject(BookRoute.self, exposure: .external) { book, _ in BookViewController(id: book.id) }
    /// // On the main actor:
    /// let screen = router.object(for: BookRoute(id: 42), as: UIViewController.self)
    /// ```
    /// - Parameters:
    ///   - route: the route type.
    ///   - name: a name for URL generation; unique.
    ///   - exposure: who may reach it.
    ///   - deprecated: what replaces the route, when it is kept only for old links.
    ///   - handler: makes the object on the main actor.
    public mutating func mainActorObject<R: TypedRoute>(_ route: R.Type, name: String? = nil, exposure: Exposure = .internal,
                                                        deprecated: String? = nil, handler: @escaping @MainActor @Sendable (R, RouteRequest) throws -> Any) {
        let (shape, parents) = checkTyped(route)
        add(R.pattern, name, exposure, deprecated, .mainActorObject { request in
            let value = try request.typedValue(shape, as: R.self)
            return (try handler(value, request), value)
        }, typed: TypedDecoding(shape, R.self, parents: parents))
    }

    /// Registers an asynchronous object handler for a typed route.
    /// - Parameters:
    ///   - route: the route type.
    ///   - name: a name for URL generation; unique.
    ///   - exposure: who may reach it.
    ///   - deprecated: what replaces the route, when it is kept only for old links.
    ///   - handler: makes the object.
    public mutating func asyncObject<R: TypedRoute>(_ route: R.Type, name: String? = nil, exposure: Exposure = .internal,
                                                    deprecated: String? = nil, handler: @escaping @Sendable (R, RouteRequest) async throws -> any Sendable) {
        let (shape, parents) = checkTyped(route)
        add(R.pattern, name, exposure, deprecated, .asyncObject { request in
            try await handler(try request.typedValue(shape, as: R.self), request)
        }, typed: TypedDecoding(shape, R.self, parents: parents))
    }

    /// Checks `route` against its pattern and records each mismatch as a problem.
    /// - Returns: the type's shape, and the parents of the value registration made from
    ///   placeholders.
    private mutating func checkTyped<R: TypedRoute>(_ route: R.Type) -> (TypedRouteShape, ParentChain) {
        let shape = TypedRouteShape.of(route)
        let outcome = TypedRouteCheck.outcome(of: route, shape: shape)
        for problem in outcome.problems {
            typeProblems.append(.typedRoute(problem, pattern: shape.patternText, module: moduleName))
        }
        return (shape, outcome.parents)
    }
}
