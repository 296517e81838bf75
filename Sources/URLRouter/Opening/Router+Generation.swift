import PatternMatcher

extension Router {
    /// Writes the URL for a registered route, named by its route name or its pattern
    /// (Matching rules, "Generating URLs"); matching the result opens that route with exactly these parameters.
    ///
    /// ```swift
    /// try router.url(for: "book", parameters: ["id": "42"])                 // by name
    /// try router.url(for: "reader://book/<int:id>", parameters: ["id": "42"]) // by pattern
    /// ```
    /// - Throws: ``GenerationError`` when no such route is registered, or a value is
    ///   missing, empty or rejected by its converter.
    public func url(for nameOrPattern: String, parameters: [String: String] = [:]) throws(GenerationError) -> String {
        let snapshot = current
        if let index = snapshot.names[nameOrPattern] {
            return try snapshot.all.url(for: snapshot.routes[index].info.pattern, parameters: parameters)
        }
        return try snapshot.all.url(for: nameOrPattern, parameters: parameters)
    }

    /// Writes the URL for a route from values given in the order of its parameters
    /// (MGJRouter's `generateURLWithPattern:parameters:`).
    ///
    /// ```swift
    /// try router.url(for: "reader://user/:id/book/:book", values: ["7", "42"])  // "reader://user/7/book/42"
    /// ```
    /// - Throws: ``GenerationError`` when the route is unknown, a value is missing, empty or
    ///   rejected; extra values are an error too, so a mistake is never silently dropped.
    public func url(for nameOrPattern: String, values: [String]) throws(GenerationError) -> String {
        let snapshot = current
        let pattern = snapshot.names[nameOrPattern].map { snapshot.routes[$0].info.pattern } ?? nameOrPattern
        return try snapshot.all.url(for: pattern, values: values)
    }
}
