import PatternMatcher

/// Everything a handler receives about one open, each part kept apart (Matching rules, "Parameters and the query").
public struct RouteRequest: Sendable {
    /// The URL as opened.
    public let url: String
    /// The matched route: pattern, name, module and exposure.
    public let route: RouteInfo
    /// Where the open came from.
    public let source: OpenSource
    /// The caller's data (MGJRouter's `userInfo`), never mixed with URL parameters.
    public let userInfo: [String: any Sendable]
    /// The router that matched the URL, so that a handler can open another URL without
    /// keeping the router in global state (or capturing it, which would make a cycle).
    /// Held weakly: a request kept after its router is gone answers `nil`.
    public var router: Router? { routerReference }
    private weak var routerReference: Router?
    /// The caller's completion, if it passed one; call it through ``complete(_:)``.
    public let completion: RouteCompletion?
    let match: RouteMatch<Int>

    init(url: String, route: RouteInfo, source: OpenSource, userInfo: [String: any Sendable],
         router: Router, completion: RouteCompletion?, match: RouteMatch<Int>) {
        self.url = url
        self.route = route
        self.source = source
        self.userInfo = userInfo
        self.routerReference = router
        self.completion = completion
        self.match = match
    }

    /// The path parameters, decoded on read.
    public var parameters: PathParameters { match.parameters }

    /// The query items in order, duplicates kept.
    public var query: QueryItems { match.query }

    /// The decoded fragment, or `nil`.
    public var fragment: String? { match.fragment.map(String.init) }

    /// MGJRouter's single bag (Matching rules, "Parameters and the query"): query items first (the last duplicate wins), then
    /// the path parameters over them, then the router's own keys (`router.url`,
    /// `router.pattern`, `router.module`, `router.name`), so a query item can replace
    /// neither a path parameter nor the router's metadata.
    public var mergedParameters: [String: String] {
        var merged: [String: String] = [:]
        for item in query { merged[String(item.name)] = String(item.value) }
        for (name, value) in parameters { merged[String(name)] = String(value) }
        merged["router.url"] = url
        merged["router.pattern"] = route.pattern
        merged["router.module"] = route.module
        merged["router.name"] = route.name  // removes a query item's `router.name` when the route has no name
        return merged
    }

    /// The text of parameter `name`: the path parameter, or else the last query item of
    /// that name (the merged view's precedence).
    public func string(_ name: String) -> String? {
        if let value = parameters[name] { return String(value) }
        var last: Substring?
        for item in query where item.name == name { last = item.value }
        return last.map(String.init)
    }

    /// Parameter `name` as an `Int`, or `nil` when it is missing or not an integer.
    public func int(_ name: String) -> Int? { string(name).flatMap { Int($0) } }

    /// Parameter `name` as a `Double`, or `nil`.
    public func double(_ name: String) -> Double? { string(name).flatMap { Double($0) } }

    /// Parameter `name` converted to `type`, or an error that names the parameter and value.
    ///
    /// ```swift
    /// let id = try request.require("id", as: Int.self)
    /// ```
    public func require<Value: LosslessStringConvertible>(
        _ name: String, as type: Value.Type = String.self
    ) throws(ParameterError) -> Value {
        guard let text = string(name) else { throw ParameterError(name: name, value: nil, type: "\(type)", route: route) }
        guard let value = Value(text) else { throw ParameterError(name: name, value: text, type: "\(type)", route: route) }
        return value
    }

    /// Calls the caller's completion, if any, with `result`.
    public func complete(_ result: (any Sendable)? = nil) {
        completion?(result)
    }
}

/// A parameter a handler required is missing or does not convert.
public struct ParameterError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The parameter's name.
    public let name: String
    /// Its text, or `nil` when it is missing.
    public let value: String?
    /// The type it was asked as.
    public let type: String
    /// The route whose handler asked.
    public let route: RouteInfo

    public var description: String {
        if let value {
            return "parameter '\(name)' = '\(value)' is not a valid \(type) (route '\(route.pattern)')"
        }
        return "parameter '\(name)' is missing (route '\(route.pattern)')"
    }
}
