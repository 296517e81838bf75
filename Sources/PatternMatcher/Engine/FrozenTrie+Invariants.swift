// Internal checks: the frozen trie's invariants, stated as code, and the direct walk held
// to the full search on every lookup it decides.
//
// Built with `-Xswiftc -DURLROUTER_INTERNAL_CHECKS` (as swift-collections does with
// COLLECTIONS_INTERNAL_CHECKS), a table checks its invariants when it is frozen and every
// lookup the direct walk decides is searched again the slow way; either trap on a
// disagreement. CI runs the tests and a fuzz smoke in that configuration. Release and
// debug builds without the flag pay nothing.

extension FrozenTrie {
    /// Whether this build checks the engine's invariants as it runs.
    static var checksInvariants: Bool {
        #if URLROUTER_INTERNAL_CHECKS
        true
        #else
        false
        #endif
    }

    /// Traps when the frozen trie breaks one of its invariants.
    func _checkInvariants() {
        let violations = invariantViolations()
        precondition(violations.isEmpty, "route table invariants broken:\n" + violations.prefix(20).joined(separator: "\n"))
    }

    /// Traps when the direct walk decided `url` otherwise than the full search does.
    func _checkDirectWalk(_ decided: RawLookup, url: String) {
        let full = firstMatchByFullSearch(url)
        precondition(decided.isSame(as: full), "the direct walk and the full search disagree on \(Echo.quotedURL(url))")
    }

    /// Every broken invariant, in words; empty for a well-formed table. What is checked:
    /// - the limits let in no URL longer than the two-byte offsets of a match span;
    /// - every index (roots, children, blocks, extras, typed edges, routes, literal bytes,
    ///   owners) points inside its array;
    /// - every node but the two roots has exactly one parent, and the roots none, so the
    ///   trie is a tree over all of `nodes` but a hash table's empty slots;
    /// - `nodeCount` is the number of records that are not empty slots;
    /// - every literal in a hash table is found by probing from its home slot (no empty
    ///   slot in between), so a lookup finds what the builder stored;
    /// - every route ends at exactly one node (as its route or its catch-all route);
    /// - route records are in pattern-text order and end at the sentinel, which ends
    ///   where the pattern text and the capture specs end.
    func invariantViolations() -> [String] {
        var tally = InvariantTally(nodes: nodes.count, routes: routes.count - 1)
        tally.check(tally.routeCount >= 0, "no sentinel route record")
        tally.check(options.limits.maxBytes <= URLLimits.largestTableMaxBytes,
                    "maxBytes \(options.limits.maxBytes) past the offsets a match keeps")
        let nodeRange = 0..<nodes.count
        tally.check(nodeRange.contains(Int(pathRoot)) && nodeRange.contains(Int(schemeRoot)) && pathRoot != schemeRoot,
                    "roots \(pathRoot), \(schemeRoot) out of \(nodes.count) nodes")
        guard tally.problems.isEmpty else { return tally.problems }
        for (index, node) in nodes.enumerated() {
            tallyNode(node, index: index, &tally)
        }
        tallyTree(&tally)
        tallyRouteRecords(&tally)
        return tally.problems
    }

    /// Checks one node's own fields, literal block and extra, counting the parents it
    /// gives its children and the routes that end at it.
    private func tallyNode(_ node: TrieNode, index: Int, _ tally: inout InvariantTally) {
        tally.check(node.hasLiteral || node.keyLength == TrieNode.none, "node \(index): key length \(node.keyLength)")
        if node.keyLength > 8 {
            tally.check(Int(node.key) + Int(node.keyLength) <= literalBytes.count,
                        "node \(index): literal bytes out of range")
        }
        tally.check(node.hasRoute ? node.route < tally.routeCount : node.route == TrieNode.none,
                    "node \(index): route \(node.route)")
        if node.hasRoute { tally.routeEnds(at: node.route) }
        if node.hasParamChild { tally.child(node.paramChild, of: index, "parameter child") }
        let block = node.literals
        guard block.start >= 0, block.range.upperBound <= nodes.count else {
            tally.check(false, "node \(index): literal block \(block.start)+\(block.slots)")
            return
        }
        for slot in block.range {
            if nodes[slot].hasLiteral {
                tally.parents[slot] += 1
            } else {
                tally.check(block.isHashed, "node \(index): an empty record \(slot) in a block that is not hashed")
                tally.emptySlots += 1
            }
        }
        if block.isHashed { tally.problems += hashProblems(of: node, index: index) }
        if node.hasExtra { tallyExtra(of: node, index: index, &tally) }
    }

    /// Checks the extra of `node`: its catch-all route, typed edges and their converters.
    private func tallyExtra(of node: TrieNode, index: Int, _ tally: inout InvariantTally) {
        guard node.extra < extras.count else {
            tally.check(false, "node \(index): extra \(node.extra)")
            return
        }
        let extra = extras[Int(node.extra)]
        tally.check(extra.hasCatchAll ? extra.catchAllRoute < tally.routeCount : extra.catchAllRoute == TrieNode.none,
                    "node \(index): catch-all route \(extra.catchAllRoute)")
        if extra.hasCatchAll { tally.routeEnds(at: extra.catchAllRoute) }
        let typed = extra.typedRange
        guard typed.lowerBound >= 0, typed.upperBound <= typedEdges.count else {
            tally.check(false, "node \(index): typed edges \(typed)")
            return
        }
        for edge in typedEdges[typed] {
            tally.check(edge.converter >= 0 && Int(edge.converter) < 3 + converters.count,
                        "node \(index): converter \(edge.converter)")
            tally.child(edge.child, of: index, "typed child")
        }
    }

    /// Checks that the parents counted make a tree (every node but the roots and the empty
    /// slots has one parent), that `nodeCount` counts the rest, and that every route ends once.
    private func tallyTree(_ tally: inout InvariantTally) {
        for (index, count) in tally.parents.enumerated() {
            let isRoot = index == Int(pathRoot) || index == Int(schemeRoot)
            let isEmptySlot = !nodes[index].hasLiteral && count == 0 && !isRoot
            if isRoot {
                tally.check(count == 0, "root \(index) has a parent")
            } else if !isEmptySlot {
                tally.check(count == 1, "node \(index) has \(count) parents")
            }
        }
        let emptySlots = tally.emptySlots
        tally.check(nodeCount == nodes.count - emptySlots,
                    "node count \(nodeCount), records \(nodes.count), empty slots \(emptySlots)")
        for (route, count) in tally.endings.enumerated() where count != 1 {
            tally.check(false, "route \(route) ends at \(count) nodes")
        }
    }

    /// Checks the route records: in order, with owners in range, and a sentinel that ends
    /// the pattern text and the capture specs.
    private func tallyRouteRecords(_ tally: inout InvariantTally) {
        for route in 0..<max(tally.routeCount, 0) {
            tally.check(routes[route].patternOffset <= routes[route + 1].patternOffset
                        && routes[route].capturesStart <= routes[route + 1].capturesStart,
                        "route \(route): records out of order")
            tally.check(routes[route].owner >= 0 && Int(routes[route].owner) < owners.count,
                        "route \(route): owner \(routes[route].owner)")
        }
        if let sentinel = routes.last {
            tally.check(Int(sentinel.patternOffset) == patternText.utf8.count
                        && Int(sentinel.capturesStart) == captureSpecs.count,
                        "the sentinel route record does not end the pattern text and the capture specs")
        }
    }

    /// The literals of `node`'s hash table that a probe from their home slot would miss.
    private func hashProblems(of node: TrieNode, index: Int) -> [String] {
        let start = Int(node.literals.start), slots = Int(node.literals.slots)
        var problems: [String] = []
        for slot in 0..<slots {
            let child = nodes[start + slot]
            guard child.hasLiteral else { continue }
            let bytes = literalText(child)
            let hash = bytes.withUnsafeBufferPointer { buffer in
                Word.literalHash(word: child.keyLength <= 8 ? child.key : 0, buffer.baseAddress ?? UnsafePointer(bitPattern: 1)!,
                            bytes.count, fold: false)
            }
            var probe = Word.homeSlot(hash, slots: slots)
            while probe != slot {
                if !nodes[start + probe].hasLiteral {
                    problems.append("node \(index): the literal in slot \(slot) is past an empty slot from its home slot")
                    break
                }
                probe = probe + 1 == slots ? 0 : probe + 1
            }
        }
        return problems
    }
}

extension RawLookup {
    /// Whether two outcomes are the same: the same route with the same recorded ranges and URL parts, no
    /// match, or the same problem at the same place.
    func isSame(as other: RawLookup) -> Bool {
        switch (self, other) {
        case (.notFound, .notFound):
            return true
        case (.malformed(let a), .malformed(let b)):
            return a.reason == b.reason && a.offset == b.offset
        case (.matched(let a), .matched(let b)):
            return a.route == b.route && a.viaCatchAll == b.viaCatchAll && a.parts == b.parts
                && a.captures.recordsSame(as: b.captures)
        default:
            return false
        }
    }
}

/// What the invariant check has found so far: the problems, and the counts it checks once
/// every node is seen (each node's parents, each route's endings, the empty slots).
private struct InvariantTally {
    let routeCount: Int
    var problems: [String] = []
    var parents: [Int]
    var endings: [Int]
    var emptySlots = 0

    init(nodes: Int, routes: Int) {
        routeCount = routes
        parents = [Int](repeating: 0, count: nodes)
        endings = [Int](repeating: 0, count: max(routes, 0))
    }

    mutating func check(_ condition: Bool, _ message: @autoclosure () -> String) {
        if !condition { problems.append(message()) }
    }

    /// Counts an ending of `route`, when it is in range (the caller reports it otherwise).
    mutating func routeEnds(at route: Int32) {
        if route >= 0, route < routeCount { endings[Int(route)] += 1 }
    }

    /// Counts a parent of `child`, or reports it out of range.
    mutating func child(_ child: Int32, of index: Int, _ kind: String) {
        if child >= 0, Int(child) < parents.count {
            parents[Int(child)] += 1
        } else {
            check(false, "node \(index): \(kind) \(child)")
        }
    }
}
