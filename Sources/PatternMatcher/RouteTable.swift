/// An immutable, thread-safe route table: built once by ``RouteTableBuilder``, then
/// matched from any thread without locks.
///
/// ```swift
/// var builder = RouteTableBuilder<String>()
/// builder.add("reader://book/<int:id>", value: "detail")
/// builder.add("reader://book/:slug", value: "by slug")
/// let table = try builder.build()
///
/// switch table.match("reader://book/42?from=shelf") {
/// case .matched(let match):
///     match.value                  // "detail"
///     match.parameters["id"]       // "42"
///     match.query.first?.value     // "shelf"
/// case .notFound: break
/// case .malformed(let error): print(error)
/// }
/// ```
public struct RouteTable<Value: Sendable>: Sendable, CustomStringConvertible {
    @usableFromInline let storage: FrozenTrie
    @usableFromInline let values: [Value]

    init(storage: FrozenTrie, values: [Value]) {
        self.storage = storage
        self.values = values
    }

    /// The number of routes.
    public var count: Int { values.count }

    /// The options the table was built with.
    public var options: MatchOptions { storage.options }

    /// Every route in registration order: its pattern, owner and value.
    public var routes: [Route] {
        values.indices.map { Route(storage: storage, index: $0, value: values[$0]) }
    }

    /// One registered route.
    public struct Route: Sendable {
        let storage: FrozenTrie
        let index: Int
        /// The route's value.
        public let value: Value
        /// The pattern as it was written.
        public var pattern: Substring { storage.pattern(ofRoute: index) }
        /// The owner tag given when the route was added.
        public var owner: String { storage.owner(ofRoute: index) }
    }

    /// Finds the route for `url`, the most specific one when several match (Matching rules, "Which route wins").
    ///
    /// - Returns: `.matched` with the value and the captured parameters, `.notFound`, or
    ///   `.malformed` with the reason (Matching rules, "Malformed URLs").
    /// - Complexity: O(n + m), n the length of the URL and m the number of trie nodes on the
    ///   way; allocates nothing.
    @inlinable
    public func match(_ url: String) -> MatchResult<Value> {
        // Contiguous UTF-8 from here on (a bridged NSString is copied once): the match
        // keeps this string, and every later read uses it.
        let url = ContiguousUTF8.entering(url)
        var lookup = RawLookup.notFound
        storage.firstMatch(url, into: &lookup)
        return result(of: lookup, url)
    }

    /// A search's outcome for `url`, paired with the route's value. Inlined into the caller,
    /// which specializes it for its `Value` (the match it returns still holds the table's
    /// trie and the URL, retained).
    @inlinable
    func result(of lookup: RawLookup, _ url: String) -> MatchResult<Value> {
        if case .matched(let found) = lookup {
            return .matched(RouteMatch(value: values[Int(found.route)], raw: RawMatch(storage: storage, url: url, found: found)))
        }
        return unmatched(lookup, url)
    }

    /// The outcome of a search that found no route, out of line: with it inline, the
    /// caller's code held all three cases and every lookup ran longer.
    @inlinable @inline(never)
    func unmatched(_ lookup: RawLookup, _ url: String) -> MatchResult<Value> {
        switch lookup {
        case .matched: preconditionFailure("a match is not unmatched")
        case .notFound: .notFound
        case .malformed(let problem): .malformed(problem.error(for: url, limits: options.limits))
        }
    }

    /// Every route that matches `url`, best first: what a router tries, in order, when a
    /// handler declines.
    /// - Complexity: enumerating all matches visits each trie node at most once.
    public func matches(_ url: String) -> MatchSequence<Value> {
        MatchSequence(table: self, url: ContiguousUTF8.entering(url))
    }

    /// The routes that match `match`'s URL after `match`, in precedence order: what a
    /// router tries when the handler of `match` declines. The search resumes where it found
    /// `match` instead of starting again, so each trie node is still entered at most once
    /// over the best match and all that follow.
    ///
    /// ```swift
    /// if case .matched(let best) = table.match(url), !handle(best) {
    ///     for match in table.matches(after: best) {
    ///         if handle(match) { break }
    ///     }
    /// }
    /// ```
    ///
    /// - Parameter match: a match this table returned; a match of another table yields
    ///   nothing.
    /// - Complexity: O(n + d) to set up, n the URL's length and d the key positions of
    ///   `match`'s pattern; then as ``matches(_:)``.
    public func matches(after match: RouteMatch<Value>) -> MatchSequence<Value> {
        matches(after: match.raw)
    }

    /// ``matches(after:)-(RouteMatch<Value>)`` for a match kept without its value.
    package func matches(after match: RawMatch) -> MatchSequence<Value> {
        guard match.storage === storage else { return MatchSequence(table: self, url: match.url, start: .nowhere) }
        return MatchSequence(table: self, url: match.url, start: .after(match.found))
    }

    public var description: String { storage.treeDescription() }
}

/// The outcome of matching one URL.
@frozen
public enum MatchResult<Value: Sendable>: Sendable {
    /// A route matched.
    case matched(RouteMatch<Value>)
    /// The URL is well formed, but no route matches it.
    case notFound
    /// The URL is malformed (Matching rules, "Malformed URLs") and was not matched.
    case malformed(MalformedURLError)

    /// The match, if there is one.
    @inlinable
    public var match: RouteMatch<Value>? {
        if case .matched(let match) = self { return match }
        return nil
    }
}

extension RouteTable {
    /// ``match(_:)`` as a string bridged from an `NSString` goes through it: copied once to
    /// contiguous UTF-8 where it enters, and that copy kept in the match. Linux never makes
    /// such strings; this forces their path for tests.
    @_spi(Testing)
    public func match(bridging url: String) -> MatchResult<Value> {
        let url = ContiguousUTF8.copying(url)
        return result(of: storage.firstMatch(url), url)
    }

    /// ``matches(_:)`` through the bridged-string entry, as ``match(bridging:)``.
    @_spi(Testing)
    public func matches(bridging url: String) -> MatchSequence<Value> {
        MatchSequence(table: self, url: ContiguousUTF8.copying(url))
    }

    /// A clear-box view of a lookup for tests: the result and how many trie nodes the
    /// search entered.
    @_spi(Testing)
    public func matchCountingVisits(_ url: String) -> (result: MatchResult<Value>, visitedNodes: Int) {
        let (lookup, visited) = storage.firstMatchCountingVisits(url)
        return (result(of: lookup, url), visited)
    }

    /// The outcome of the one-pass direct walk alone, or `nil` when it leaves the URL to
    /// the full search: a clear-box view for tests that hold the two to the same answers.
    @_spi(Testing)
    public func matchByDirectWalk(_ url: String) -> MatchResult<Value>? {
        storage.firstMatchByDirectWalk(url).map { result(of: $0, url) }
    }

    /// The outcome of the full search alone, without the direct walk, for the same tests.
    @_spi(Testing)
    public func matchByFullSearch(_ url: String) -> MatchResult<Value> {
        result(of: storage.firstMatchByFullSearch(url), url)
    }

    /// The frozen trie's broken invariants, in words (empty for every table the builder
    /// makes); a build with `-DURLROUTER_INTERNAL_CHECKS` traps on any when it freezes.
    @_spi(Testing)
    public var invariantViolations: [String] { storage.invariantViolations() }

    /// Whether this build checks invariants as it runs (`-DURLROUTER_INTERNAL_CHECKS`).
    @_spi(Testing)
    public static var checksInvariants: Bool { FrozenTrie.checksInvariants }

    /// The number of nodes in the trie (not counting empty hash slots), for tests that
    /// bound the work of a lookup.
    @_spi(Testing)
    public var nodeCount: Int { storage.nodeCount }

    /// The bytes of heap the table holds: every array's capacity times its stride, the
    /// pattern text and owner names, and the values (not what they reference).
    @_spi(Testing)
    public var heapBytes: Int {
        func bytes<T>(_ array: [T]) -> Int { array.capacity * MemoryLayout<T>.stride }
        let s = storage
        return bytes(s.nodes) + bytes(s.extras) + bytes(s.literalBytes)
            + bytes(s.typedEdges) + bytes(s.routes) + bytes(s.captureSpecs) + bytes(s.owners)
            + s.patternText.utf8.count + s.owners.reduce(0) { $0 + $1.utf8.count }
            + bytes(values) + MemoryLayout<FrozenTrie>.size
    }
}
