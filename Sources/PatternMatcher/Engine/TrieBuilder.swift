/// The mutable trie used while a table is built; ``freeze()`` lays it out flat.
///
/// Nodes are plain values; every literal edge of the whole trie lives in one
/// open-addressing table keyed by (parent, bytes), so inserting a route allocates no
/// per-node dictionary and hashes each literal once, with the function the frozen
/// table uses.
struct TrieBuilder {
    private struct Node {
        var param: Int32 = -1
        var catchAllRoute: Int32 = -1
        var route: Int32 = -1
        var literalCount: Int32 = 0
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
                if nodes[Int(node)].param < 0 { nodes[Int(node)].param = newNode() }
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
        if taken >= 0 {
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
        // Literal edges grouped by parent (a counting sort), and typed children by parent.
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

        var recordCount = nodes.count, literalByteCount = 0, extraCount = 0
        for old in 0..<nodes.count {
            let literals = Int(nodes[old].literalCount)
            if literals > Self.linearScanLimit { recordCount += Self.hashCapacity(literals) - literals }
            let typedChildren = typedByParent[Int32(old)]?.count ?? 0
            if nodes[old].catchAllRoute >= 0 || typedChildren > 0 { extraCount += 1 }
        }
        for edge in edges where edge.keyLength > 8 { literalByteCount += Int(edge.keyLength) }

        var frozen: [TrieNode] = []
        frozen.reserveCapacity(recordCount)
        var extras: [NodeExtra] = []
        extras.reserveCapacity(extraCount)
        var literalBytes: [UInt8] = []
        literalBytes.reserveCapacity(literalByteCount)
        var typedEdges: [TypedEdge] = []
        typedEdges.reserveCapacity(typed.count)
        var newIndex = [Int32](repeating: -1, count: nodes.count)
        frozen.append(TrieNode())
        frozen.append(TrieNode())
        newIndex[0] = 0
        newIndex[1] = 1
        keyBytes.withUnsafeBufferPointer { keys in
            let keyBase = keys.baseAddress ?? UnsafePointer(bitPattern: 1)!
            /// The record of a literal child: its key, the rest filled when it is placed.
            func literalRecord(_ edge: Edge) -> TrieNode {
                let count = Int(edge.keyLength)
                let bytes = keyBase + Int(edge.keyStart)
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
            // Old nodes whose record is placed but whose children are not, the next on top.
            var pending: [Int32] = [1, 0]
            var children: [Int32] = []
            while let old = pending.popLast() {
                let source = nodes[Int(old)]
                let index = Int(newIndex[Int(old)])
                children.removeAll(keepingCapacity: true)
                let blockStart = Int32(frozen.count)
                let group = firstEdge[Int(old)]..<firstEdge[Int(old) + 1]
                if group.count > Self.linearScanLimit {
                    let capacity = Self.hashCapacity(group.count)
                    frozen.append(contentsOf: repeatElement(TrieNode(), count: capacity))
                    var placed: [(slot: Int, child: Int32)] = []
                    placed.reserveCapacity(group.count)
                    for e in group {
                        let edge = edges[Int(edgesByParent[Int(e)])]
                        var slot = Word.homeSlot(edge.hash, slots: capacity)
                        while frozen[Int(blockStart) + slot].hasLiteral { slot = slot + 1 == capacity ? 0 : slot + 1 }
                        frozen[Int(blockStart) + slot] = literalRecord(edge)
                        placed.append((slot, edge.child))
                    }
                    placed.sort { $0.slot < $1.slot }
                    for (slot, child) in placed {
                        newIndex[Int(child)] = blockStart + Int32(slot)
                        children.append(child)
                    }
                    frozen[index].literals = .hashTable(start: blockStart, slots: Int32(capacity))
                } else {
                    for e in group {
                        let edge = edges[Int(edgesByParent[Int(e)])]
                        newIndex[Int(edge.child)] = Int32(frozen.count)
                        frozen.append(literalRecord(edge))
                        children.append(edge.child)
                    }
                    frozen[index].literals = .list(start: blockStart, count: Int32(group.count))
                }
                var extra = NodeExtra()
                extra.catchAllRoute = source.catchAllRoute
                let typedChildren = typedByParent[old] ?? []
                extra.typedStart = Int32(typedEdges.count)
                extra.typedCount = Int32(typedChildren.count)
                for (converter, child) in typedChildren {
                    newIndex[Int(child)] = Int32(frozen.count)
                    frozen.append(TrieNode())
                    typedEdges.append(TypedEdge(converter: converter, child: newIndex[Int(child)]))
                    children.append(child)
                }
                if source.param >= 0 {
                    newIndex[Int(source.param)] = Int32(frozen.count)
                    frozen.append(TrieNode())
                    children.append(source.param)
                }
                frozen[index].paramChild = source.param >= 0 ? newIndex[Int(source.param)] : TrieNode.none
                frozen[index].route = source.route
                if !extra.isEmpty {
                    frozen[index].extra = Int32(extras.count)
                    extras.append(extra)
                }
                pending.append(contentsOf: children.reversed())
            }
        }
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
        let storage = FrozenTrie(
            nodes: frozen, nodeCount: nodes.count, extras: extras, literalBytes: literalBytes,
            typedEdges: typedEdges, converters: converters, routes: records,
            captureSpecs: specs, patternText: text, owners: owners, pathRoot: 0, schemeRoot: 1,
            maxDepth: maxDepth, options: options)
        #if URLROUTER_INTERNAL_CHECKS
        storage._checkInvariants()
        #endif
        return storage
    }

    /// Hash table slots for `count` literals: at most four-fifths full, so that a probe
    /// for a missing literal stops at an empty slot after a few records.
    static func hashCapacity(_ count: Int) -> Int {
        count + count / 4 + 1
    }
}
