/// The types of a typed route's parents, nearest first, read from a value of the type that
/// registration makes from placeholders (see <doc:Navigation>): what registration checks
/// (every parent type registered, no cycle, no chain deeper than the limit).
struct ParentChain: Sendable {
    /// A parent type: equal to another when it is the same type.
    struct Parent: Sendable, Hashable {
        /// The type, named only for a message.
        private let type: any TypedRoute.Type

        /// The plain name, for messages.
        var name: String { TypeName.plain(type) }
        /// The type's identity.
        var typeID: ObjectIdentifier { ObjectIdentifier(type) }

        init<P: TypedRoute>(of route: P) {
            type = P.self
        }

        static func == (a: Parent, b: Parent) -> Bool { a.typeID == b.typeID }
        func hash(into hasher: inout Hasher) { hasher.combine(typeID) }
    }

    /// The parents, nearest first, up to ``longest`` of them or to the first type seen again.
    let parents: [Parent]
    /// Whether the chain comes back to a value it passed through (the last entry of `parents`):
    /// a type may be its own parent (a folder in a folder), a value may not.
    let isCycle: Bool
    /// Whether a value could be made to read the chain from (a type registration cannot
    /// probe has no chain to check).
    let isKnown: Bool

    /// How far a chain is followed: past any limit a router may set.
    static let longest = 64

    /// The chain of `value`'s parents; unknown when there is no value.
    init(of value: (any TypedRoute)?) {
        guard let value else {
            (parents, isCycle, isKnown) = ([], false, false)
            return
        }
        var parents: [Parent] = []
        // A list searched in order, not a `Set<AnyHashable>`: making an `AnyHashable` of a type
        // the process has not seen scans every protocol conformance (see `TypeName`), and a
        // chain is short. `value` is not in it: most chains end after one parent, and the list
        // is made only for a chain that goes on.
        var seen: [any TypedRoute] = []
        var isCycle = false
        var next = value.parent
        while let parent = next, parents.count < Self.longest {
            parents.append(Parent(of: parent))
            guard !parent.isEqual(to: value), !seen.contains(where: { parent.isEqual(to: $0) }) else {
                isCycle = true
                break
            }
            next = parent.parent
            if next != nil { seen.append(parent) }
        }
        (self.parents, self.isCycle, self.isKnown) = (parents, isCycle, true)
    }
}

extension TypedRoute {
    /// Whether `other` is a value of this type, equal to this one.
    fileprivate func isEqual(to other: any TypedRoute) -> Bool {
        guard Swift.type(of: other) == Self.self, let other = other as? Self else { return false }
        return self == other
    }
}
