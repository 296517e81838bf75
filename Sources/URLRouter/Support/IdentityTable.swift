/// Values by an object's or a type's identity, in an array sorted by address and searched by
/// halves. A table of a few hundred types (the typed routes' shapes, the types a router
/// registers) needs no hashing; and a `Dictionary` keyed by `ObjectIdentifier` makes the
/// runtime look up `ObjectIdentifier: Hashable` at the first one a process makes, which on
/// Linux scans every protocol conformance record (the launch table's first build paid it).
struct IdentityTable<Value> {
    private var keys: [UInt] = []
    private var values: [Value] = []

    init() {}

    /// The value kept for `id`, or `nil`.
    subscript(id: ObjectIdentifier) -> Value? {
        let (index, found) = position(of: UInt(bitPattern: id))
        return found ? values[index] : nil
    }

    /// Keeps `value` for `id`, in place of any kept before.
    mutating func keep(_ value: Value, for id: ObjectIdentifier) {
        let key = UInt(bitPattern: id)
        let (index, found) = position(of: key)
        if found {
            values[index] = value
        } else {
            keys.insert(key, at: index)
            values.insert(value, at: index)
        }
    }

    /// The value kept for `id`; `made` is kept and returned when there is none (of two
    /// threads that made one at once, the first to keep it wins).
    mutating func keepFirst(_ made: Value, for id: ObjectIdentifier) -> Value {
        if let kept = self[id] { return kept }
        keep(made, for: id)
        return made
    }

    /// Where `key` is, or where it would go.
    private func position(of key: UInt) -> (index: Int, found: Bool) {
        let index = keys.lowerBound(of: key)
        return (index, index < keys.count && keys[index] == key)
    }
}

extension IdentityTable: Sendable where Value: Sendable {}

extension Array where Element: Comparable {
    /// In an array sorted in ascending order, the first position whose element is not below
    /// `key` (where `key` is, or where it would go), found by halves: the search of
    /// ``IdentityTable`` and ``RouteIndexed``.
    func lowerBound(of key: Element) -> Int {
        var low = 0
        var high = count
        while low < high {
            let middle = (low + high) / 2
            if self[middle] < key { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
