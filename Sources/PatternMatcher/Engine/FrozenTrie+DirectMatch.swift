// The lookup's first attempt: one pass that scans each key segment only when the descent
// reaches it, and compares it while its bytes are still in registers.
//
// At every node it takes the first candidate that takes the segment, through the same
// `TrieView.nextStep` as the full search, from the first stage. If that walk ends on a
// node whose first candidate at the key's end is its route, the full search would have
// found the same route first: its depth-first order tries exactly these candidates before
// any other. If the walk fails and passed no other candidate on its way, the full search
// would find nothing either. Anything else (a catch-all, a dead end with candidates behind
// it, a `%`, userinfo, a port, an IP literal) it leaves undecided, and the caller runs the
// full search from the start. So it decides the common cases, and always as the full
// search would.

/// Where the direct walk stands: the node reached, the nodes entered, the captures, the
/// path segments read, and whether it passed by anything the full search would take.
private struct DirectWalk {
    /// The node reached, by index: a whole ``TrieNode`` carried from segment to segment was
    /// copied at every step.
    var node: Int32
    /// The trie nodes entered, the root's included.
    var entered = 1
    var captures = CaptureBuffer()
    /// Whether a node on the way has a candidate after the one the walk took (which the full
    /// search would come back to on a dead end), or a catch-all took a segment (a match only
    /// the full search makes).
    var passedOthers = false
    var segments = 0
    var hasScheme = false
    /// The host's offsets, equal when there is none; where the path starts.
    var hostStart = 0
    var hostEnd = 0
    var pathStart = 0
}

/// Where a part of the direct walk (the scheme and host, the path) left off.
private enum WalkProgress {
    /// The part read the URL up to this offset; the walk goes on from there.
    case reached(Int)
    /// No child takes the key read up to this offset: the walk stops there.
    case stuck(at: Int)
    /// Something only the full search handles (an escape, userinfo, a port, an IP literal).
    case undecided
}

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
        guard count > 0, count <= options.limits.maxBytes,
              let base = bytes.baseAddress else { return nil }
        let input = MatchInput(bytes: base, scratch: nil, count: count, caseInsensitive: options.caseInsensitivePaths)
        // The trie's buffers are opened here rather than through `withView(_:)`: its closure,
        // passed on through four more, is not inlined, so every lookup paid for the calls.
        return nodes.withUnsafeBufferPointer { nodes in
        extras.withUnsafeBufferPointer { extras in
        literalBytes.withUnsafeBufferPointer { literalBytes in
        typedEdges.withUnsafeBufferPointer { typedEdges -> RawLookup? in
            let trie = TrieView(nodes: nodes, extras: extras, literalBytes: literalBytes, typedEdges: typedEdges)
            #if URLROUTER_INTERNAL_CHECKS
            trie._checkInvariants(of: self)
            #endif
            var walk = DirectWalk(node: pathRoot)
            var progress = walkSchemeAndHost(bytes, input, trie, &walk, url: url)
            if case .reached(let i) = progress {
                progress = walkPath(from: i, input, trie, &walk, url: url)
            }
            switch progress {
            case .reached(let i): return matched(walk, pathEnd: i, input, trie, visited: &visited)
            case .stuck(let i): return stopped(walk, at: i, input, visited: &visited)
            case .undecided: return nil
            }
        }}}}
    }

    /// Walks the scheme and the host, if the URL has them, compared folded (Matching
    /// rules, "From a URL to a route key").
    @inline(__always)
    private func walkSchemeAndHost(_ bytes: UnsafeBufferPointer<UInt8>, _ input: MatchInput, _ trie: TrieView,
                                   _ walk: inout DirectWalk, url: String) -> WalkProgress {
        guard let j = URLLayout.schemeEnd(bytes) else { return .reached(0) }
        let base = input.bytes, count = input.count
        walk.hasScheme = true
        walk.node = schemeRoot
        guard descend(&walk, 0, j, word: Word.shortKey(base, min(j, 8), available: count, fold: false),
                      schemeOrHost: true, input, trie, url: url) else { return .stuck(at: j &+ 1) }
        var i = j &+ 1
        guard i &+ 1 < count, base[i] == ASCII.slash, base[i &+ 1] == ASCII.slash else { return .reached(i) }
        i &+= 2
        let hostStart = i
        while i < count {
            let byte = base[i]
            if byte == ASCII.slash || byte == ASCII.question || byte == ASCII.hash { break }
            // Userinfo, a port, an escape or an IP literal: the full parse's business.
            if byte == ASCII.at || byte == ASCII.colon || byte == ASCII.percent
                || byte == ASCII.openBracket { return .undecided }
            i &+= 1
        }
        guard i > hostStart else { return .undecided }
        walk.hostStart = hostStart
        walk.hostEnd = i
        let length = i &- hostStart
        guard descend(&walk, hostStart, i, word: Word.shortKey(base + hostStart, min(length, 8),
                                                              available: count &- hostStart, fold: false),
                      schemeOrHost: true, input, trie, url: url) else { return .stuck(at: i) }
        return .reached(i)
    }

    /// Walks the path from `i`, a segment at a time, up to its end; the first word read of
    /// a segment is also its key word.
    @inline(__always)
    private func walkPath(from i: Int, _ input: MatchInput, _ trie: TrieView, _ walk: inout DirectWalk,
                          url: String) -> WalkProgress {
        let base = input.bytes, count = input.count
        var i = i
        walk.pathStart = i
        // One scan per segment, then one test of the byte that ended it: testing for the end
        // of the path before each segment read that byte a second time. A scan of the empty
        // run before the path's first `/` was work for nothing.
        while true {
            // The `/` that starts the path, and any repeated one, skipped without a scan.
            while i < count, base[i] == ASCII.slash { i &+= 1 }
            guard i < count else { return .reached(count) }
            let (end, word) = Word.scanSegment(base, count: count, from: i)
            // The end of the URL reads as a `/`: the loop then stops at the test above.
            let terminator = end < count ? base[end] : ASCII.slash
            // An escape: decoding is the full search's business. (Leaving here is only
            // early: the walk cannot step over a '%', and `stopped` refuses a rest with one.)
            if terminator == ASCII.percent { return .undecided }
            if end != i {
                walk.segments &+= 1
                guard descend(&walk, i, end, word: word, schemeOrHost: false, input, trie, url: url) else {
                    return .stuck(at: end)
                }
            }
            // A '?' or a '#': the path ends here.
            if terminator != ASCII.slash { return .reached(end) }
            i = end &+ 1
        }
    }

    /// The outcome when the walk has read the whole path up to `pathEnd`: the route of the
    /// node it reached, if that comes first at the key's end and the rest is plainly well
    /// formed.
    @inline(__always)
    private func matched(_ walk: DirectWalk, pathEnd: Int, _ input: MatchInput, _ trie: TrieView,
                         visited: inout Int) -> RawLookup? {
        let node = trie.node(walk.node)
        var stage = Stage.first
        switch trie.nextStepAtKeyEnd(node, stage: &stage) {
        case .found(_, viaCatchAll: false): break
        case .backtrack: return stopped(walk, at: pathEnd, input, visited: &visited)
        // A catch-all: its match is the full search's to make.
        default: return nil
        }
        guard walk.segments <= options.limits.maxPathSegments else { return nil }
        // Only a query and a fragment remain, valid without a '%'; with one, the full parse
        // checks them. Their offsets are noted on the way, so reading them never parses
        // the URL again.
        let count = input.count
        let (queryStart, fragmentStart, hasPercent) = URLLayout.queryAndFragment(input.bytes, count: count, pathEnd: pathEnd)
        guard !hasPercent else { return nil }
        visited = walk.entered
        let parts = URLParts(hostStart: walk.hostStart, hostEnd: walk.hostEnd, pathStart: walk.pathStart,
                             pathEnd: pathEnd, queryStart: queryStart, fragmentStart: fragmentStart,
                             count: count, hasScheme: walk.hasScheme, hasUserinfo: false)
        return .matched(Found(route: node.route, viaCatchAll: false, parts: parts, captures: walk.captures))
    }

    /// The outcome when the walk stops at `walk.node`, with the URL read up to `i`: no
    /// match, if nothing is left to try and the rest is plainly well formed; else undecided.
    @inline(__always)
    private func stopped(_ walk: DirectWalk, at i: Int, _ input: MatchInput, visited: inout Int) -> RawLookup? {
        guard !walk.passedOthers,
              plainRest(from: i, segments: walk.segments, input) else { return nil }
        visited = walk.entered
        return .notFound
    }

    /// Whether the URL is well formed without a closer look, given that it was read up to
    /// `i` with `segments` path segments counted: no `%` from `i` on (the walk stops at
    /// every one before), and not too many path segments in all.
    @inline(__always)
    private func plainRest(from i: Int, segments: Int, _ input: MatchInput) -> Bool {
        let base = input.bytes, count = input.count
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
        return segments <= options.limits.maxPathSegments
    }

    /// Moves the walk into the child the full search enters first for the key `start..<end`
    /// (the first of the node's candidates that takes it), or returns false when there is
    /// none to enter; `word` is the key's first eight bytes, zero-padded.
    @inline(__always)
    private func descend(_ walk: inout DirectWalk, _ start: Int, _ end: Int, word: UInt64, schemeOrHost: Bool,
                         _ input: MatchInput, _ trie: TrieView, url: String) -> Bool {
        let node = trie.node(walk.node)
        let length = end &- start
        let fold = input.caseInsensitive || schemeOrHost
        let key = input.bytes + start
        var stage = Stage.first
        let step = trie.nextStep(node, stage: &stage, literal: {
            let folded = fold ? Word.lowercasedASCII(word) : word
            return trie.findLiteral(in: node, key: key, length: length, word: folded, fold: fold,
                                    hash: { Word.literalHash(word: folded, key, length, fold: fold) })
        }, accepts: { edge in
            let segment = KeySegment(start: Int32(truncatingIfNeeded: start), end: Int32(truncatingIfNeeded: end),
                                     keyLength: Int32(truncatingIfNeeded: length), hash: 0,
                                     flags: schemeOrHost ? .schemeOrHost : [])
            return accepts(edge.converter, segment, input, url)
        })
        switch step {
        case .enter(let child, let capturing):
            if capturing { walk.captures.append(start: start, end: end) }
            if trie.offers(node, from: stage) { walk.passedOthers = true }
            walk.node = child
            walk.entered &+= 1
            return true
        case .found:
            // A catch-all takes the rest: a match only the full search makes.
            walk.passedOthers = true
            return false
        case .backtrack:
            return false
        }
    }
}
