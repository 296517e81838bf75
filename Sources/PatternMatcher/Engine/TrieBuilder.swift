/// The mutable trie used while a table is built; ``freeze(owners:converterOwners:)`` lays it out flat.
///
/// Nodes are plain values; every literal edge of the whole trie lives in one
/// open-addressing table keyed by (parent, bytes), so inserting a route allocates no
/// per-node dictionary and hashes each literal once, with the function the frozen
/// table uses.
struct TrieBuilder {
    struct Node {
        /// The parameter child, the routes ending here, or ``TrieNode/none``.
        var param: Int32 = TrieNode.none
        var catchAllRoute: Int32 = TrieNode.none
        var route: Int32 = TrieNode.none
        var literalCount: Int32 = 0
        /// The typed child made last (an index of ``TrieBuilder/typedChildren``), or ``TrieNode/none``.
        var lastTyped: Int32 = TrieNode.none

        var hasParam: Bool { param != TrieNode.none }
        var hasCatchAll: Bool { catchAllRoute != TrieNode.none }
    }

    struct Edge {
        var parent: Int32
        var child: Int32
        var keyStart: Int32
        var keyLength: Int32
        /// ``Word/literalHash(word:_:_:fold:)`` of the key, reused by the frozen hash tables.
        var hash: UInt32
    }

    struct TypedChild {
        var parent: Int32
        var converter: Int32
        var child: Int32
        /// The parent's typed child made before this one, or ``TrieNode/none``.
        var previous: Int32
    }

    /// Routes that landed on a terminal slot (a route or catch-all) already taken: they
    /// have the same shape as the route there (Matching rules, "Conflicts"). Keyed by the first route.
    private(set) var sameShape: [Int32: [Int32]] = [:]

    /// Literal children of a node are scanned when there are at most this many, and
    /// found through a hash table otherwise, so 10,000 siblings cost what 10 do.
    static let linearScanLimit = 8

    let options: MatchOptions
    let converters: [any ParameterConverter]
    private(set) var nodes = [Node(), Node()]  // 0: URLs without a scheme, 1: with one
    private(set) var edges: [Edge] = []
    private(set) var keyBytes: [UInt8] = []
    /// Open addressing over `edges` (indices, -1 empty), at most half full.
    private var edgeSlots = [Int32](repeating: -1, count: 64)
    /// Typed children, in the order they were made; a node's are found from its ``Node/lastTyped``
    /// (a node has one or two).
    private(set) var typedChildren: [TypedChild] = []
    var routes: [RouteRecord] = []
    var captureSpecs: [CaptureSpec] = []
    /// Every pattern's UTF-8, one after the other, reserved at its final size: appending
    /// bytes costs a copy, where appending to a string costs several times that.
    private(set) var patternBytes: [UInt8] = []
    private(set) var maxDepth = 0
    /// A literal folded to lowercase, when paths are matched without case.
    private var foldedKey: [UInt8] = []

    /// - Parameters:
    ///   - expectedRoutes: how many routes will be inserted.
    ///   - textBytes: the UTF-8 bytes of their patterns, all together.
    init(options: MatchOptions, converters: [any ParameterConverter], expectedRoutes: Int = 0, textBytes: Int = 0) {
        self.options = options
        self.converters = converters
        // Generous for nodes and edges: reserving allocates, but only what is written is
        // touched, while growing copies everything (a deep table has two nodes a route).
        reserve(routes: expectedRoutes, nodes: expectedRoutes * 3, edges: expectedRoutes * 2, textBytes: textBytes)
    }

    private mutating func reserve(routes count: Int, nodes nodeCount: Int, edges edgeCount: Int, textBytes: Int) {
        nodes.reserveCapacity(2 + nodeCount)
        edges.reserveCapacity(edgeCount)
        keyBytes.reserveCapacity(edgeCount * 8)
        // One more record: the sentinel ``freeze(owners:converterOwners:)`` appends.
        routes.reserveCapacity(count + 1)
        captureSpecs.reserveCapacity(count)
        patternBytes.reserveCapacity(textBytes)
        // The slots are all written (-1): sized for three quarters of the edges reserved at
        // half load, which tables stay under (the table grows if one does not).
        var slots = edgeSlots.count
        while slots < edgeCount * 3 / 2 { slots *= 2 }
        if slots > edgeSlots.count { edgeSlots = [Int32](repeating: -1, count: slots) }
    }

    /// Parses `text` and inserts it as route number `route` (routes arrive in index order),
    /// owned by owner number `owner`.
    ///
    /// A pattern the parser then refuses may leave the literal, parameter and typed children that
    /// `insertPlain` made for it. They are never read: a builder with a problem is never
    /// frozen (`RouteTableBuilder.build()` throws every problem before it freezes).
    mutating func insert(_ text: String, route: Int32, owner: Int32, parser: inout PatternParser) throws(PatternError) {
        if ContiguousUTF8.withBytes(of: text, { insertPlain($0, route: route, owner: owner) }) { return }
        let shape = try parser.parse(text)
        ContiguousUTF8.withBytes(of: text) { insert($0, parsed: &parser, shape: shape, route: route, owner: owner) }
    }

    /// Inserts the pattern `parser` has just read from `bytes`. The parser is only read: it is
    /// passed `inout` so that the closure holding it lends it rather than copies it.
    private mutating func insert(_ bytes: UnsafeBufferPointer<UInt8>, parsed parser: inout PatternParser,
                                 shape: ParsedShape, route: Int32, owner: Int32) {
        let patternOffset = Int32(patternBytes.count)
        let capturesStart = Int32(captureSpecs.count)
        var node: Int32 = shape.hasScheme ? 1 : 0
        let segments = parser.segments
        // Ranges a match records before this segment: one per non-literal segment.
        var recordedRanges: Int32 = 0
        for position in segments.indices {
            let segment = segments[position]
            if segment.hasName {
                captureSpecs.append(CaptureSpec(
                    nameOffset: patternOffset + segment.nameStart, position: Int32(position),
                    isRest: segment.isCatchAll, slot: recordedRanges))
            }
            switch segment.kind {
            case .literal:
                node = parser.withLiteral(segment, in: bytes) { literalChild(of: node, key: $0) }
            case .typed:
                node = typedChild(of: node, converter: segment.converter)
            case .parameter, .wildcard:
                node = parameterChild(of: node)
            case .catchAll:
                occupy(node, catchAll: true, with: route)
            }
            if segment.kind != .literal { recordedRanges += 1 }
        }
        if segments.last?.isCatchAll != true { occupy(node, catchAll: false, with: route) }
        appendRoute(bytes: bytes, depth: segments.count, capturesStart: capturesStart, owner: owner)
    }

    /// Records the route just inserted, of `depth` key positions, whose pattern's bytes are
    /// `bytes` and whose captures start at `capturesStart`.
    mutating func appendRoute(bytes: UnsafeBufferPointer<UInt8>, depth: Int, capturesStart: Int32, owner: Int32) {
        maxDepth = max(maxDepth, depth)
        let patternOffset = Int32(patternBytes.count)
        patternBytes.append(contentsOf: bytes)
        routes.append(RouteRecord(patternOffset: patternOffset, capturesStart: capturesStart, owner: owner))
    }

    /// The parameter child of `node`, created if it is new.
    mutating func parameterChild(of node: Int32) -> Int32 {
        if !nodes[Int(node)].hasParam { nodes[Int(node)].param = newNode() }
        return nodes[Int(node)].param
    }

    private mutating func newNode() -> Int32 {
        nodes.append(Node())
        return Int32(nodes.count - 1)
    }

    mutating func occupy(_ node: Int32, catchAll: Bool, with route: Int32) {
        let taken = catchAll ? nodes[Int(node)].catchAllRoute : nodes[Int(node)].route
        if taken != TrieNode.none {
            sameShape[taken, default: []].append(route)
        } else if catchAll {
            nodes[Int(node)].catchAllRoute = route
        } else {
            nodes[Int(node)].route = route
        }
    }

    /// The child of `parent` along typed parameters of converter `converter`, created if it is new.
    mutating func typedChild(of parent: Int32, converter: Int32) -> Int32 {
        var index = nodes[Int(parent)].lastTyped
        while index != TrieNode.none {
            if typedChildren[Int(index)].converter == converter { return typedChildren[Int(index)].child }
            index = typedChildren[Int(index)].previous
        }
        let child = newNode()
        typedChildren.append(TypedChild(parent: parent, converter: converter, child: child, previous: nodes[Int(parent)].lastTyped))
        nodes[Int(parent)].lastTyped = Int32(typedChildren.count - 1)
        return child
    }

    /// The child of `parent` along the literal `key`, created if it is new.
    /// - Parameter word: `key`'s bytes as ``Word/shortKey(_:_:available:fold:)`` reads them
    ///   (unfolded) when it has at most eight, if the caller has them; else `nil`.
    mutating func literalChild(of parent: Int32, key: UnsafeBufferPointer<UInt8>, word: UInt64? = nil) -> Int32 {
        guard options.caseInsensitivePaths, key.contains(where: ASCII.isUpper) else {
            return literalChild(of: parent, exactKey: key, word: word)
        }
        foldedKey.removeAll(keepingCapacity: true)
        foldedKey.append(contentsOf: key.lazy.map(ASCII.lowercased))
        let folded = foldedKey
        return folded.withUnsafeBufferPointer { literalChild(of: parent, exactKey: $0) }
    }

    private mutating func literalChild(of parent: Int32, exactKey key: UnsafeBufferPointer<UInt8>,
                                       word known: UInt64? = nil) -> Int32 {
        let base = key.baseAddress ?? UnsafePointer(bitPattern: 1)!
        let count = key.count
        let word = count > 8 ? 0 : known ?? Word.shortKey(base, count, available: count, fold: false)
        assert(count > 8 || word == Word.shortKey(base, count, available: count, fold: false), "the word is the key's")
        let hash = Word.literalHash(word: word, base, count, fold: false)
        let mask = edgeSlots.count - 1
        var slot = Self.slot(hash, parent, mask)
        while true {
            let index = edgeSlots[slot]
            if index < 0 { break }
            let edge = edges[Int(index)]
            if edge.parent == parent, edge.hash == hash, Int(edge.keyLength) == count,
               keyBytes.withUnsafeBufferPointer({ Word.bytesEqual($0.baseAddress! + Int(edge.keyStart), base, count, fold: false) }) {
                return edge.child
            }
            slot = (slot + 1) & mask
        }
        return addEdge(from: parent, key: key, hash: hash, slot: slot)
    }

    /// A new child of `parent` along `key`, whose edge goes in the empty `slot`.
    private mutating func addEdge(from parent: Int32, key: UnsafeBufferPointer<UInt8>, hash: UInt32, slot: Int) -> Int32 {
        let child = newNode()
        edgeSlots[slot] = Int32(edges.count)
        edges.append(Edge(parent: parent, child: child, keyStart: Int32(keyBytes.count),
                          keyLength: Int32(key.count), hash: hash))
        keyBytes.append(contentsOf: key)
        nodes[Int(parent)].literalCount += 1
        if edges.count * 2 > edgeSlots.count { growEdgeSlots() }
        return child
    }

    /// The home slot of the edge along a literal of hash `hash` from `parent`, in a table
    /// of `mask + 1` slots (a power of two): parent and hash are put together before the
    /// multiply, and the product's top bits taken, so every bit of both moves the slot and
    /// the children of one node spread over the whole table.
    static func slot(_ hash: UInt32, _ parent: Int32, _ mask: Int) -> Int {
        assert(mask > 0 && mask & (mask + 1) == 0, "a table of a power of two slots, at least two")
        let key = UInt64(hash) | UInt64(UInt32(bitPattern: parent)) << 32
        let slot = Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> UInt64(64 - mask.nonzeroBitCount))
        assert(slot <= mask)
        return slot
    }

    private mutating func growEdgeSlots() {
        var slots = [Int32](repeating: -1, count: edgeSlots.count * 2)
        let mask = slots.count - 1
        for (index, edge) in edges.enumerated() {
            var slot = Self.slot(edge.hash, edge.parent, mask)
            while slots[slot] >= 0 { slot = (slot + 1) & mask }
            slots[slot] = Int32(index)
        }
        edgeSlots = slots
    }

    /// How the literal edges sit in their table: the number of distinct home slots, and the
    /// longest run of slots a probe for one of them walks (1 when it sits at home).
    var edgeSlotStatistics: (homeSlots: Int, longestProbe: Int) {
        let mask = edgeSlots.count - 1
        var homes = Set<Int>()
        var longest = 0
        for (slot, index) in edgeSlots.enumerated() where index >= 0 {
            let edge = edges[Int(index)]
            let home = Self.slot(edge.hash, edge.parent, mask)
            homes.insert(home)
            longest = max(longest, (slot - home) & mask + 1)
        }
        return (homes.count, longest)
    }

    /// Hash table slots for `count` literals: at most four-fifths full, so that a probe
    /// for a missing literal stops at an empty slot after a few records.
    static func hashCapacity(_ count: Int) -> Int {
        count + count / 4 + 1
    }
}

extension TrieBuilder {
    /// The builder that froze into `trie`, made again from it, with room for `adding` more
    /// routes: what extending a table costs instead of parsing and inserting its routes anew.
    /// Its nodes are numbered differently, which ``freeze(owners:converterOwners:)`` does not see: it lays
    /// nodes out by the tree, literal children in the order their edges were made.
    init(thawing trie: FrozenTrie, adding: Int, textBytes: Int) {
        self.init(options: trie.options, converters: trie.converters)
        let routeCount = trie.routes.count - 1
        reserve(routes: routeCount + adding, nodes: trie.nodeCount + adding * 2,
                edges: trie.nodeCount + adding * 2, textBytes: trie.patternText.utf8.count + textBytes)
        var pending: [(frozen: Int32, node: Int32)] = [(trie.schemeRoot, 1), (trie.pathRoot, 0)]
        while let (index, node) = pending.popLast() {
            let record = trie.nodes[Int(index)]
            nodes[Int(node)].route = record.route
            let extra = trie.extra(of: record)
            nodes[Int(node)].catchAllRoute = extra.catchAllRoute
            for slot in record.literals.range {
                let childRecord = trie.nodes[slot]
                guard childRecord.hasLiteral else { continue }
                pending.append((Int32(slot), thawedEdge(from: node, childRecord, in: trie)))
            }
            for edge in trie.typedEdges[extra.typedRange] {
                pending.append((edge.child, typedChild(of: node, converter: edge.converter)))
            }
            if record.hasParamChild {
                let child = newNode()
                nodes[Int(node)].param = child
                pending.append((record.paramChild, child))
            }
        }
        routes += trie.routes[..<routeCount]
        captureSpecs += trie.captureSpecs
        patternBytes += trie.patternText.utf8
        maxDepth = trie.maxDepth
    }

    /// The edge to a literal child of a frozen trie, made in this builder (the trie holds
    /// each literal once per parent, so no probe compares keys).
    private mutating func thawedEdge(from parent: Int32, _ record: TrieNode, in trie: FrozenTrie) -> Int32 {
        let count = Int(record.keyLength)
        if count > 8 {
            return trie.literalBytes.withUnsafeBufferPointer {
                addThawedEdge(from: parent, key: UnsafeBufferPointer(rebasing: $0[Int(record.key)..<(Int(record.key) + count)]),
                              word: 0)
            }
        }
        // A short key's bytes are its word's, little-endian.
        var stored = record.key.littleEndian
        return withUnsafeBytes(of: &stored) { raw in
            addThawedEdge(from: parent, key: UnsafeBufferPointer(start: raw.baseAddress!.assumingMemoryBound(to: UInt8.self),
                                                                 count: count),
                          word: record.key)
        }
    }

    private mutating func addThawedEdge(from parent: Int32, key: UnsafeBufferPointer<UInt8>, word: UInt64) -> Int32 {
        let hash = Word.literalHash(word: word, key.baseAddress ?? UnsafePointer(bitPattern: 1)!, key.count, fold: false)
        let mask = edgeSlots.count - 1
        var slot = Self.slot(hash, parent, mask)
        while edgeSlots[slot] >= 0 { slot = (slot + 1) & mask }
        return addEdge(from: parent, key: key, hash: hash, slot: slot)
    }
}
