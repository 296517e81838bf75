/// The types of a typed route's parents, nearest first, read from a value of the type that
/// registration makes from placeholders (see <doc:Navigation>): what registration checks
/// (every parent type registered, no cycle, no chain deeper than the limit).
struct ParentChain: Sendable {
    /// A parent type, by the names registration and errors use.
    struct Parent: Sendable, Hashable {
        /// The module-qualified name, as ``RouteInfo/typedRoute`` gives it.
        let qualifiedName: String
        /// The plain name, for messages.
        let name: String

        /// The names of `route`'s type, read from its shape: made once per type and kept,
        /// so a parent type that is registered is not named again.
        init<P: TypedRoute>(of route: P) {
            let shape = TypedRouteShape.of(P.self)
            (qualifiedName, name) = (shape.qualifiedTypeName, shape.typeName)
        }
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
    init<R: TypedRoute>(of value: R?) {
        guard let value else {
            (parents, isCycle, isKnown) = ([], false, false)
            return
        }
        var parents: [Parent] = []
        // A list searched in order, not a `Set<AnyHashable>`: making an `AnyHashable` of a type
        // the process has not seen scans every protocol conformance (see `TypeName`), and a
        // chain is short.
        var seen: [any TypedRoute] = [value]
        var isCycle = false
        var next = value.parent
        while let parent = next, parents.count < Self.longest {
            parents.append(Parent(of: parent))
            guard !seen.contains(where: { parent.isEqual(to: $0) }) else {
                isCycle = true
                break
            }
            seen.append(parent)
            next = parent.parent
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
