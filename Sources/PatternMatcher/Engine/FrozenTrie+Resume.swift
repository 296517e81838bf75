// Resuming a search after a match it did not make: when a router's handler declines the
// best match, the next one is searched for from where the search found the best match,
// not from the start.
//
// The best match may have been decided by the direct walk, which keeps no frames. The
// search's state at a hit is fully given by the path from the root to the hit (each
// frame's node, and which child it took), and the matched route's own pattern spells
// that path: a literal, a typed parameter, an untyped one or a wildcard at each key
// position. So the frames are set along that path without trying anything else: every
// alternative the depth-first search would have tried before the hit lies before it in
// that order, and the hit is the first match (or the one a resumed search found).

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
        var node = pattern.hasScheme ? schemeRoot : pathRoot
        frames[0].node = node
        for (position, segment) in segments.enumerated() {
            guard !frames[position].segment.has(.exhausted),
                  let (child, stage, captures) = edge(from: nodes[Int(node)], taking: segment.kind) else { return nil }
            frames[position].stage = stage
            if captures {
                frames[position].segment.flags.insert(.captured)
            } else {
                frames[position].segment.flags.remove(.captured)
            }
            node = child
            frames[position + 1].node = child
        }
        let last = frames[depth].segment
        let extra = extra(of: nodes[Int(node)])
        if found.viaCatchAll {
            guard extra.catchAllRoute == found.route else { return nil }
            // The catch-all is tried last: after the route ending here (an exhausted key),
            // or after every child.
            frames[depth].stage = last.has(.exhausted)
                ? Stage.doneAtKeyEnd : Stage.done(typedCount: extra.typedCount)
        } else {
            guard last.has(.exhausted), nodes[Int(node)].route == found.route else { return nil }
            frames[depth].stage = Stage.catchAllAtKeyEnd
        }
        return SearchState(depth: depth, visited: depth + 1)
    }

    /// The child of `node` along a pattern segment of `kind`, as the builder placed it: the
    /// child, the frame stage that follows taking it in the search (``Stage``), and
    /// whether the edge records a range. `nil` for a catch-all (it hangs off `node` itself)
    /// and when the trie has no such child. ``route(for:)`` follows patterns with it too.
    func edge(from node: TrieNode, taking kind: RoutePattern.Segment.Kind)
        -> (child: Int32, stage: Int32, captures: Bool)? {
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
            return child.map { ($0, Stage.typed(0), false) }
        case .parameter(_, let converter?):
            for (index, edge) in typedEdges[extra.typedRange].enumerated() where converterName(edge.converter) == converter {
                return (edge.child, Stage.typed(Int32(index) + 1), true)
            }
            return nil
        case .parameter(_, nil), .wildcard:
            return node.hasParamChild ? (node.paramChild, Stage.catchAll(typedCount: extra.typedCount), true) : nil
        case .catchAll:
            return nil
        }
    }
}
