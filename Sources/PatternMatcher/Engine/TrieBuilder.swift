/// The mutable trie used while a table is built; ``freeze()`` lays it out flat.
///
/// Nodes are plain values; every literal edge of the whole trie lives in one
/// open-addressing table keyed by (parent, bytes), so inserting a route allocates no
/// per-node dictionary and hashes each literal once, with the function the frozen
/// table uses.
struct TrieBuilder {
    private struct Node {
        /// The parameter child, the routes ending here, or ``TrieNode/none``.
        var param: Int32 = TrieNode.none
        var catchAllRoute: Int32 = TrieNode.none
        var route: Int32 = TrieNode.none
        var literalCount: Int32 = 0

        var hasParam: Bool { param != TrieNode.none }
        var hasCatchAll: Bool { catchAllRoute != TrieNode.none }
    }

    private struct Edge {
        var parent: Int32
        var child: Int32
        var keyStart: Int32
        var keyLength: Int32
        /// ``Word/literalHash(word:_:_:fold:)`` of the key, reused by the frozen hash tables.
        var hash: UInt32
    }

    /// Routes that landed on a terminal slot (a route or catch-all) already taken: they
    /// have the same shape as the route there (Matching rules, "Conflicts"). Keyed by the first route.
    private(set) var sameShape: [Int32: [Int32]] = [:]

    /// Literal children of a node are scanned when there are at most this many, and
    /// found through a hash table otherwise, so 10,000 siblings cost what 10 do.
    static let linearScanLimit = 8

    private let options: MatchOptions
    private let converters: [any ParameterConverter]
    private let converterIDs: [String: Int32]
    private var nodes = [Node(), Node()]  // 0: URLs without a scheme, 1: with one
    private var edges: [Edge] = []
    private var keyBytes: [UInt8] = []
    /// Open addressing over `edges` (indices, -1 empty), at most half full.
    private var edgeSlots = [Int32](repeating: -1, count: 64)
    /// Typed children by (parent << 32 | converter).
    private var typed: [Int64: Int32] = [:]
    private var routes: [RouteRecord] = []
    private var captureSpecs: [CaptureSpec] = []
    private var patternText = ""
    private var owners: [String] = []
    private var ownerIDs: [String: Int32] = [:]
    private var maxDepth = 0

    init(options: MatchOptions, converters: [any ParameterConverter], expectedRoutes: Int = 0) {
        self.options = options
        nodes.reserveCapacity(2 + expectedRoutes * 2)
        edges.reserveCapacity(expectedRoutes * 2)
        routes.reserveCapacity(expectedRoutes)
        self.converters = converters
        var ids: [String: Int32] = [:]
        for converter in BuiltInConverter.allCases { ids[converter.name] = Int32(converter.rawValue) }
        for (i, converter) in converters.enumerated() { ids[converter.name] = Int32(3 + i) }
        self.converterIDs = ids
    }

    /// Inserts a valid pattern as route number `route` (routes arrive in index order).
    mutating func insert(_ pattern: RoutePattern, route: Int, owner: String) {
        let routeID = Int32(route)
        let patternOffset = Int32(patternText.utf8.count)
        patternText += pattern.text
        let capturesStart = Int32(captureSpecs.count)
        var node: Int32 = pattern.hasScheme ? 1 : 0
        maxDepth = max(maxDepth, pattern.segments.count)
        // Ranges a match records before this segment: one per non-literal segment.
        var recordedRanges: Int32 = 0
        for (position, segment) in pattern.segments.enumerated() {
            if let name = segment.nameRange {
                captureSpecs.append(CaptureSpec(
                    nameOffset: patternOffset + Int32(name.lowerBound), position: Int32(position),
                    isRest: segment.isCatchAll, slot: recordedRanges))
            }
            if case .literal = segment.kind {} else { recordedRanges += 1 }
            switch segment.kind {
            case .literal(let text):
                var key = options.caseInsensitivePaths ? text.lowercasedASCII() : text
                node = key.withUTF8 { literalChild(of: node, key: $0) }
            case .parameter(_, let converter?):
                let slot = Int64(node) << 32 | Int64(converterIDs[converter]!)
                if let child = typed[slot] {
                    node = child
                } else {
                    let child = newNode()
                    typed[slot] = child
                    node = child
                }
            case .parameter(_, nil), .wildcard:
                if !nodes[Int(node)].hasParam { nodes[Int(node)].param = newNode() }
                node = nodes[Int(node)].param
            case .catchAll:
                occupy(node, catchAll: true, with: routeID)
            }
        }
        if !pattern.isCatchAll { occupy(node, catchAll: false, with: routeID) }

        let ownerID: Int32
        if let id = ownerIDs[owner] {
            ownerID = id
        } else {
            ownerID = Int32(owners.count)
            owners.append(owner)
            ownerIDs[owner] = ownerID
        }
        routes.append(RouteRecord(patternOffset: patternOffset, capturesStart: capturesStart, owner: ownerID))
    }

    private mutating func newNode() -> Int32 {
        nodes.append(Node())
        return Int32(nodes.count - 1)
    }

    private mutating func occupy(_ node: Int32, catchAll: Bool, with route: Int32) {
        let taken = catchAll ? nodes[Int(node)].catchAllRoute : nodes[Int(node)].route
        if taken != TrieNode.none {
            sameShape[taken, default: []].append(route)
        } else if catchAll {
            nodes[Int(node)].catchAllRoute = route
        } else {
            nodes[Int(node)].route = route
        }
    }

    /// The child of `parent` along the literal `key`, created if it is new.
    private mutating func literalChild(of parent: Int32, key: UnsafeBufferPointer<UInt8>) -> Int32 {
        let base = key.baseAddress ?? UnsafePointer(bitPattern: 1)!
        let count = key.count
        let word = count <= 8 ? Word.shortKey(base, count, available: count, fold: false) : 0
        let hash = Word.literalHash(word: word, base, count, fold: false)
        let mask = edgeSlots.count - 1
        var slot = Self.slot(hash, parent, mask)
        while true {
            let index = edgeSlots[slot]
            if index < 0 { break }
            let edge = edges[Int(index)]
            if edge.parent == parent, edge.hash == hash, Int(edge.keyLength) == count,
               keyBytes[Int(edge.keyStart)..<Int(edge.keyStart) + count].elementsEqual(key) {
                return edge.child
            }
            slot = (slot + 1) & mask
        }
        let child = newNode()
        edgeSlots[slot] = Int32(edges.count)
        edges.append(Edge(parent: parent, child: child, keyStart: Int32(keyBytes.count),
                          keyLength: Int32(count), hash: hash))
        keyBytes.append(contentsOf: key)
        nodes[Int(parent)].literalCount += 1
        if edges.count * 2 > edgeSlots.count { growEdgeSlots() }
        return child
    }

    private static func slot(_ hash: UInt32, _ parent: Int32, _ mask: Int) -> Int {
        Int(truncatingIfNeeded: (UInt64(hash) ^ UInt64(UInt32(bitPattern: parent)) &* 0x9E37_79B9_7F4A_7C15) >> 17) & mask
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

    /// Lays the trie out in flat arrays, each allocated at its exact size. Nodes are placed
    /// depth first, a node's children as one block: its literal children (a hash table
    /// when there are many), then its typed children and its parameter child, so a chain
    /// of single children runs through adjacent records.
    func freeze() -> FrozenTrie {
        let groups = childGroups()
        var out = FrozenArrays(nodeCount: nodes.count)
        reserve(&out, for: groups)
        keyBytes.withUnsafeBufferPointer { keys in
            // Old nodes whose record is placed but whose children are not, the next on top.
            var pending: [Int32] = [1, 0]
            var children: [Int32] = []
            while let old = pending.popLast() {
                children.removeAll(keepingCapacity: true)
                placeChildren(of: old, groups, keys, &out, &children)
                pending.append(contentsOf: children.reversed())
            }
        }
        let storage = frozenTrie(out)
        #if URLROUTER_INTERNAL_CHECKS
        storage._checkInvariants()
        #endif
        return storage
    }

    /// Every node's children, grouped by parent: literal edges by a counting sort, typed
    /// children sorted by converter.
    private struct ChildGroups {
        /// The literal edges of old node `n` are `edgesByParent[firstEdge[n] ..< firstEdge[n + 1]]`.
        var firstEdge: [Int32]
        var edgesByParent: [Int32]
        var typedByParent: [Int32: [(converter: Int32, child: Int32)]]

        func literalEdges(of old: Int32) -> Range<Int32> { firstEdge[Int(old)]..<firstEdge[Int(old) + 1] }
    }

    private func childGroups() -> ChildGroups {
        var firstEdge = [Int32](repeating: 0, count: nodes.count + 1)
        for node in 0..<nodes.count { firstEdge[node + 1] = firstEdge[node] + nodes[node].literalCount }
        var fill = firstEdge
        var edgesByParent = [Int32](repeating: 0, count: edges.count)
        for (index, edge) in edges.enumerated() {
            edgesByParent[Int(fill[Int(edge.parent)])] = Int32(index)
            fill[Int(edge.parent)] += 1
        }
        var typedByParent: [Int32: [(converter: Int32, child: Int32)]] = [:]
        for (slot, child) in typed {
            typedByParent[Int32(slot >> 32), default: []].append((Int32(truncatingIfNeeded: slot), child))
        }
        for key in typedByParent.keys { typedByParent[key]!.sort { $0.converter < $1.converter } }
        return ChildGroups(firstEdge: firstEdge, edgesByParent: edgesByParent, typedByParent: typedByParent)
    }

    /// The frozen arrays as they are filled, and where each old node's record went.
    private struct FrozenArrays {
        var nodes: [TrieNode] = [TrieNode(), TrieNode()]  // the two roots
        var extras: [NodeExtra] = []
        var literalBytes: [UInt8] = []
        var typedEdges: [TypedEdge] = []
        /// The record of each old node, once placed.
        var newIndex: [Int32]

        init(nodeCount: Int) {
            newIndex = [Int32](repeating: TrieNode.none, count: nodeCount)
            newIndex[0] = 0
            newIndex[1] = 1
        }
    }

    /// Reserves each array's exact size, so that none grows while it is filled.
    private func reserve(_ out: inout FrozenArrays, for groups: ChildGroups) {
        var recordCount = nodes.count, literalByteCount = 0, extraCount = 0
        for old in 0..<nodes.count {
            let literals = Int(nodes[old].literalCount)
            if literals > Self.linearScanLimit { recordCount += Self.hashCapacity(literals) - literals }
            let typedChildren = groups.typedByParent[Int32(old)]?.count ?? 0
            if nodes[old].hasCatchAll || typedChildren > 0 { extraCount += 1 }
        }
        for edge in edges where edge.keyLength > 8 { literalByteCount += Int(edge.keyLength) }
        out.nodes.reserveCapacity(recordCount)
        out.extras.reserveCapacity(extraCount)
        out.literalBytes.reserveCapacity(literalByteCount)
        out.typedEdges.reserveCapacity(typed.count)
    }

    /// Places the children of `old` (whose own record is placed) as one block, fills in
    /// its record, and lists the children in `children`, in block order.
    private func placeChildren(of old: Int32, _ groups: ChildGroups, _ keys: UnsafeBufferPointer<UInt8>,
                               _ out: inout FrozenArrays, _ children: inout [Int32]) {
        let source = nodes[Int(old)]
        let index = Int(out.newIndex[Int(old)])
        let blockStart = Int32(out.nodes.count)
        let group = groups.literalEdges(of: old)
        if group.count > Self.linearScanLimit {
            let capacity = placeHashTable(group, groups, keys, &out, &children)
            out.nodes[index].literals = .hashTable(start: blockStart, slots: Int32(capacity))
        } else {
            for e in group {
                let edge = edges[Int(groups.edgesByParent[Int(e)])]
                out.newIndex[Int(edge.child)] = Int32(out.nodes.count)
                out.nodes.append(literalRecord(edge, keys, &out.literalBytes))
                children.append(edge.child)
            }
            out.nodes[index].literals = .list(start: blockStart, count: Int32(group.count))
        }
        var extra = NodeExtra()
        extra.catchAllRoute = source.catchAllRoute
        let typedChildren = groups.typedByParent[old] ?? []
        extra.typedStart = Int32(out.typedEdges.count)
        extra.typedCount = Int32(typedChildren.count)
        for (converter, child) in typedChildren {
            out.newIndex[Int(child)] = Int32(out.nodes.count)
            out.nodes.append(TrieNode())
            out.typedEdges.append(TypedEdge(converter: converter, child: out.newIndex[Int(child)]))
            children.append(child)
        }
        if source.hasParam {
            out.newIndex[Int(source.param)] = Int32(out.nodes.count)
            out.nodes.append(TrieNode())
            children.append(source.param)
        }
        out.nodes[index].paramChild = source.hasParam ? out.newIndex[Int(source.param)] : TrieNode.none
        out.nodes[index].route = source.route
        if !extra.isEmpty {
            out.nodes[index].extra = Int32(out.extras.count)
            out.extras.append(extra)
        }
    }

    /// Places the literal edges `group` as a hash table at the end of `out.nodes`, each at
    /// its home slot or the first free slot after it, and lists their children in slot order.
    /// - Returns: the table's slots.
    private func placeHashTable(_ group: Range<Int32>, _ groups: ChildGroups, _ keys: UnsafeBufferPointer<UInt8>,
                                _ out: inout FrozenArrays, _ children: inout [Int32]) -> Int {
        let blockStart = out.nodes.count
        let capacity = Self.hashCapacity(group.count)
        out.nodes.append(contentsOf: repeatElement(TrieNode(), count: capacity))
        var placed: [(slot: Int, child: Int32)] = []
        placed.reserveCapacity(group.count)
        for e in group {
            let edge = edges[Int(groups.edgesByParent[Int(e)])]
            var slot = Word.homeSlot(edge.hash, slots: capacity)
            while out.nodes[blockStart + slot].hasLiteral { slot = slot + 1 == capacity ? 0 : slot + 1 }
            out.nodes[blockStart + slot] = literalRecord(edge, keys, &out.literalBytes)
            placed.append((slot, edge.child))
        }
        placed.sort { $0.slot < $1.slot }
        for (slot, child) in placed {
            out.newIndex[Int(child)] = Int32(blockStart + slot)
            children.append(child)
        }
        return capacity
    }

    /// The record of a literal child: its key (a long one's bytes appended to
    /// `literalBytes`), the rest filled when its parent's children are placed.
    private func literalRecord(_ edge: Edge, _ keys: UnsafeBufferPointer<UInt8>,
                               _ literalBytes: inout [UInt8]) -> TrieNode {
        let count = Int(edge.keyLength)
        let bytes = (keys.baseAddress ?? UnsafePointer(bitPattern: 1)!) + Int(edge.keyStart)
        var node = TrieNode()
        if count <= 8 {
            node.key = Word.shortKey(bytes, count, available: count, fold: false)
        } else {
            node.key = UInt64(literalBytes.count)
            literalBytes.append(contentsOf: UnsafeBufferPointer(start: bytes, count: count))
        }
        node.keyLength = Int32(count)
        return node
    }

    /// The frozen trie over the placed arrays, with the pattern text, route records and
    /// capture specs copied at their exact sizes.
    private func frozenTrie(_ out: FrozenArrays) -> FrozenTrie {
        // A copy at its exact size: the text grew by appending.
        let text = String(unsafeUninitializedCapacity: patternText.utf8.count) { buffer in
            _ = buffer.initialize(from: patternText.utf8)
            return patternText.utf8.count
        }
        // A sentinel record, so every route's text and captures end where the next begin.
        var records: [RouteRecord] = []
        records.reserveCapacity(routes.count + 1)
        records += routes
        records.append(RouteRecord(patternOffset: Int32(text.utf8.count),
                                   capturesStart: Int32(captureSpecs.count), owner: -1))
        var specs: [CaptureSpec] = []
        specs.reserveCapacity(captureSpecs.count)
        specs += captureSpecs
        return FrozenTrie(
            nodes: out.nodes, nodeCount: nodes.count, extras: out.extras, literalBytes: out.literalBytes,
            typedEdges: out.typedEdges, converters: converters, routes: records,
            captureSpecs: specs, patternText: text, owners: owners, pathRoot: 0, schemeRoot: 1,
            maxDepth: maxDepth, options: options)
    }

    /// Hash table slots for `count` literals: at most four-fifths full, so that a probe
    /// for a missing literal stops at an empty slot after a few records.
    static func hashCapacity(_ count: Int) -> Int {
        count + count / 4 + 1
    }
}
