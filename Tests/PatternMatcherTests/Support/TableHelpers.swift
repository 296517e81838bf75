import PatternMatcher

/// Builds a table whose values are the patterns themselves.
func makeTable(
    _ patterns: [String], options: MatchOptions = MatchOptions(),
    converters: [any ParameterConverter] = []
) throws -> RouteTable<String> {
    var builder = RouteTableBuilder<String>(options: options)
    for converter in converters { builder.declare(converter) }
    for pattern in patterns { builder.add(pattern, value: pattern) }
    return try builder.build()
}

/// What a lookup gave, in a form tests can compare: parameters compared by UTF-8 bytes,
/// because `String ==` treats NFC and NFD spellings as equal and Matching rules: URL to route key does not.
enum Outcome: Hashable, CustomStringConvertible {
    case matched(pattern: String, parameters: [String: [UInt8]])
    case notFound
    case malformed(MalformedURLError.Reason)

    static func match(_ pattern: String, _ parameters: [String: String] = [:]) -> Outcome {
        .matched(pattern: pattern, parameters: parameters.mapValues { Array($0.utf8) })
    }

    var description: String {
        switch self {
        case .matched(let pattern, let parameters):
            let shown = parameters.sorted { $0.key < $1.key }
                .map { "\($0.key): \(String(decoding: $0.value, as: UTF8.self).debugDescription)" }
            return "\(pattern) [\(shown.joined(separator: ", "))]"
        case .notFound: return "not found"
        case .malformed(let reason): return "malformed (\(reason))"
        }
    }
}

extension RouteMatch {
    var outcome: Outcome {
        .matched(pattern: String(pattern),
                 parameters: Dictionary(uniqueKeysWithValues: parameters.map { (String($0.name), Array($0.value.utf8)) }))
    }
}

extension MatchResult {
    var outcome: Outcome {
        switch self {
        case .matched(let match): match.outcome
        case .notFound: .notFound
        case .malformed(let error): .malformed(error.reason)
        }
    }
}

extension Array where Element == String {
    /// The texts as UTF-8 bytes, for comparisons that must not use canonical equivalence.
    var utf8Bytes: [[UInt8]] { map { [UInt8]($0.utf8) } }
}

/// All orderings of `elements` (Heap's algorithm).
func permutations<T>(of elements: [T]) -> [[T]] {
    var result: [[T]] = []
    var items = elements
    func generate(_ count: Int) {
        if count <= 1 {
            result.append(items)
            return
        }
        generate(count - 1)
        for i in 0..<(count - 1) {
            items.swapAt(count % 2 == 0 ? i : 0, count - 1)
            generate(count - 1)
        }
    }
    generate(items.count)
    return result
}
