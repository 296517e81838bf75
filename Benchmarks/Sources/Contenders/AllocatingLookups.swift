import PatternMatcher

/// The lookups of the matcher that allocate, each at its documented count (the module's
/// "What a lookup costs" and SECURITY.md): the benchmarks gate each count exactly, so that
/// one allocation more, or one fewer, fails CI until the documentation says so.
public struct AllocatingLookup: Sendable {
    public let name: String
    /// Allocations one lookup makes, as documented; its threshold file in `Thresholds/` holds the
    /// same count, which the suite gates exactly.
    public let allocations: Int
    let table: RouteTable<Int>
    let url: String
    let expected: Int

    /// One lookup; the route found, or -1.
    public func lookup() -> Int {
        if case .matched(let match) = table.match(url) { return match.value }
        return -1
    }

    /// Whether the lookup finds the route it is built to find.
    public var findsItsRoute: Bool { lookup() == expected }

    public static func all() throws -> [AllocatingLookup] {
        try [longEscapedURL(), deepURL(), escapedConverterSegment()]
    }

    /// A full search of a URL over 1,024 bytes with a `%` in its path decodes into one heap buffer.
    static func longEscapedURL() throws -> AllocatingLookup {
        let table = try build(["reader://search/:query", "reader://search/**rest"])
        let url = "reader://search/" + String(repeating: "a%20", count: 300)
        return AllocatingLookup(name: "escaped URL over 1,024 bytes", allocations: 1, table: table, url: url, expected: 0)
    }

    /// A full search of a URL of more than 29 segments, in a table whose deepest pattern has more
    /// than 31, keeps its frames in one heap buffer.
    static func deepURL() throws -> AllocatingLookup {
        let deep = "reader://deep/" + (1...40).map { "s\($0)" }.joined(separator: "/")
        let table = try build([deep, "reader://deep/**rest"])
        // Diverges at the last segment: the search backtracks to the catch-all.
        let url = "reader://deep/" + (1...39).map { "s\($0)" }.joined(separator: "/") + "/other"
        return AllocatingLookup(name: "URL of 40 segments, table 41 deep", allocations: 1, table: table, url: url, expected: 1)
    }

    /// A declared converter tried on a percent-decoded segment longer than 15 bytes gets it as a
    /// new string (shorter strings are stored inline).
    static func escapedConverterSegment() throws -> AllocatingLookup {
        var builder = RouteTableBuilder<Int>()
        builder.declare(Slug(), owner: "Benchmarks")
        builder.add("reader://tag/<slug:name>", value: 0, owner: "Benchmarks")
        let table = try builder.build()
        return AllocatingLookup(name: "declared converter on an escaped segment", allocations: 1,
                                table: table, url: "reader://tag/swift%2Dconcurrency%2Drouting", expected: 0)
    }

    static func build(_ patterns: [String]) throws -> RouteTable<Int> {
        var builder = RouteTableBuilder<Int>()
        for (index, pattern) in patterns.enumerated() { builder.add(pattern, value: index, owner: "Benchmarks") }
        return try builder.build()
    }

    /// Lowercase ASCII letters, digits and dashes.
    struct Slug: ParameterConverter {
        var name: String { "slug" }
        func accepts(_ text: Substring) -> Bool {
            !text.isEmpty && text.utf8.allSatisfy { ($0 >= 0x61 && $0 <= 0x7A) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2D }
        }
    }
}
