// The lookup: an iterative depth-first search over the trie, trying the children of each
// node in SPEC §3 order and backtracking when a deeper position fails. Its frames live in
// a stack buffer sized by the trie's depth, so a lookup allocates nothing, and every node
// is entered at most once, so the work is bounded by the size of the trie.

/// The key segment at one depth: where it lies in the URL and how to compare it.
struct KeySegment {
    static let exhausted: UInt8 = 1      // the key has no segment at this depth
    static let decoded: UInt8 = 2        // key bytes were percent-decoded into the scratch buffer
    static let schemeOrHost: UInt8 = 4   // compared folded; captured lowercased
    static let hashed: UInt8 = 8         // `hash` is valid

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
    /// The key segment this node's children consume; depends only on the depth, so it is
    /// computed once per depth and kept while siblings are tried.
    var segment: KeySegment
}

/// Where a search stands, so that it can resume after a match to find the next one.
struct SearchState {
    var depth: Int
    var computedDepth: Int
    var visited: Int
}

/// A route found by the search: the route and whether it matched through its catch-all.
struct Hit {
    var route: Int32
    var viaCatchAll: Bool
}

/// The URL being matched, read through raw pointers for the length of one search step.
struct MatchInput {
    let url: String
    let bytes: UnsafePointer<UInt8>
    let scratch: UnsafeMutablePointer<UInt8>?
    let layout: URLLayout
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

    /// The first key segment: the scheme, or the first path segment.
    func firstSegment() -> KeySegment {
        if layout.hasScheme {
            return KeySegment(start: 0, end: Int32(layout.schemeEnd), keyLength: Int32(layout.schemeEnd),
                              flags: KeySegment.schemeOrHost)
        }
        return pathSegment(from: layout.pathStart)
    }

    /// The key segment at `depth`, given the one before it.
    func segment(at depth: Int, after previous: KeySegment) -> KeySegment {
        if previous.has(KeySegment.exhausted) { return previous }
        if layout.hasScheme && depth == 1 {
            if layout.hasHost {
                var host = KeySegment(start: Int32(layout.hostStart), end: Int32(layout.hostEnd),
                                      keyLength: Int32(layout.hostEnd - layout.hostStart),
                                      flags: KeySegment.schemeOrHost)
                decodeIfNeeded(&host)
                return host
            }
            return pathSegment(from: layout.pathStart)
        }
        if layout.hasScheme && depth == 2 && layout.hasHost {
            return pathSegment(from: layout.pathStart)
        }
        return pathSegment(from: Int(previous.end))
    }

    private func pathSegment(from position: Int) -> KeySegment {
        var start = position
        let end = layout.pathEnd
        while start < end && bytes[start] == ASCII.slash { start += 1 }
        if start >= end { return KeySegment(start: Int32(end), end: Int32(end), flags: KeySegment.exhausted) }
        var stop = start + 1
        while stop < end && bytes[stop] != ASCII.slash { stop += 1 }
        var segment = KeySegment(start: Int32(start), end: Int32(stop), keyLength: Int32(stop - start))
        decodeIfNeeded(&segment)
        return segment
    }

    private func decodeIfNeeded(_ segment: inout KeySegment) {
        guard layout.keyHasPercent, let scratch else { return }
        let start = Int(segment.start), end = Int(segment.end)
        var i = start
        while i < end && bytes[i] != ASCII.percent { i += 1 }
        guard i < end else { return }
        let length = PercentDecoding.decode(
            UnsafeBufferPointer(start: bytes, count: layout.count), from: start, to: end,
            into: scratch + start)
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
    while i < count {
        if key[i] != literal[i] { return false }
        i += 1
    }
    return true
}

extension RouteStorage {
    /// Runs the search from `state` until the next route matches, or the trie is exhausted.
    func advance(_ state: inout SearchState, _ frames: UnsafeMutablePointer<Frame>, _ input: MatchInput) -> Hit? {
        nodes.withUnsafeBufferPointer { nodes in
        literalEdges.withUnsafeBufferPointer { edges in
        literalBytes.withUnsafeBufferPointer { literalBytes in
        hashSlots.withUnsafeBufferPointer { slots in
        typedEdges.withUnsafeBufferPointer { typedEdges in
            let literals = literalBytes.baseAddress ?? UnsafePointer(bitPattern: 1)!

            @inline(__always)
            func push(_ child: Int32, from depth: Int) {
                let next = depth + 1
                frames[next].node = child
                frames[next].stage = 0
                if next >= state.computedDepth {
                    frames[next].segment = input.segment(at: next, after: frames[depth].segment)
                    state.computedDepth = next + 1
                }
                state.depth = next
                state.visited += 1
            }

            func literalChild(_ node: TrieNode, _ depth: Int) -> Int32? {
                let segment = frames[depth].segment
                let key = input.keyBytes(segment)
                let length = Int(segment.keyLength)
                let fold = input.folds(segment)
                let start = Int(node.literalStart)
                if node.hashStart < 0 {
                    for e in start..<(start + Int(node.literalCount)) {
                        let edge = edges[e]
                        if Int(edge.length) == length,
                           bytesEqual(key, literals + Int(edge.offset), length, fold: fold) {
                            return edge.child
                        }
                    }
                    return nil
                }
                var hash = segment.hash
                if !segment.has(KeySegment.hashed) {
                    hash = segmentHash(key, length, fold: fold)
                    frames[depth].segment.hash = hash
                    frames[depth].segment.flags |= KeySegment.hashed
                }
                let mask = Int(node.hashMask)
                var slot = Int(hash) & mask
                while true {
                    let e = slots[Int(node.hashStart) + slot]
                    if e < 0 { return nil }
                    let edge = edges[Int(e)]
                    if edge.hash == hash, Int(edge.length) == length,
                       bytesEqual(key, literals + Int(edge.offset), length, fold: fold) {
                        return edge.child
                    }
                    slot = (slot + 1) & mask
                }
            }

            while state.depth >= 0 {
                let depth = state.depth
                let node = nodes[Int(frames[depth].node)]
                var stage = frames[depth].stage
                let segment = frames[depth].segment

                if segment.has(KeySegment.exhausted) {
                    frames[depth].stage = stage + 1
                    if stage == 0 {
                        if node.route >= 0 { return Hit(route: node.route, viaCatchAll: false) }
                    } else if stage == 1 {
                        if node.catchAllRoute >= 0 { return Hit(route: node.catchAllRoute, viaCatchAll: true) }
                    } else {
                        state.depth -= 1
                    }
                    continue
                }

                let typedCount = node.typedCount
                if stage == 0 {
                    stage = 1
                    frames[depth].stage = 1
                    if node.literalCount > 0, let child = literalChild(node, depth) {
                        push(child, from: depth)
                        continue
                    }
                }
                if stage <= typedCount {
                    var pushed = false
                    while stage <= typedCount {
                        let edge = typedEdges[Int(node.typedStart + stage - 1)]
                        stage += 1
                        if accepts(edge.converter, segment, input) {
                            frames[depth].stage = stage
                            push(edge.child, from: depth)
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
                        push(node.paramChild, from: depth)
                        continue
                    }
                }
                if stage == typedCount + 2 {
                    frames[depth].stage = stage + 1
                    if node.catchAllRoute >= 0 { return Hit(route: node.catchAllRoute, viaCatchAll: true) }
                }
                state.depth -= 1
            }
            return nil
        }}}}}
    }

    private func accepts(_ converter: Int32, _ segment: KeySegment, _ input: MatchInput) -> Bool {
        let key = UnsafeBufferPointer(start: input.keyBytes(segment), count: Int(segment.keyLength))
        if converter < 3 {
            return BuiltInConverter(rawValue: Int(converter))!.accepts(key)
        }
        let custom = converters[Int(converter) - 3]
        if !segment.has(KeySegment.decoded) && !segment.has(KeySegment.schemeOrHost) {
            let utf8 = input.url.utf8
            let start = utf8.index(utf8.startIndex, offsetBy: Int(segment.start))
            let end = utf8.index(start, offsetBy: Int(segment.keyLength))
            return custom.accepts(Substring(utf8[start..<end]))
        }
        let lowercase = segment.has(KeySegment.schemeOrHost)
        let text = String(decoding: key.lazy.map { lowercase ? ASCII.lowercased($0) : $0 }, as: UTF8.self)
        return custom.accepts(Substring(text))
    }

    /// Reads `url`'s bytes (making them contiguous if they are not) and runs `body` with
    /// the parsed layout and room for the search.
    @inline(__always)
    func withSearch<R>(
        _ url: String,
        _ body: (MatchInput, inout SearchState, UnsafeMutablePointer<Frame>) -> R,
        malformed: (MalformedURLError) -> R
    ) -> R {
        var url = url
        if url.utf8.withContiguousStorageIfAvailable({ _ in true }) == nil { url.makeContiguousUTF8() }
        let limits = options.limits
        let caseInsensitive = options.caseInsensitivePaths
        let capacity = maxDepth + 1
        return url.utf8.withContiguousStorageIfAvailable { bytes -> R in
            let layout: URLLayout
            switch URLLayout.parse(bytes, limits: limits) {
            case .success(let parsed): layout = parsed
            case .failure(let problem): return malformed(problem.error(for: url))
            }
            return withUnsafeTemporaryAllocation(of: Frame.self, capacity: capacity) { frames in
                withUnsafeTemporaryAllocation(of: UInt8.self, capacity: layout.keyHasPercent ? bytes.count : 0) { scratch in
                    let input = MatchInput(
                        url: url, bytes: bytes.baseAddress ?? UnsafePointer(bitPattern: 1)!,
                        scratch: scratch.baseAddress, layout: layout, caseInsensitive: caseInsensitive)
                    let root = layout.hasScheme ? schemeRoot : pathRoot
                    frames[0] = Frame(node: root, stage: 0, segment: input.firstSegment())
                    var state = SearchState(depth: 0, computedDepth: 1, visited: 1)
                    return body(input, &state, frames.baseAddress!)
                }
            }
        }!
    }

    /// The best match for `url` (SPEC §3), the first in precedence order.
    /// - Complexity: O(n + m): n the URL's length, m the trie nodes on the way.
    @usableFromInline
    func firstMatch(_ url: String) -> RawLookup {
        firstMatchCountingVisits(url).lookup
    }

    func firstMatchCountingVisits(_ url: String) -> (lookup: RawLookup, visited: Int) {
        withSearch(url, { input, state, frames in
            guard let hit = advance(&state, frames, input) else { return (.notFound, state.visited) }
            return (.matched(makeMatch(hit, input, state, frames)), state.visited)
        }, malformed: { (.malformed($0), 0) })
    }

    func makeMatch(_ hit: Hit, _ input: MatchInput, _ state: SearchState,
                   _ frames: UnsafeMutablePointer<Frame>) -> RawMatch {
        var captures = CaptureBuffer()
        for spec in captureSpecs(ofRoute: Int(hit.route)) {
            let segment = frames[Int(spec.position)].segment
            if spec.isRest {
                let start = segment.has(KeySegment.exhausted) ? input.layout.pathEnd : Int(segment.start)
                captures.append(start: start, end: input.layout.pathEnd)
            } else {
                captures.append(start: Int(segment.start), end: Int(segment.end))
            }
        }
        return RawMatch(storage: self, url: input.url, parts: URLParts(input.layout),
                        route: hit.route, captures: captures)
    }
}
