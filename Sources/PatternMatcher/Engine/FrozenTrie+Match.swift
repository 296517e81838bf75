// The lookup: an iterative depth-first search over the trie, trying the children of each
// node in the order of Matching rules, "Which route wins", and backtracking when a deeper position fails. Its frames live in
// a stack buffer sized by the trie's depth, so a lookup allocates nothing, and every node
// is entered at most once, so the work is bounded by the size of the trie.

/// The key segment at one depth: where it lies in the URL and how to compare it.
struct KeySegment {
    static let exhausted: UInt8 = 1      // the key has no segment at this depth
    static let decoded: UInt8 = 2        // key bytes were percent-decoded into the scratch buffer
    static let schemeOrHost: UInt8 = 4   // compared folded; captured lowercased
    static let hashed: UInt8 = 8         // `hash` is valid
    static let hasPercent: UInt8 = 16    // holds '%': decode before comparing
    static let captured: UInt8 = 32      // the search left this depth by a non-literal edge

    var start: Int32 = 0
    var end: Int32 = 0
    var keyLength: Int32 = 0
    var hash: UInt32 = 0
    var flags: UInt8 = 0

    @inline(__always) func has(_ flag: UInt8) -> Bool { flags & flag != 0 }
}

struct Frame {
    var node: Int32
    /// The next candidate to try: 0 literal, 1…T typed edges, T+1 parameter, T+2 catch-all.
    /// For an exhausted key: 0 the route ending here, 1 the catch-all, 2 done.
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
        segment.has(KeySegment.decoded)
            ? UnsafePointer(scratch! + Int(segment.start))
            : bytes + Int(segment.start)
    }

    @inline(__always)
    func folds(_ segment: KeySegment) -> Bool {
        caseInsensitive || segment.has(KeySegment.schemeOrHost)
    }

    /// Percent-decodes a segment into the scratch buffer, at the segment's own offset
    /// (decoded text is never longer), the first time the search compares it.
    func decode(_ segment: inout KeySegment) {
        guard let scratch else { return }
        let length = PercentDecoding.decode(
            UnsafeBufferPointer(start: bytes, count: count),
            from: Int(segment.start), to: Int(segment.end), into: scratch + Int(segment.start))
        segment.keyLength = Int32(length)
        segment.flags |= KeySegment.decoded
    }
}

/// Compares `count` bytes, folding ASCII capitals of `key` when `fold` is set; `literal`
/// is stored folded already.
@inline(__always)
func bytesEqual(_ key: UnsafePointer<UInt8>, _ literal: UnsafePointer<UInt8>, _ count: Int, fold: Bool) -> Bool {
    if fold {
        for i in 0..<count where ASCII.lowercased(key[i]) != literal[i] { return false }
        return true
    }
    var i = 0
    let keyRaw = UnsafeRawPointer(key), literalRaw = UnsafeRawPointer(literal)
    while i + 8 <= count {
        if keyRaw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
            != literalRaw.loadUnaligned(fromByteOffset: i, as: UInt64.self) { return false }
        i += 8
    }
    if i + 4 <= count {
        if keyRaw.loadUnaligned(fromByteOffset: i, as: UInt32.self)
            != literalRaw.loadUnaligned(fromByteOffset: i, as: UInt32.self) { return false }
        i += 4
    }
    if i + 2 <= count {
        if keyRaw.loadUnaligned(fromByteOffset: i, as: UInt16.self)
            != literalRaw.loadUnaligned(fromByteOffset: i, as: UInt16.self) { return false }
        i += 2
    }
    return i == count || key[i] == literal[i]
}

/// The literal child of `node` whose literal is the `length` bytes at `key`, or `nil`:
/// a scan of its block, or probes of its hash table. `word` is the key's first eight bytes
/// as ``shortKey(_:_:available:fold:)`` reads them; `hash` gives the key's
/// ``literalHash(word:_:_:fold:)``, asked for only when the block is a hash table.
@inline(__always)
func findLiteral(in node: TrieNode, _ nodes: UnsafeBufferPointer<TrieNode>, _ literals: UnsafePointer<UInt8>,
                 key: UnsafePointer<UInt8>, length: Int, word: UInt64, fold: Bool,
                 hash: () -> UInt32) -> Int32? {
    @inline(__always)
    func isMatch(_ child: TrieNode) -> Bool {
        guard Int(child.keyLength) == length else { return false }
        return length <= 8 ? child.key == word
            : bytesEqual(key, literals + Int(child.key), length, fold: fold)
    }
    let start = Int(node.literalStart)
    guard node.isHashed else {
        for child in start..<(start &+ Int(node.literalCount)) where isMatch(nodes[child]) {
            return Int32(truncatingIfNeeded: child)
        }
        return nil
    }
    let slots = Int(node.literalSlots)
    var slot = homeSlot(hash(), slots: slots)
    while true {
        let child = nodes[start &+ slot]
        if child.keyLength < 0 { return nil }
        if isMatch(child) { return Int32(truncatingIfNeeded: start &+ slot) }
        slot &+= 1
        if slot == slots { slot = 0 }
    }
}

extension FrozenTrie {
    /// Runs the search from `state` until the next route matches, or the trie is exhausted.
    func advance(_ state: inout SearchState, _ frames: UnsafeMutablePointer<Frame>, _ input: MatchInput,
                 url: String) -> Hit? {
        nodes.withUnsafeBufferPointer { nodes in
        extras.withUnsafeBufferPointer { extras in
        literalBytes.withUnsafeBufferPointer { literalBytes in
        typedEdges.withUnsafeBufferPointer { typedEdges in
            let literals = literalBytes.baseAddress ?? UnsafePointer(bitPattern: 1)!

            /// Enters `child` from the frame at `depth`, noting whether the edge captures a range.
            @inline(__always)
            func push(_ child: Int32, from depth: Int, capturing: Bool) {
                if capturing {
                    frames[depth].segment.flags |= KeySegment.captured
                } else {
                    frames[depth].segment.flags &= ~KeySegment.captured
                }
                let next = depth + 1
                frames[next].node = child
                frames[next].stage = 0
                state.depth = next
                state.visited += 1
            }

            func literalChild(_ node: TrieNode, _ depth: Int) -> Int32? {
                let segment = frames[depth].segment
                let key = input.keyBytes(segment)
                let length = Int(segment.keyLength)
                let fold = input.folds(segment)
                // Scratch and URL bytes share offsets and size: both end at input.count.
                let word = length <= 8
                    ? shortKey(key, length, available: input.count - Int(segment.start), fold: fold) : 0
                return findLiteral(in: node, nodes, literals, key: key, length: length, word: word, fold: fold) {
                    if segment.has(KeySegment.hashed) { return segment.hash }
                    let hash = literalHash(word: word, key, length, fold: fold)
                    frames[depth].segment.hash = hash
                    frames[depth].segment.flags |= KeySegment.hashed
                    return hash
                }
            }

            while state.depth >= 0 {
                let depth = state.depth
                let node = nodes[Int(frames[depth].node)]
                let extra = node.extra >= 0 ? extras[Int(node.extra)] : NodeExtra()
                var stage = frames[depth].stage
                if frames[depth].segment.flags & (KeySegment.hasPercent | KeySegment.decoded) == KeySegment.hasPercent {
                    input.decode(&frames[depth].segment)
                }
                let segment = frames[depth].segment

                if segment.has(KeySegment.exhausted) {
                    frames[depth].stage = stage + 1
                    if stage == 0 {
                        if node.route >= 0 { return Hit(route: node.route, depth: depth, viaCatchAll: false) }
                    } else if stage == 1 {
                        if extra.catchAllRoute >= 0 {
                            return Hit(route: extra.catchAllRoute, depth: depth, viaCatchAll: true)
                        }
                    } else {
                        state.depth -= 1
                    }
                    continue
                }

                let typedCount = extra.typedCount
                if stage == 0 {
                    stage = 1
                    frames[depth].stage = 1
                    if node.literalCount != 0, let child = literalChild(node, depth) {
                        push(child, from: depth, capturing: false)
                        continue
                    }
                }
                if stage <= typedCount {
                    var pushed = false
                    while stage <= typedCount {
                        let edge = typedEdges[Int(extra.typedStart + stage - 1)]
                        stage += 1
                        if accepts(edge.converter, segment, input, url) {
                            frames[depth].stage = stage
                            push(edge.child, from: depth, capturing: true)
                            pushed = true
                            break
                        }
                    }
                    if pushed { continue }
                }
                if stage == typedCount + 1 {
                    stage += 1
                    frames[depth].stage = stage
                    if node.paramChild >= 0 {
                        push(node.paramChild, from: depth, capturing: true)
                        continue
                    }
                }
                if stage == typedCount + 2 {
                    frames[depth].stage = stage + 1
                    if extra.catchAllRoute >= 0 {
                        return Hit(route: extra.catchAllRoute, depth: depth, viaCatchAll: true)
                    }
                }
                state.depth -= 1
            }
            return nil
        }}}}
    }

    func accepts(_ converter: Int32, _ segment: KeySegment, _ input: MatchInput, _ url: String) -> Bool {
        let key = UnsafeBufferPointer(start: input.keyBytes(segment), count: Int(segment.keyLength))
        if converter < 3 {
            return BuiltInConverter(rawValue: Int(converter))!.accepts(key)
        }
        let custom = converters[Int(converter) - 3]
        if !segment.has(KeySegment.decoded) && !segment.has(KeySegment.schemeOrHost) {
            let utf8 = url.utf8
            let start = utf8.index(utf8.startIndex, offsetBy: Int(segment.start))
            let end = utf8.index(start, offsetBy: Int(segment.keyLength))
            return custom.accepts(Substring(utf8[start..<end]))
        }
        // A decoded segment or a host is handed over as a new string: inline (no allocation)
        // up to 15 UTF-8 bytes, one allocation beyond.
        guard segment.has(KeySegment.schemeOrHost) else {
            return custom.accepts(Substring(String(decoding: key, as: UTF8.self)))
        }
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: key.count) { lowered in
            for (index, byte) in key.enumerated() { lowered[index] = ASCII.lowercased(byte) }
            return custom.accepts(Substring(String(decoding: UnsafeBufferPointer(lowered), as: UTF8.self)))
        }
    }

    /// The best match for `url` (Matching rules, "Which route wins"), the first in precedence order: decided by the
    /// direct walk when it can, else by the full search.
    /// - Complexity: O(n + m): n the URL's length, m the trie nodes on the way.
    @usableFromInline
    func firstMatch(_ url: String) -> RawLookup {
        firstMatch(url, walk: true).lookup
    }

    /// The outcome and the number of trie nodes entered; with `walk` false, the full search
    /// alone decides (tests hold the two strategies to the same answers).
    func firstMatch(_ url: String, walk: Bool) -> (lookup: RawLookup, visited: Int) {
        var lookup = RawLookup.notFound
        var visited = 0
        firstMatch(url, &lookup, &visited, walk: walk)
        return (lookup, visited)
    }

    /// The outcome of the direct walk alone, `nil` when it leaves the URL to the full
    /// search, for tests.
    func firstMatchByDirectWalk(_ url: String) -> RawLookup? {
        var visited = 0
        return ContiguousUTF8.withBytes(of: url) { directMatch($0, url: url, visited: &visited) }
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

    /// Parses `url` into frames on the stack, searches, and writes the outcome in place
    /// (large results are not passed back through the closures). The direct walk goes
    /// first when `walk` is set.
    private func firstMatch(_ url: String, _ lookup: inout RawLookup, _ visited: inout Int, walk: Bool) {
        let limits = options.limits
        ContiguousUTF8.withBytes(of: url) { bytes in
            if walk, let decided = directMatch(bytes, url: url, visited: &visited) {
                #if URLROUTER_INTERNAL_CHECKS
                _checkDirectWalk(decided, url: url)
                #endif
                lookup = decided
                return
            }
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
    }

    @inline(__always)
    private func search(_ input: MatchInput, _ layout: URLLayout, _ url: String, _ frames: UnsafeMutablePointer<Frame>,
                        _ lookup: inout RawLookup, _ visited: inout Int) {
        frames[0].node = layout.schemeEnd >= 0 ? schemeRoot : pathRoot
        frames[0].stage = 0
        var state = SearchState(depth: 0, visited: 1)
        if let hit = advance(&state, frames, input, url: url) {
            lookup = .matched(found(hit, layout, frames))
        }
        visited = state.visited
    }

    /// What a hit captured: the range of every frame left by a non-literal edge, in depth
    /// order, then the rest of the path for a catch-all. A route's ``CaptureSpec/slot``
    /// indexes these, so the route's records are not read while matching.
    func found(_ hit: Hit, _ layout: URLLayout, _ frames: UnsafeMutablePointer<Frame>) -> Found {
        var captures = CaptureBuffer()
        for depth in 0..<hit.depth where frames[depth].segment.has(KeySegment.captured) {
            captures.append(start: Int(frames[depth].segment.start), end: Int(frames[depth].segment.end))
        }
        if hit.viaCatchAll {
            let segment = frames[hit.depth].segment
            captures.append(start: segment.has(KeySegment.exhausted) ? layout.pathEnd : Int(segment.start),
                            end: layout.pathEnd)
        }
        return Found(route: hit.route, viaCatchAll: hit.viaCatchAll, parts: URLParts(layout), captures: captures)
    }
}
