// The lookup's first attempt: one pass that scans each key segment only when the descent
// reaches it, and compares it while its bytes are still in registers.
//
// At every node it takes the child the full search would try first (the literal, then
// the typed edges in order, then the parameter). If that walk ends on a node with a
// route, the full search would have found the same route first: its depth-first order
// tries exactly these children before any other. If the walk fails and passed no other
// child, typed edge or catch-all on its way, the full search would find nothing either.
// Anything else (a dead end with alternatives behind it, a `%`, userinfo, a port, an IP
// literal) it leaves undecided, and the caller runs the full search from the start. So
// it decides the common cases, and always as the full search would.

extension FrozenTrie {
    /// The outcome for the URL in `bytes` when one straight descent decides it (a match, or
    /// no match with nothing to backtrack to), else `nil`: the caller then runs the full
    /// search, which also reports a malformed URL.
    ///
    /// - Parameter visited: set to the number of trie nodes entered when the walk decides.
    /// - Complexity: O(n + d), n the URL's length and d its key segments; allocates nothing.
    @inline(__always)
    func directMatch(_ bytes: UnsafeBufferPointer<UInt8>, url: String, visited: inout Int) -> RawLookup? {
        let count = bytes.count
        guard count > 0, count <= min(options.limits.maxBytes, Int(Int32.max)),
              let base = bytes.baseAddress else { return nil }
        let caseInsensitive = options.caseInsensitivePaths
        let maxSegments = options.limits.maxPathSegments
        return nodes.withUnsafeBufferPointer { nodes in
        extras.withUnsafeBufferPointer { extras in
        literalBytes.withUnsafeBufferPointer { literalBytes in
        typedEdges.withUnsafeBufferPointer { typedEdges -> RawLookup? in
            let literals = literalBytes.baseAddress ?? UnsafePointer(bitPattern: 1)!

            /// The child of `node` the full search tries first for the key `start..<end`,
            /// whether its edge captures the key, and whether the node has children or a
            /// catch-all the search would try after it; `word` is the key's first eight
            /// bytes, zero-padded.
            @inline(__always)
            func firstChild(of node: TrieNode, _ start: Int, _ end: Int, word: UInt64,
                            schemeOrHost: Bool) -> (index: Int32, captures: Bool, passesOthers: Bool)? {
                let length = end &- start
                let fold = caseInsensitive || schemeOrHost
                let key = base + start
                if node.literalCount != 0 {
                    let folded = fold ? lowercasedASCII(word) : word
                    if let child = findLiteral(in: node, nodes, literals, key: key, length: length, word: folded,
                                               fold: fold, hash: { literalHash(word: folded, key, length, fold: fold) }) {
                        // A node's extra holds its typed edges and catch-all, if any.
                        return (child, false, node.paramChild >= 0 || node.extra >= 0)
                    }
                }
                if node.extra >= 0 {
                    let extra = extras[Int(node.extra)]
                    if extra.typedCount > 0 {
                        let segment = KeySegment(start: Int32(truncatingIfNeeded: start), end: Int32(truncatingIfNeeded: end),
                                                 keyLength: Int32(truncatingIfNeeded: length), hash: 0,
                                                 flags: schemeOrHost ? KeySegment.schemeOrHost : 0)
                        let input = MatchInput(bytes: base, scratch: nil, count: count, caseInsensitive: caseInsensitive)
                        for edge in typedEdges[Int(extra.typedStart)..<Int(extra.typedStart &+ extra.typedCount)]
                        where accepts(edge.converter, segment, input, url) {
                            return (edge.child, true, true)
                        }
                    }
                }
                return node.paramChild >= 0 ? (node.paramChild, true, node.extra >= 0) : nil
            }

            /// Where the descent stands: the node reached, the nodes entered, the captures,
            /// and whether it passed by anything the full search would backtrack to.
            struct Walk {
                var node: TrieNode
                var entered = 1
                var captures = CaptureBuffer()
                var passedOthers = false
            }
            var walk = Walk(node: nodes[Int(pathRoot)])
            /// Moves to the first child for the key `start..<end`, or returns false.
            @inline(__always)
            func descend(_ walk: inout Walk, _ start: Int, _ end: Int, word: UInt64, schemeOrHost: Bool) -> Bool {
                guard let (child, capturing, passesOthers) = firstChild(
                    of: walk.node, start, end, word: word, schemeOrHost: schemeOrHost) else { return false }
                if capturing { walk.captures.append(start: start, end: end) }
                if passesOthers { walk.passedOthers = true }
                walk.node = nodes[Int(child)]
                walk.entered &+= 1
                return true
            }

            /// Whether the URL is well formed without a closer look, given that it was read
            /// up to `i` with `segments` path segments counted: no `%` from `i` on (the walk
            /// stops at every one before), and not too many path segments in all.
            @inline(__always)
            func plainRest(from i: Int, segments: Int) -> Bool {
                var segments = segments
                var inSegment = false
                var inPath = true
                var j = i
                while j < count {
                    let byte = base[j]
                    if byte == ASCII.percent { return false }
                    if inPath {
                        if byte == ASCII.question || byte == ASCII.hash {
                            inPath = false
                        } else if byte == ASCII.slash {
                            inSegment = false
                        } else if !inSegment {
                            inSegment = true
                            segments &+= 1
                        }
                    }
                    j &+= 1
                }
                return segments <= maxSegments
            }

            /// The outcome when the walk stops at `walk.node`, with the URL read up to `i`:
            /// no match, if nothing is left to try and the rest is plainly well formed;
            /// else undecided.
            @inline(__always)
            func stopped(_ walk: Walk, at i: Int, segments: Int) -> RawLookup? {
                guard !walk.passedOthers, walk.node.extra < 0, plainRest(from: i, segments: segments) else { return nil }
                visited = walk.entered
                return .notFound
            }

            var i = 0
            var hasScheme = false
            var hostStart = 0
            var hostEnd = 0
            // The scheme and the host, compared folded (Matching rules, "From a URL to a route key").
            if let j = URLLayout.schemeEnd(bytes) {
                hasScheme = true
                walk.node = nodes[Int(schemeRoot)]
                guard descend(&walk, 0, j, word: shortKey(base, min(j, 8), available: count, fold: false),
                              schemeOrHost: true) else { return stopped(walk, at: j &+ 1, segments: 0) }
                i = j &+ 1
                if i &+ 1 < count, base[i] == ASCII.slash, base[i &+ 1] == ASCII.slash {
                    i &+= 2
                    hostStart = i
                    while i < count {
                        let byte = base[i]
                        if byte == ASCII.slash || byte == ASCII.question || byte == ASCII.hash { break }
                        // Userinfo, a port, an escape or an IP literal: the full parse's business.
                        if byte == ASCII.at || byte == ASCII.colon || byte == ASCII.percent
                            || byte == ASCII.openBracket { return nil }
                        i &+= 1
                    }
                    guard i > hostStart else { return nil }
                    hostEnd = i
                    let length = i &- hostStart
                    guard descend(&walk, hostStart, i, word: shortKey(base + hostStart, min(length, 8),
                                                               available: count &- hostStart, fold: false),
                                  schemeOrHost: true) else { return stopped(walk, at: i, segments: 0) }
                }
            }

            // The path, a segment at a time; the first word read of a segment is also its key word.
            let pathStart = i
            var segments = 0
            while true {
                while i < count, base[i] == ASCII.slash { i &+= 1 }
                if i == count || base[i] == ASCII.question || base[i] == ASCII.hash { break }
                let start = i
                let (end, word) = URLLayout.scanRun(base, count: count, from: i)
                i = end
                // An escape: decoding is the full search's business. (Leaving here is only
                // early: the walk cannot step over a '%', and `stopped` refuses a rest with one.)
                if i < count, base[i] == ASCII.percent { return nil }
                segments &+= 1
                guard descend(&walk, start, i, word: word, schemeOrHost: false) else {
                    return stopped(walk, at: i, segments: segments)
                }
            }
            guard walk.node.route >= 0 else { return stopped(walk, at: i, segments: segments) }
            guard segments <= maxSegments else { return nil }
            // Only a query and a fragment remain, valid without a '%'; with one, the full parse
            // checks them. Their offsets are noted on the way, so reading them never parses
            // the URL again. (Plain loops rather than `plainRest`: no path segment is left to
            // count, and the lookup's hot path is shorter without.)
            let pathEnd = i
            var queryStart = -1
            var fragmentStart = -1
            if i < count, base[i] == ASCII.question {
                i &+= 1
                queryStart = i
                while i < count, base[i] != ASCII.hash {
                    if base[i] == ASCII.percent { return nil }
                    i &+= 1
                }
            }
            if i < count {  // base[i] == '#'
                i &+= 1
                fragmentStart = i
                while i < count {
                    if base[i] == ASCII.percent { return nil }
                    i &+= 1
                }
            }
            visited = walk.entered
            let parts = URLParts(hostStart: hostStart, hostEnd: hostEnd, pathStart: pathStart, pathEnd: pathEnd,
                                 queryStart: queryStart, fragmentStart: fragmentStart,
                                 hasScheme: hasScheme, hasUserinfo: false)
            return .matched(Found(route: walk.node.route, viaCatchAll: false, parts: parts, captures: walk.captures))
        }}}}
    }
}
