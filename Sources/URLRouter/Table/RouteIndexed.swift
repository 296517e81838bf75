/// Values that some of a module's routes have (a typed route's decoding, its type), by the
/// route's index: in index order, found by a binary search. A module's routes are declared in
/// order, so appending keeps the order; a few words a value, and no hashing.
struct RouteIndexed<Value> {
    private(set) var indices: [Int32] = []
    private(set) var values: [Value] = []

    init() {}

    /// One value, of route 0: a single route's description.
    init(single value: Value?) {
        if let value { append(value, at: 0) }
    }

    var isEmpty: Bool { indices.isEmpty }

    /// Gives route `index` its value; `index` follows every index given before.
    mutating func append(_ value: Value, at index: Int) {
        precondition(indices.last.map { Int($0) < index } ?? true, "routes are given values in order")
        indices.append(Int32(index))
        values.append(value)
    }

    /// The value of route `index`, or `nil` when it has none.
    subscript(index: Int) -> Value? {
        guard let key = Int32(exactly: index) else { return nil }
        let position = indices.lowerBound(of: key)
        return position < indices.count && indices[position] == key ? values[position] : nil
    }

    /// The routes with a value, in index order.
    var all: Zip2Sequence<LazyMapSequence<[Int32], Int>, [Value]> {
        zip(indices.lazy.map { Int($0) }, values)
    }

    /// The same routes, each with its value transformed.
    func map<T>(_ transform: (Value) -> T) -> RouteIndexed<T> {
        var mapped = RouteIndexed<T>()
        mapped.indices = indices
        mapped.values = values.map(transform)
        return mapped
    }

    /// These values without route `index`'s, the later routes' indices one less.
    func removing(at index: Int) -> RouteIndexed {
        var result = RouteIndexed()
        for (i, value) in all where i != index { result.append(value, at: i < index ? i : i - 1) }
        return result
    }
}

extension RouteIndexed: Sendable where Value: Sendable {}
