// The order in which a trie node's candidates are tried (Matching rules, "Which route
// wins"), written once: `TrieView.nextStep` inside the key, `TrieView.nextStepAtKeyEnd`
// past its end. Every lookup goes through them. The full search calls them from where each
// frame stands; the direct walk calls them from the first stage, and asks `offers` (which
// calls them too) whether it passed anything by; a resumed search replays them to find
// where each frame stood. So changing the precedence is changing those two functions, and
// the differential tests hold the three lookups to one another.

/// A position in the order of a node's candidates, as ``TrieView/nextStep(_:stage:literal:accepts:)``
/// and ``TrieView/nextStepAtKeyEnd(_:stage:)`` number them: what a search ``Frame`` tries
/// next.
enum Stage {
    /// Before the node's first candidate.
    static let first: Int32 = 0
}

/// What a lookup does next from one node.
enum SearchStep: Equatable {
    /// Enter `child`, the edge capturing the segment or not.
    case enter(Int32, capturing: Bool)
    /// A route matches here.
    case found(Int32, viaCatchAll: Bool)
    /// Nothing is left to try here: back to the node above.
    case backtrack
}

extension TrieView {
    /// The first of `node`'s candidates, from `stage` on, that takes the key segment; `stage`
    /// is left at the one after it, or past the last.
    ///
    /// The candidates are tried in this order, which the stages number: the literal child
    /// (0), the typed edges in their precedence order (1 through T, for T typed edges), the
    /// parameter child (T + 1), the catch-all (T + 2); T + 3 is past the last.
    ///
    /// - Parameters:
    ///   - literal: the literal child of `node` along the segment, if any; asked for only
    ///     when `node` has literal children.
    ///   - accepts: whether a typed edge of `node` takes the segment.
    @inline(__always)
    func nextStep(_ node: TrieNode, stage: inout Int32, literal: () -> Int32?,
                  accepts: (TypedEdge) -> Bool) -> SearchStep {
        if stage == 0 {
            stage = 1
            if !node.literals.isEmpty, let child = literal() { return .enter(child, capturing: false) }
        }
        let extra = extra(of: node)
        let typedCount = extra.typedCount
        while stage <= typedCount {
            let edge = typedEdge(Int(extra.typedStart + stage - 1))
            stage += 1
            if accepts(edge) { return .enter(edge.child, capturing: true) }
        }
        if stage == typedCount + 1 {
            stage += 1
            if node.hasParamChild { return .enter(node.paramChild, capturing: true) }
        }
        if stage == typedCount + 2 {
            stage += 1
            if extra.hasCatchAll { return .found(extra.catchAllRoute, viaCatchAll: true) }
        }
        return .backtrack
    }

    /// The first of `node`'s candidates, from `stage` on, once the key has ended above it:
    /// the route that ends at `node` (stage 0), then its catch-all, matching an empty rest
    /// (1); 2 is past the last. `stage` is left at the one after it.
    @inline(__always)
    func nextStepAtKeyEnd(_ node: TrieNode, stage: inout Int32) -> SearchStep {
        if stage == 0 {
            stage = 1
            if node.hasRoute { return .found(node.route, viaCatchAll: false) }
        }
        if stage == 1 {
            stage = 2
            let extra = extra(of: node)
            if extra.hasCatchAll { return .found(extra.catchAllRoute, viaCatchAll: true) }
        }
        return .backtrack
    }

    /// Whether `node` has a candidate from `stage` on that might take a key segment: what a
    /// lookup that took an earlier one would come back to on a dead end below. Answered by
    /// ``nextStep(_:stage:literal:accepts:)`` with every candidate taking the segment
    /// (which literal child would take it does not matter, so the block's first stands in).
    @inline(__always)
    func offers(_ node: TrieNode, from stage: Int32) -> Bool {
        var stage = stage
        if case .backtrack = nextStep(node, stage: &stage, literal: { node.literals.start }, accepts: { _ in true }) {
            return false
        }
        return true
    }
}
