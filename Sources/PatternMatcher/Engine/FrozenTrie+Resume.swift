// Resuming a search after a match it did not make: when a router's handler declines the
// best match, the next one is searched for from where the search found the best match,
// not from the start.
//
// The best match may have been decided by the direct walk, which keeps no frames. The
// search's state at a hit is fully given by the path from the root to the hit (each
// frame's node, and which child it took), and the matched route's own pattern spells
// that path: a literal, a typed parameter, an untyped one or a wildcard at each key
// position. So the frames are set along that path without trying anything else, each at
// the stage after the candidate it took (`Stage.after`): every alternative the depth-first
// search would have tried before the hit lies before it in that order, and the hit is the
// first match (or the one a resumed search found).

extension FrozenTrie {
    /// Puts the search, whose frames hold the URL's key segments, where it stood right after
    /// it found `found` (a match of this table for the same URL), so that ``advance(_:_:_:url:)``
    /// goes on to the next match.
    ///
    /// - Returns: the state to resume from; `nil` when `found` is not a match of this table
    ///   for this URL (the path its pattern spells does not exist in the frames given).
    /// - Complexity: O(d) for a pattern of d key positions, plus the pattern's parse.
    func resumePoint(after found: Found, frames: UnsafeMutablePointer<Frame>, capacity: Int) -> SearchState? {
        let route = Int(found.route)
        guard route >= 0, route < routes.count - 1,
              let pattern = try? RoutePattern(String(self.pattern(ofRoute: route)), converters: converterNames),
              pattern.hasScheme == found.parts.hasScheme else { return nil }
        var segments = pattern.segments[...]
        if found.viaCatchAll {
            guard segments.last?.isCatchAll == true else { return nil }
            segments = segments.dropLast()
        } else if pattern.isCatchAll {
            return nil
        }
        let depth = segments.count
        guard depth < capacity else { return nil }
        return withView { trie -> SearchState? in
            var node = pattern.hasScheme ? schemeRoot : pathRoot
            frames[0].node = node
            for (position, segment) in segments.enumerated() {
                let parent = trie.node(node)
                let isLiteral = if case .literal = segment.kind { true } else { false }
                // Only the pattern's own edge takes the segment in the replay, so the search
                // stood where the replay makes that edge's step.
                guard !frames[position].segment.has(.exhausted),
                      let child = edge(from: parent, taking: segment.kind),
                      let stage = Self.stage(after: .enter(child, capturing: !isLiteral), replaying: {
                          trie.nextStep(parent, stage: &$0, literal: { isLiteral ? child : nil },
                                        accepts: { $0.child == child })
                      }) else { return nil }
                frames[position].stage = stage
                if isLiteral {
                    frames[position].segment.flags.remove(.captured)
                } else {
                    frames[position].segment.flags.insert(.captured)
                }
                node = child
                frames[position + 1].node = child
            }
            // The hit itself, the route or the catch-all of the last node: no edge takes the
            // segment in the replay, so the first match it makes there is the one to find.
            let last = trie.node(node)
            let hit = SearchStep.found(found.route, viaCatchAll: found.viaCatchAll)
            let stage = frames[depth].segment.has(.exhausted)
                ? Self.stage(after: hit) { trie.nextStepAtKeyEnd(last, stage: &$0) }
                : Self.stage(after: hit) { trie.nextStep(last, stage: &$0, literal: { nil }, accepts: { _ in false }) }
            guard let stage else { return nil }
            frames[depth].stage = stage
            return SearchState(depth: depth, visited: depth + 1)
        }
    }

    /// The stage right after `next`, replayed from the first stage, makes `step`: where the
    /// search stood when it had made it. `nil` when `next` backtracks first.
    private static func stage(after step: SearchStep, replaying next: (inout Int32) -> SearchStep) -> Int32? {
        var stage = Stage.first
        while true {
            let made = next(&stage)
            if made == step { return stage }
            if made == .backtrack { return nil }
        }
    }

    /// The child of `node` along a pattern segment of `kind`, as the builder placed it. `nil`
    /// for a catch-all (it hangs off `node` itself) and when the trie has no such child.
    /// ``route(for:)`` follows patterns with it too.
    func edge(from node: TrieNode, taking kind: RoutePattern.Segment.Kind) -> Int32? {
        let extra = extra(of: node)
        switch kind {
        case .literal(let text):
            // Stored as the builder stored it: lowercased when paths fold (a scheme or host
            // literal is lowercased by the pattern itself).
            var key = options.caseInsensitivePaths ? text.lowercasedASCII() : text
            let child: Int32? = key.withUTF8 { key in
                withView { trie in
                    let base = key.baseAddress ?? UnsafePointer(bitPattern: 1)!
                    let word = Word.shortKey(base, min(key.count, 8), available: key.count, fold: false)
                    return trie.findLiteral(in: node, key: base, length: key.count, word: word, fold: false) {
                        Word.literalHash(word: word, base, key.count, fold: false)
                    }
                }
            }
            return child
        case .parameter(_, let converter?):
            for edge in typedEdges[extra.typedRange] where converterName(edge.converter) == converter {
                return edge.child
            }
            return nil
        case .parameter(_, nil), .wildcard:
            return node.hasParamChild ? node.paramChild : nil
        case .catchAll:
            return nil
        }
    }
}
