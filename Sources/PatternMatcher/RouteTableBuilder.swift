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
    private var entries: [Entry] = []
    private var converters: [(converter: any ParameterConverter, owner: String)] = []

    private struct Entry: Sendable {
        var pattern: String
        var value: Value
        var owner: String
    }

    /// Creates an empty builder.
    public init(options: MatchOptions = MatchOptions()) {
        self.options = options
    }

    /// The number of routes added so far.
    public var count: Int { entries.count }

    /// Adds a route; problems with it are reported by ``build()``.
    /// - Parameters:
    ///   - pattern: the pattern, for example `reader://book/<int:id>`.
    ///   - value: what a match returns.
    ///   - owner: a tag naming who registered the route; errors quote it.
    public mutating func add(_ pattern: String, value: Value, owner: String = "") {
        entries.append(Entry(pattern: pattern, value: value, owner: owner))
    }

    /// Declares a converter that patterns may use as `<name:parameter>`.
    /// - Parameters:
    ///   - converter: the converter; its name must be new and not a built-in one.
    ///   - owner: who declared it; problems with it quote the owner.
    public mutating func declare(_ converter: some ParameterConverter, owner: String = "") {
        converters.append((converter, owner))
    }

    /// Validates every route and freezes the table.
    /// - Throws: ``RouteTableError`` listing every invalid pattern, every conflicting pair
    ///   and every unusable converter, in an order that does not depend on registration.
    /// - Complexity: O(n) in the total length of the patterns.
    public func build() throws(RouteTableError) -> RouteTable<Value> {
        var problems: [RouteTableError.Problem] = []
        let converters = validatedConverters(&problems)
        let names = Set(converters.map(\.name))

        var parsed: [RoutePattern?] = []
        parsed.reserveCapacity(entries.count)
        for entry in entries {
            do {
                parsed.append(try RoutePattern(entry.pattern, converters: names))
            } catch {
                problems.append(.invalidPattern(error, owner: entry.owner))
                parsed.append(nil)
            }
        }
        // Inserting every valid pattern groups them by shape: two routes of the same shape
        // end on the same terminal slot (Matching rules, "Conflicts").
        var trie = TrieBuilder(options: options, converters: converters, expectedRoutes: entries.count)
        for (index, pattern) in parsed.enumerated() {
            if let pattern { trie.insert(pattern, route: index, owner: entries[index].owner) }
        }
        problems += conflicts(trie.sameShape)
        guard problems.isEmpty else { throw RouteTableError(problems: problems) }
        return RouteTable(storage: trie.freeze(), values: entries.map(\.value))
    }

    private func validatedConverters(_ problems: inout [RouteTableError.Problem]) -> [any ParameterConverter] {
        var byName: [String: (converter: any ParameterConverter, owner: String)] = [:]
        // In name and owner order, so that which of two declarations is reported as the
        // second one does not depend on the order of declaration (Matching rules, "Which route wins").
        for (converter, owner) in converters.sorted(by: { ($0.converter.name, $0.owner) < ($1.converter.name, $1.owner) }) {
            let name = converter.name
            let utf8 = Array(name.utf8)
            if utf8.isEmpty || !ASCII.isNameStart(utf8[0]) || !utf8.dropFirst().allSatisfy(ASCII.isNameCharacter) {
                problems.append(.invalidConverter(name, owner: owner, reason: "a converter name is [A-Za-z_][A-Za-z0-9_]*"))
            } else if name == "string" || BuiltInConverter(name: Substring(name)) != nil {
                problems.append(.invalidConverter(name, owner: owner, reason: "the name is taken by a built-in converter"))
            } else if let first = byName[name] {
                let by = first.owner.isEmpty ? "" : " (first by \(first.owner))"
                problems.append(.invalidConverter(name, owner: owner, reason: "declared twice\(by)"))
            } else {
                byName[name] = (converter, owner)
            }
        }
        return byName.keys.sorted().map { byName[$0]!.converter }
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
            let members = ([first] + others).map { entries[Int($0)] }
            let reference = members.indices.min { Self.sortsBefore(members[$0], members[$1]) }!
            let ref = members[reference]
            for (i, member) in members.enumerated() where i != reference {
                problems.append(.conflict(member.pattern, owner: member.owner, with: ref.pattern, otherOwner: ref.owner))
            }
        }
        return problems
    }

    /// Byte order of the pattern as written, then of the owner: the order that picks a
    /// shape's reference pattern.
    private static func sortsBefore(_ a: Entry, _ b: Entry) -> Bool {
        if a.pattern != b.pattern { return a.pattern.utf8.lexicographicallyPrecedes(b.pattern.utf8) }
        return a.owner.utf8.lexicographicallyPrecedes(b.owner.utf8)
    }
}
