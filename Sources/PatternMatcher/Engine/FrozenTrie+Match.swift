// The lookup: an iterative depth-first search over the trie, trying the candidates of each
// node in their order (Matching rules, "Which route wins"; written once, in Stage.swift),
// and backtracking when a deeper position fails. Its frames live in a stack buffer sized
// by the trie's depth, so a lookup allocates nothing, and every node is entered at most
// once, so the work is bounded by the size of the trie.

/// The key segment at one depth: where it lies in the URL and how to compare it.
struct KeySegment {
    /// What the search knows about a segment, in one byte.
    struct Flags: OptionSet {
        let rawValue: UInt8

        /// The key has no segment at this depth.
        static let exhausted = Flags(rawValue: 1)
        /// Key bytes were percent-decoded into the scratch buffer.
        static let decoded = Flags(rawValue: 2)
        /// Compared folded; captured lowercased.
        static let schemeOrHost = Flags(rawValue: 4)
        /// `hash` is valid.
        static let hashed = Flags(rawValue: 8)
        /// Holds '%': decode before comparing.
        static let hasPercent = Flags(rawValue: 16)
        /// The search left this depth by a non-literal edge.
        static let captured = Flags(rawValue: 32)
    }

    var start: Int32 = 0
    var end: Int32 = 0
    var keyLength: Int32 = 0
    var hash: UInt32 = 0
    var flags: Flags = []

    @inline(__always) func has(_ flag: Flags) -> Bool { flags.contains(flag) }
}

struct Frame {
    var node: Int32
    /// The candidate to try next (``Stage``): its position in the order of the node's
    /// candidates inside the key or, for an exhausted key, past its end.
    var stage: Int32
    /// The key segment this node's children consume; it depends only on the depth, so the
    /// URL parser writes it once and it stays while siblings are tried.
    var segment: KeySegment
}

/// Where a search stands, so that it can resume after a match to find the next one.
struct SearchState {
    var depth: Int
    var visited: Int
}

/// A route found by the search: the route, the depth of the frame that found it, and
/// whether it matched through its catch-all.
struct Hit {
    var route: Int32
    var depth: Int
    var viaCatchAll: Bool
}

/// The URL being matched, read through raw pointers for the length of one search step.
struct MatchInput {
    let bytes: UnsafePointer<UInt8>
    let scratch: UnsafeMutablePointer<UInt8>?
    /// The URL's length in bytes; the scratch buffer, when there is one, is as long.
    let count: Int
    let caseInsensitive: Bool

    @inline(__always)
    func keyBytes(_ segment: KeySegment) -> UnsafePointer<UInt8> {
        segment.has(.decoded)
            ? UnsafePointer(scratch! + Int(segment.start))
            : bytes + Int(segment.start)
    }

    @inline(__always)
    func folds(_ segment: KeySegment) -> Bool {
        caseInsensitive || segment.has(.schemeOrHost)
    }

    /// Percent-decodes a segment into the scratch buffer, at the segment's own offset
    /// (decoded text is never longer), the first time the search compares it.
    func decode(_ segment: inout KeySegment) {
        guard let scratch else { return }
        let length = PercentDecoding.decode(
            UnsafeBufferPointer(start: bytes, count: count),
            from: Int(segment.start), to: Int(segment.end), into: scratch + Int(segment.start))
        segment.keyLength = Int32(length)
        segment.flags.insert(.decoded)
    }
}

extension FrozenTrie {
    /// Runs the search from `state` until the next route matches, or the trie is exhausted:
    /// each frame tries its node's candidates from the stage it reached
    /// (``TrieView/nextStep(_:stage:literal:accepts:)``).
    func advance(_ state: inout SearchState, _ frames: UnsafeMutablePointer<Frame>, _ input: MatchInput,
                 url: String) -> Hit? {
        withView { trie in
            while state.depth >= 0 {
                let depth = state.depth
                let frame = frames + depth
                let node = trie.node(frame.pointee.node)
                if frame.pointee.segment.flags.intersection([.hasPercent, .decoded]) == .hasPercent {
                    input.decode(&frame.pointee.segment)
                }
                var stage = frame.pointee.stage
                let step = frame.pointee.segment.has(.exhausted)
                    ? trie.nextStepAtKeyEnd(node, stage: &stage)
                    : trie.nextStep(node, stage: &stage,
                                    literal: { literalChild(of: node, &frame.pointee.segment, input, trie) },
                                    accepts: { accepts($0.converter, frame.pointee.segment, input, url) })
                frame.pointee.stage = stage
                switch step {
                case .enter(let child, let capturing):
                    if capturing {
                        frame.pointee.segment.flags.insert(.captured)
                    } else {
                        frame.pointee.segment.flags.remove(.captured)
                    }
                    let next = depth + 1
                    frames[next].node = child
                    frames[next].stage = Stage.first
                    state.depth = next
                    state.visited += 1
                case .found(let route, let viaCatchAll):
                    return Hit(route: route, depth: depth, viaCatchAll: viaCatchAll)
                case .backtrack:
                    state.depth -= 1
                }
            }
            return nil
        }
    }

    /// The literal child of `node` along `segment`, hashing the segment (and keeping its
    /// hash in it for siblings tried later) only when the node's block is a hash table.
    @inline(__always)
    private func literalChild(of node: TrieNode, _ segment: inout KeySegment, _ input: MatchInput,
                              _ trie: TrieView) -> Int32? {
        let key = input.keyBytes(segment)
        let length = Int(segment.keyLength)
        let fold = input.folds(segment)
        // Scratch and URL bytes share offsets and size: both end at input.count.
        let word = length <= 8
            ? Word.shortKey(key, length, available: input.count - Int(segment.start), fold: fold) : 0
        return trie.findLiteral(in: node, key: key, length: length, word: word, fold: fold) {
            if segment.has(.hashed) { return segment.hash }
            let hash = Word.literalHash(word: word, key, length, fold: fold)
            segment.hash = hash
            segment.flags.insert(.hashed)
            return hash
        }
    }

    func accepts(_ converter: Int32, _ segment: KeySegment, _ input: MatchInput, _ url: String) -> Bool {
        let key = UnsafeBufferPointer(start: input.keyBytes(segment), count: Int(segment.keyLength))
        if converter < 3 {
            return BuiltInConverter(rawValue: Int(converter))!.accepts(key)
        }
        let custom = converters[Int(converter) - 3]
        if !segment.has(.decoded) && !segment.has(.schemeOrHost) {
            let utf8 = url.utf8
            let start = utf8.index(utf8.startIndex, offsetBy: Int(segment.start))
            let end = utf8.index(start, offsetBy: Int(segment.keyLength))
            return custom.accepts(Substring(utf8[start..<end]))
        }
        // A decoded segment or a host is handed over as a new string: inline (no allocation)
        // up to 15 UTF-8 bytes, one allocation beyond.
        guard segment.has(.schemeOrHost) else {
            return custom.accepts(Substring(String(decoding: key, as: UTF8.self)))
        }
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: key.count) { lowered in
            for (index, byte) in key.enumerated() { lowered[index] = ASCII.lowercased(byte) }
            return custom.accepts(Substring(String(decoding: UnsafeBufferPointer(lowered), as: UTF8.self)))
        }
    }

    // The lookup's entry points: `firstMatch` is what matching does, returned or written in
    // place; the `firstMatchBy…` and `…CountingVisits` readings are clear-box views for tests
    // and internal checks, which hold the direct walk and the full search to the same answers.

    /// The best match for `url` (Matching rules, "Which route wins"), the first in precedence order: decided by the
    /// direct walk when it can, else by the full search.
    /// - Complexity: O(n + m): n the URL's length, m the trie nodes on the way.
    func firstMatch(_ url: String) -> RawLookup {
        var lookup = RawLookup.notFound
        firstMatch(url, into: &lookup)
        return lookup
    }

    /// ``firstMatch(_:)`` written over the caller's `lookup`: what ``RouteTable/match(_:)``
    /// inlines, so that the outcome is not copied out once more on its way to the caller (nor
    /// through a (lookup, visited) pair, which copied it again).
    @usableFromInline
    func firstMatch(_ url: String, into lookup: inout RawLookup) {
        var visited = 0
        decide(url, &lookup, &visited, walk: true)
    }

    /// ``firstMatch(_:)`` and the number of trie nodes the lookup entered.
    func firstMatchCountingVisits(_ url: String) -> (lookup: RawLookup, visited: Int) {
        var lookup = RawLookup.notFound
        var visited = 0
        decide(url, &lookup, &visited, walk: true)
        return (lookup, visited)
    }

    /// The outcome of the full search alone, without the direct walk.
    func firstMatchByFullSearch(_ url: String) -> RawLookup {
        var lookup = RawLookup.notFound
        var visited = 0
        decide(url, &lookup, &visited, walk: false)
        return lookup
    }

    /// The outcome of the direct walk alone, `nil` when it leaves the URL to the full search.
    func firstMatchByDirectWalk(_ url: String) -> RawLookup? {
        var visited = 0
        return directMatch(url, visited: &visited)
    }

    /// ``directMatch(_:url:visited:)`` over the bytes of `url`.
    @inline(__always)
    private func directMatch(_ url: String, visited: inout Int) -> RawLookup? {
        ContiguousUTF8.withBytes(of: url) { directMatch($0, url: url, visited: &visited) }
    }

    /// The frames a search of `bytes` needs: one per key segment it can enter, plus one.
    /// The deepest pattern bounds it; so does the URL itself (its `/`s bound its segments),
    /// which matters only for a table with a very deep pattern, so that a short URL's
    /// search stays on the stack there too.
    func frameCapacity(for bytes: UnsafeBufferPointer<UInt8>) -> Int {
        let byPattern = maxDepth + 1
        guard byPattern > 32 else { return byPattern }
        var slashes = 0
        for byte in bytes where byte == ASCII.slash { slashes &+= 1 }
        return min(byPattern, slashes + 3)
    }

    /// Decides `url` by the direct walk when `walk` is set and the walk can, else by the
    /// full search, and writes the outcome over `lookup`, whatever it held (the search's
    /// outcome is not passed back through its closure).
    ///
    /// The walk and the search each run in a closure of their own over the bytes: with the
    /// search behind the walk in one function, every lookup ran longer; with the whole search
    /// inside the closure rather than called from it, longer again.
    private func decide(_ url: String, _ lookup: inout RawLookup, _ visited: inout Int, walk: Bool) {
        if walk, let decided = directMatch(url, visited: &visited) {
            #if URLROUTER_INTERNAL_CHECKS
            _checkDirectWalk(decided, url: url)
            #endif
            lookup = decided
            return
        }
        ContiguousUTF8.withBytes(of: url) { fullSearch(in: $0, url: url, &lookup, &visited) }
    }

    /// The full search of the URL's bytes: parses them into frames on the stack, then searches.
    @inline(never)
    private func fullSearch(in bytes: UnsafeBufferPointer<UInt8>, url: String, _ lookup: inout RawLookup,
                            _ visited: inout Int) {
        let limits = options.limits
        let capacity = frameCapacity(for: bytes)
        return withUnsafeTemporaryAllocation(of: Frame.self, capacity: capacity) { frameBuffer in
            let frames = frameBuffer.baseAddress!
            var layout = URLLayout.empty
            if let problem = URLLayout.parse(bytes, limits: limits, segments: frames,
                                             capacity: capacity, into: &layout) {
                lookup = .malformed(problem)
                return
            }
            let base = bytes.baseAddress ?? UnsafePointer(bitPattern: 1)!
            func search(scratch: UnsafeMutablePointer<UInt8>?) {
                self.search(MatchInput(bytes: base, scratch: scratch, count: layout.count,
                                       caseInsensitive: options.caseInsensitivePaths),
                            layout, url, frames, &lookup, &visited)
            }
            if layout.keyHasPercent {
                withUnsafeTemporaryAllocation(of: UInt8.self, capacity: bytes.count) { search(scratch: $0.baseAddress) }
            } else {
                search(scratch: nil)
            }
        }
    }

    @inline(__always)
    private func search(_ input: MatchInput, _ layout: URLLayout, _ url: String, _ frames: UnsafeMutablePointer<Frame>,
                        _ lookup: inout RawLookup, _ visited: inout Int) {
        frames[0].node = layout.schemeEnd >= 0 ? schemeRoot : pathRoot
        frames[0].stage = Stage.first
        var state = SearchState(depth: 0, visited: 1)
        if let hit = advance(&state, frames, input, url: url) {
            lookup = .matched(found(hit, layout, frames))
        } else {
            lookup = .notFound
        }
        visited = state.visited
    }

    /// What a hit captured: the range of every frame left by a non-literal edge, in depth
    /// order, then the rest of the path for a catch-all. A route's ``CaptureSpec/slot``
    /// indexes these, so the route's records are not read while matching.
    func found(_ hit: Hit, _ layout: URLLayout, _ frames: UnsafeMutablePointer<Frame>) -> Found {
        var captures = CaptureBuffer()
        for depth in 0..<hit.depth where frames[depth].segment.has(.captured) {
            captures.append(start: Int(frames[depth].segment.start), end: Int(frames[depth].segment.end))
        }
        if hit.viaCatchAll {
            let segment = frames[hit.depth].segment
            captures.append(start: segment.has(.exhausted) ? layout.pathEnd : Int(segment.start),
                            end: layout.pathEnd)
        }
        return Found(route: hit.route, viaCatchAll: hit.viaCatchAll, parts: URLParts(layout), captures: captures)
    }
}
