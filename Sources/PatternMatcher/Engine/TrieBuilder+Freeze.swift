extension TrieBuilder {
    /// Lays the trie out in flat arrays, each allocated at its exact size. Nodes are placed
    /// depth first, a node's children as one block: its literal children (a hash table
    /// when there are many), then its typed children and its parameter child, so a chain
    /// of single children runs through adjacent records.
    /// - Parameters:
    ///   - owners: the owner names, indexed by the routes' owner numbers.
    ///   - converterOwners: who declared each of ``converters``, in their order.
    mutating func freeze(owners: [String], converterOwners: [String]) -> FrozenTrie {
        precondition(converterOwners.count == converters.count, "one owner for every declared converter")
        // A sentinel record, so every route's text and captures end where the next begin
        // (the records were reserved with room for it). Taken out of the builder before the
        // layout copies it, so that appending does not copy the records.
        var records: [RouteRecord] = []
        swap(&records, &routes)
        records.append(RouteRecord(patternOffset: Int32(patternBytes.count),
                                   capturesStart: Int32(captureSpecs.count), owner: -1))
        var specs: [CaptureSpec] = []
        swap(&specs, &captureSpecs)
        if specs.capacity - specs.count > specs.count / 8 {
            // Reserved for one a route, and far fewer came: a copy at the exact size.
            var exact: [CaptureSpec] = []
            exact.reserveCapacity(specs.count)
            exact += specs
            specs = exact
        }
        var layout = FrozenLayout(self)
        layout.placeAll()
        // Every byte came from a string: nothing to repair.
        let text = String(decoding: patternBytes, as: UTF8.self)
        let storage = FrozenTrie(
            nodes: layout.frozen, nodeCount: nodes.count, extras: layout.extras, literalBytes: layout.literalBytes,
            typedEdges: layout.typedEdges, converters: converters, converterOwners: converterOwners, routes: records,
            captureSpecs: specs, patternText: text, owners: owners, pathRoot: 0, schemeRoot: 1,
            maxDepth: maxDepth, options: options)
        #if URLROUTER_INTERNAL_CHECKS
        storage._checkInvariants()
        #endif
        return storage
    }
}

/// The frozen trie's node arrays while ``TrieBuilder/freeze(owners:converterOwners:)`` fills them, and the
/// builder's edges grouped by parent to fill them from.
private struct FrozenLayout {
    let builder: TrieBuilder
    /// Literal edges of node `n`: `edgesByParent[firstEdge[n] ..< firstEdge[n + 1]]`, in the
    /// order they were made.
    private var firstEdge: [Int32]
    private var edgesByParent: [Int32]

    private(set) var frozen: [TrieNode] = []
    private(set) var extras: [NodeExtra] = []
    private(set) var literalBytes: [UInt8] = []
    private(set) var typedEdges: [TypedEdge] = []

    init(_ builder: TrieBuilder) {
        self.builder = builder
        let nodes = builder.nodes
        // A counting sort of the literal edges by parent.
        firstEdge = [Int32](repeating: 0, count: nodes.count + 1)
        for node in 0..<nodes.count { firstEdge[node + 1] = firstEdge[node] + nodes[node].literalCount }
        // Each edge goes where its parent's group ends so far (`firstEdge[n + 1]`, counted
        // down from the group's end), which leaves `firstEdge[n + 1]` at the group's start,
        // `firstEdge[n]`: one place to the left of where it is read.
        edgesByParent = [Int32](repeating: 0, count: builder.edges.count)
        for index in builder.edges.indices.reversed() {
            let slot = Int(builder.edges[index].parent) + 1
            firstEdge[slot] -= 1
            edgesByParent[Int(firstEdge[slot])] = Int32(index)
        }
        firstEdge.removeFirst()
        firstEdge.append(Int32(builder.edges.count))
        reserveExactly()
    }

    /// The typed child of builder node `old` whose converter is the lowest above `above`, if
    /// any: a node's typed children (one or two, chained as they were made) are placed in
    /// converter order, their precedence.
    private func typedChild(of old: Int, above: Int32) -> TrieBuilder.TypedChild? {
        var next: TrieBuilder.TypedChild?
        var index = builder.nodes[old].lastTyped
        while index != TrieNode.none {
            let child = builder.typedChildren[Int(index)]
            if child.converter > above, child.converter < next?.converter ?? .max { next = child }
            index = child.previous
        }
        return next
    }

    /// Every array at the size it will have, so that none grows past it.
    private mutating func reserveExactly() {
        let nodes = builder.nodes
        var recordCount = nodes.count, extraCount = 0
        for old in 0..<nodes.count {
            let literals = Int(nodes[old].literalCount)
            if literals > TrieBuilder.linearScanLimit { recordCount += TrieBuilder.hashCapacity(literals) - literals }
            if nodes[old].hasCatchAll || nodes[old].lastTyped != TrieNode.none { extraCount += 1 }
        }
        var literalByteCount = 0
        for edge in builder.edges where edge.keyLength > 8 { literalByteCount += Int(edge.keyLength) }
        frozen.reserveCapacity(recordCount)
        extras.reserveCapacity(extraCount)
        literalBytes.reserveCapacity(literalByteCount)
        typedEdges.reserveCapacity(builder.typedChildren.count)
    }

    /// Places the two roots, then every node's children as one block, depth first.
    mutating func placeAll() {
        frozen.append(TrieNode())
        frozen.append(TrieNode())
        // Builder nodes whose record is placed (at `index`) but whose children are not, the
        // next on top: a node's children are pushed in block order, then turned around.
        var pending: [(old: Int32, index: Int32)] = [(1, 1), (0, 0)]
        while let (old, index) = pending.popLast() {
            let mark = pending.count
            placeChildren(of: old, at: Int(index), into: &pending)
            var (low, high) = (mark, pending.count - 1)
            while low < high {
                pending.swapAt(low, high)
                (low, high) = (low + 1, high - 1)
            }
        }
    }

    /// Places the children of builder node `old`, whose record is `frozen[index]`, as one
    /// block and fills in its record; `children` receives them in block order.
    private mutating func placeChildren(of old: Int32, at index: Int, into children: inout [(old: Int32, index: Int32)]) {
        let source = builder.nodes[Int(old)]
        var record = frozen[index]
        let blockStart = Int32(frozen.count)
        record.literals = .list(start: blockStart, count: 0)
        record.route = source.route
        let group = Int(firstEdge[Int(old)])..<Int(firstEdge[Int(old) + 1])
        if group.isEmpty, source.lastTyped == TrieNode.none, !source.hasParam, !source.hasCatchAll {
            // A leaf, as most nodes are: its record needs only the route.
            frozen[index] = record
            return
        }
        if group.count > TrieBuilder.linearScanLimit {
            record.literals = .hashTable(start: blockStart, slots: Int32(placeHashedBlock(group, into: &children)))
        } else {
            for e in group {
                let edge = builder.edges[Int(edgesByParent[e])]
                place(edge.child, as: literalRecord(edge), into: &children)
            }
            record.literals = .list(start: blockStart, count: Int32(group.count))
        }
        var extra = NodeExtra()
        extra.catchAllRoute = source.catchAllRoute
        extra.typedStart = Int32(typedEdges.count)
        var placed: Int32 = -1
        while let typed = typedChild(of: Int(old), above: placed) {
            let child = place(typed.child, as: TrieNode(), into: &children)
            typedEdges.append(TypedEdge(converter: typed.converter, child: child))
            placed = typed.converter
        }
        extra.typedCount = Int32(typedEdges.count) - extra.typedStart
        if source.hasParam {
            record.paramChild = place(source.param, as: TrieNode(), into: &children)
        }
        if !extra.isEmpty {
            record.extra = Int32(extras.count)
            extras.append(extra)
        }
        frozen[index] = record
    }

    /// Appends `record` as the record of builder node `old`.
    /// - Returns: its index.
    @discardableResult
    private mutating func place(_ old: Int32, as record: TrieNode, into children: inout [(old: Int32, index: Int32)]) -> Int32 {
        let index = Int32(frozen.count)
        frozen.append(record)
        children.append((old, index))
        return index
    }

    /// Places the literal children of `group` as a hash table of ``TrieBuilder/hashCapacity(_:)``
    /// records at the end of `frozen`, each at its probe position.
    /// - Returns: the table's capacity.
    private mutating func placeHashedBlock(_ group: Range<Int>, into children: inout [(old: Int32, index: Int32)]) -> Int {
        let blockStart = frozen.count
        let capacity = TrieBuilder.hashCapacity(group.count)
        frozen.append(contentsOf: repeatElement(TrieNode(), count: capacity))
        // The builder node of each slot, so that children are listed in slot order: the
        // depth-first layout follows the table.
        var childOfSlot = [Int32](repeating: -1, count: capacity)
        for e in group {
            let edge = builder.edges[Int(edgesByParent[e])]
            var slot = Word.homeSlot(edge.hash, slots: capacity)
            while childOfSlot[slot] >= 0 { slot = slot + 1 == capacity ? 0 : slot + 1 }
            frozen[blockStart + slot] = literalRecord(edge)
            childOfSlot[slot] = edge.child
        }
        for (slot, child) in childOfSlot.enumerated() where child >= 0 {
            children.append((child, Int32(blockStart + slot)))
        }
        return capacity
    }

    /// The record of a literal child: its key, the rest filled when its children are placed.
    private mutating func literalRecord(_ edge: TrieBuilder.Edge) -> TrieNode {
        let count = Int(edge.keyLength)
        var node = TrieNode()
        node.keyLength = Int32(count)
        builder.keyBytes.withUnsafeBufferPointer { keys in
            let bytes = keys.baseAddress! + Int(edge.keyStart)
            if count <= 8 {
                node.key = Word.shortKey(bytes, count, available: count, fold: false)
            } else {
                node.key = UInt64(literalBytes.count)
                literalBytes.append(contentsOf: UnsafeBufferPointer(start: bytes, count: count))
            }
        }
        return node
    }
}
