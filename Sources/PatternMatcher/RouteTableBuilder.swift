/// Collects routes, validates the whole table and freezes it into a ``RouteTable``.
///
/// Adding never traps and never fails; ``build()`` reports *every* invalid pattern and
/// *every* conflict at once, each naming its owner (the module that registered it).
///
/// ```swift
/// var builder = RouteTableBuilder<String>()
/// builder.add("reader://book/:id", value: "book detail", owner: "BookDetail")
/// builder.add("reader://shelf", value: "bookshelf", owner: "Bookshelf")
/// let table = try builder.build()
/// table.match("reader://book/42").match?.parameters["id"]   // "42"
/// ```
public struct RouteTableBuilder<Value: Sendable>: Sendable {
    /// How the built table reads URLs.
    public var options: MatchOptions
    @usableFromInline var patterns: [String] = []
    @usableFromInline var owners = OwnerList()
    @usableFromInline var values: [Value] = []
    /// The UTF-8 bytes of the added patterns, all together: what the table's text reserves.
    @usableFromInline var textBytes = 0
    private var converters: [(converter: any ParameterConverter, owner: String)] = []
    /// The table this builder adds routes to: its routes come first, already validated.
    private var base: RouteTable<Value>?

    /// Creates an empty builder.
    public init(options: MatchOptions = MatchOptions()) {
        self.options = options
    }

    /// A builder whose table holds `table`'s routes and the ones added to it. Building it
    /// parses and checks only the added routes (a conflict with a route of `table` is
    /// reported as any other), and lays out the whole table again.
    package init(extending table: RouteTable<Value>) {
        self.options = table.options
        self.base = table
    }

    /// The number of routes added so far.
    public var count: Int { (base?.count ?? 0) + patterns.count }

    /// Adds a route; problems with it are reported by ``build()``.
    /// - Parameters:
    ///   - pattern: the pattern, for example `reader://book/<int:id>`.
    ///   - value: what a match returns.
    ///   - owner: a tag naming who registered the route; errors quote it.
    @inlinable
    public mutating func add(_ pattern: String, value: Value, owner: String = "") {
        patterns.append(pattern)
        textBytes += pattern.utf8.count
        owners.append(owner)
        values.append(value)
    }

    /// Declares a converter that patterns may use as `<name:parameter>`.
    /// - Parameters:
    ///   - converter: the converter; its name must be new and not a built-in one.
    ///   - owner: who declared it; problems with it quote the owner.
    public mutating func declare(_ converter: some ParameterConverter, owner: String = "") {
        converters.append((converter, owner))
    }

    /// Validates every route and freezes the table.
    /// - Throws: ``RouteTableError`` listing every invalid pattern, every conflicting pair,
    ///   every unusable converter and a ``URLLimits/maxBytes`` above 65,535 in ``options``,
    ///   in an order that does not depend on registration.
    /// - Complexity: O(n) in the total length of the patterns.
    public func build() throws(RouteTableError) -> RouteTable<Value> {
        if let base, !converters.isEmpty || options != base.options {
            // New converters renumber the typed children: the whole table is built anew.
            return try Self.anew(base, adding: self).build()
        }
        if let base, patterns.isEmpty { return base }
        var problems = options.limits.tableProblems
        let (converters, converterOwners) = base.map { ($0.storage.converters, $0.storage.converterOwners) }
            ?? validatedConverters(&problems)
        var parser = PatternParser(converters: converters.map(\.name))
        var trie = base.map { TrieBuilder(thawing: $0.storage, adding: patterns.count, textBytes: textBytes) }
            ?? TrieBuilder(options: options, converters: converters, expectedRoutes: patterns.count, textBytes: textBytes)
        let (ownerNames, ownerNumbers) = owners.numbered(after: base?.storage.owners ?? [])
        let first = base?.count ?? 0
        // Inserting every valid pattern groups them by shape: two routes of the same shape
        // end on the same terminal slot (Matching rules, "Conflicts").
        for index in patterns.indices {
            let owner = owners.ofRoute[index]
            do throws(PatternError) {
                try trie.insert(patterns[index], route: Int32(first + index), owner: ownerNumbers[Int(owner)], parser: &parser)
            } catch {
                problems.append(.invalidPattern(error, owner: owners.names[Int(owner)]))
            }
        }
        problems += conflicts(trie.sameShape)
        guard problems.isEmpty else { throw RouteTableError(problems: problems) }
        // The values at their exact size: they grew by appending. Appended from buffers: this
        // code is not specialized, and appending an array made the runtime look its iterator up.
        var allValues: [Value] = []
        allValues.reserveCapacity(count)
        if let base { base.values.withUnsafeBufferPointer { allValues.append(contentsOf: $0) } }
        values.withUnsafeBufferPointer { allValues.append(contentsOf: $0) }
        return RouteTable(storage: trie.freeze(owners: ownerNames, converterOwners: converterOwners), values: allValues)
    }

    /// A builder of `base`'s routes and converters followed by `added`'s, which parses them all.
    private static func anew(_ base: RouteTable<Value>, adding added: Self) -> Self {
        var builder = Self(options: added.options)
        for route in base.routes { builder.add(String(route.pattern), value: route.value, owner: route.owner) }
        for (converter, owner) in zip(base.storage.converters, base.storage.converterOwners) {
            builder.declare(converter, owner: owner)
        }
        builder.converters += added.converters
        for index in added.patterns.indices {
            builder.add(added.patterns[index], value: added.values[index], owner: added.owners.names[Int(added.owners.ofRoute[index])])
        }
        return builder
    }

    /// The declared converters that can be used, sorted by name, and who declared each;
    /// a problem in `problems` for each one that cannot.
    private func validatedConverters(_ problems: inout [RouteTableError.Problem])
        -> (converters: [any ParameterConverter], owners: [String]) {
        var byName: [String: (converter: any ParameterConverter, owner: String)] = [:]
        // In name and owner order, so that which of two declarations is reported as the
        // second one does not depend on the order of declaration (Matching rules, "Which route wins").
        for (converter, owner) in converters.sorted(by: { ($0.converter.name, $0.owner) < ($1.converter.name, $1.owner) }) {
            let name = converter.name
            let utf8 = Array(name.utf8)
            if utf8.isEmpty || !ASCII.isNameStart(utf8[0]) || !utf8.dropFirst().allSatisfy(ASCII.isNameCharacter) {
                problems.append(.invalidConverter(name, owner: owner, reason: "a converter name is [A-Za-z_][A-Za-z0-9_]*"))
            } else if name == BuiltInConverter.plainType || BuiltInConverter(name: name) != nil {
                problems.append(.invalidConverter(name, owner: owner, reason: "the name is taken by a built-in converter"))
            } else if let first = byName[name] {
                let by = first.owner.isEmpty ? "" : " (first by \(first.owner))"
                problems.append(.invalidConverter(name, owner: owner, reason: "declared twice\(by)"))
            } else {
                byName[name] = (converter, owner)
            }
        }
        let declared = byName.keys.sorted().map { byName[$0]! }
        return (declared.map(\.converter), declared.map(\.owner))
    }

    /// One problem for each pattern that shares its shape with another (Matching rules,
    /// "Conflicts"): among the k patterns of one shape, the one whose text sorts first (in
    /// UTF-8 byte order, then by owner) is the reference, and each of the other k − 1 is
    /// reported once, paired with it, whatever the registration order.
    /// - Complexity: O(k log k) per shape, so registration stays linear in the number of
    ///   patterns however many share a shape.
    private func conflicts(_ sameShape: [Int32: [Int32]]) -> [RouteTableError.Problem] {
        var problems: [RouteTableError.Problem] = []
        for (first, others) in sameShape {
            let members = ([first] + others).map(route)
            let reference = members.indices.min { Self.sortsBefore(members[$0], members[$1]) }!
            let ref = members[reference]
            for (i, member) in members.enumerated() where i != reference {
                problems.append(.conflict(member.pattern, owner: member.owner, with: ref.pattern, otherOwner: ref.owner))
            }
        }
        return problems
    }

    /// The pattern and owner of route number `index`, the base table's routes first.
    private func route(_ index: Int32) -> (pattern: String, owner: String) {
        let first = base?.count ?? 0
        if let base, Int(index) < first {
            return (String(base.storage.pattern(ofRoute: Int(index))), base.storage.owner(ofRoute: Int(index)))
        }
        let local = Int(index) - first
        return (patterns[local], owners.names[Int(owners.ofRoute[local])])
    }

    /// Byte order of the pattern as written, then of the owner: the order that picks a
    /// shape's reference pattern.
    private static func sortsBefore(_ a: (pattern: String, owner: String), _ b: (pattern: String, owner: String)) -> Bool {
        if a.pattern != b.pattern { return a.pattern.utf8.lexicographicallyPrecedes(b.pattern.utf8) }
        return a.owner.utf8.lexicographicallyPrecedes(b.owner.utf8)
    }
}

extension RouteTableBuilder {
    /// How the literal edges of this builder's routes (after its base table's, when it
    /// extends one) sit in the hash table that ``build()`` inserts them through: the number
    /// of distinct home slots, and the longest run a probe walks. A clear-box view for tests
    /// that hold registration linear however many siblings one node has.
    @_spi(Testing)
    public func literalEdgeSlots() -> (homeSlots: Int, longestProbe: Int) {
        let converters = base?.storage.converters ?? self.converters.map(\.converter)
        var parser = PatternParser(converters: converters.map(\.name))
        var trie = base.map { TrieBuilder(thawing: $0.storage, adding: patterns.count, textBytes: textBytes) }
            ?? TrieBuilder(options: options, converters: converters, expectedRoutes: patterns.count, textBytes: textBytes)
        let first = base?.count ?? 0
        for index in patterns.indices {
            try? trie.insert(patterns[index], route: Int32(first + index), owner: 0, parser: &parser)
        }
        return trie.edgeSlotStatistics
    }
}

/// The owners of a builder's routes: each name once, and each route's number for it.
@usableFromInline
struct OwnerList: Sendable {
    private(set) var names: [String] = []
    private(set) var ofRoute: [Int32] = []
    private var numbers: [String: Int32] = [:]
    /// The number of the owner added last: a module adds its routes one after another.
    private var last: Int32 = -1

    @usableFromInline init() {}

    @usableFromInline
    mutating func append(_ owner: String) {
        if last >= 0, names[Int(last)] == owner {
            ofRoute.append(last)
            return
        }
        if let number = numbers[owner] {
            last = number
        } else {
            last = Int32(names.count)
            names.append(owner)
            numbers[owner] = last
        }
        ofRoute.append(last)
    }

    /// The owner names of a table whose first owners are `existing`, then these, each once;
    /// and each of these owners' number in it.
    func numbered(after existing: [String]) -> (names: [String], numbers: [Int32]) {
        guard !existing.isEmpty else { return (names, names.indices.map(Int32.init)) }
        var all = existing
        var index: [String: Int32] = [:]
        for (i, name) in existing.enumerated() { index[name] = Int32(i) }
        let numbers = names.map { name in
            if let number = index[name] { return number }
            all.append(name)
            return Int32(all.count - 1)
        }
        return (all, numbers)
    }
}
