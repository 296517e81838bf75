extension RouteTable {
    /// Writes the URL for the registered route whose pattern is `pattern` (Matching rules, "Generating URLs").
    ///
    /// ```swift
    /// try table.url(for: "reader://book/:id", parameters: ["id": "42"])  // "reader://book/42"
    /// ```
    /// - Throws: ``GenerationError``: the route is not registered, or a value is missing,
    ///   empty or rejected by its converter.
    /// - Complexity: O(n) in the length of the pattern and the values.
    public func url(for pattern: String, parameters: [String: String]) throws(GenerationError) -> String {
        guard let (parsed, _) = storage.registeredRoute(pattern) else { throw .unknownRoute(pattern) }
        return try parsed.url(parameters: parameters, converters: storage.converters)
    }

    /// Writes the URL for the registered route whose pattern is `pattern` from values given
    /// in the order of its named parameters (MGJRouter's `generateURLWithPattern:parameters:`).
    ///
    /// ```swift
    /// try table.url(for: "reader://user/:id/book/:book", values: ["7", "42"])  // "reader://user/7/book/42"
    /// ```
    /// - Throws: ``GenerationError``: the route is not registered, a value is missing,
    ///   empty or rejected, or more values are given than the pattern has parameters.
    public func url(for pattern: String, values: [String]) throws(GenerationError) -> String {
        guard let (parsed, _) = storage.registeredRoute(pattern) else { throw .unknownRoute(pattern) }
        let names = parsed.parameterNames
        guard values.count <= names.count else { throw .tooManyValues(values.count, expected: names.count, pattern: pattern) }
        var parameters: [String: String] = [:]
        for (name, value) in zip(names, values) { parameters[name] = value }
        return try parsed.url(parameters: parameters, converters: storage.converters)
    }

    /// The index of the route registered with exactly this pattern text, if any.
    public func routeIndex(forPattern pattern: String) -> Int? {
        storage.registeredRoute(pattern)?.route
    }
}

extension FrozenTrie {
    /// `text` parsed against this table's converters, and the route registered with exactly
    /// that text, if there is one.
    func registeredRoute(_ text: String) -> (pattern: RoutePattern, route: Int)? {
        guard let pattern = try? RoutePattern(text, converters: converterNames),
              let route = route(for: pattern),
              self.pattern(ofRoute: route) == text
        else { return nil }
        return (pattern, route)
    }

    /// The route with the same shape as `pattern`, found by walking the trie.
    func route(for pattern: RoutePattern) -> Int? {
        var node = nodes[Int(pattern.hasScheme ? schemeRoot : pathRoot)]
        for segment in pattern.segments {
            if case .catchAll = segment.kind {
                let extra = extra(of: node)
                return extra.hasCatchAll ? Int(extra.catchAllRoute) : nil
            }
            guard let child = edge(from: node, taking: segment.kind) else { return nil }
            node = nodes[Int(child)]
        }
        return node.hasRoute ? Int(node.route) : nil
    }
}
