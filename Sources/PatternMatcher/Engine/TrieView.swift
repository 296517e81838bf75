/// A frozen trie's arrays, read through raw pointers for the length of one lookup: the only
/// way the lookups (the direct walk and the full search) read nodes, extras, literal bytes
/// and typed edges by index.
///
/// Made by ``FrozenTrie/withView(_:)`` (or, on the direct walk's hot path, from the same
/// four buffers opened in place), and valid only inside the closure that opened them: the
/// view holds the arrays' storage without retaining it, so it is never stored or returned.
///
/// Invariants, which every read below relies on:
/// - each buffer is the whole of the trie's array of that name;
/// - every index a node holds (its literal block, parameter child, extra, a literal's
///   offset in the literal bytes) and every index an extra or a typed edge holds lies
///   inside its array, and every literal of a hash table is reached by probing from its
///   home slot before an empty slot.
///
/// The builder establishes them once, when it freezes the trie. In a build with internal
/// checks, ``FrozenTrie/_checkInvariants()`` checks them at every freeze and
/// ``_checkInvariants(of:)`` the first at every view made; each read asserts its index in
/// a debug build.
struct TrieView {
    private let nodes: UnsafeBufferPointer<TrieNode>
    private let extras: UnsafeBufferPointer<NodeExtra>
    private let literalBytes: UnsafeBufferPointer<UInt8>
    /// `literalBytes`' first byte; any non-null address when there are none (never read then).
    private let literalBase: UnsafePointer<UInt8>
    private let typedEdges: UnsafeBufferPointer<TypedEdge>

    init(nodes: UnsafeBufferPointer<TrieNode>, extras: UnsafeBufferPointer<NodeExtra>,
                     literalBytes: UnsafeBufferPointer<UInt8>, typedEdges: UnsafeBufferPointer<TypedEdge>) {
        self.nodes = nodes
        self.extras = extras
        self.literalBytes = literalBytes
        self.literalBase = literalBytes.baseAddress ?? UnsafePointer(bitPattern: 1)!
        self.typedEdges = typedEdges
    }

    /// Traps unless this view's buffers are the whole of `trie`'s arrays (the first of
    /// the invariants above; ``FrozenTrie/_checkInvariants()`` checks the others at freeze).
    func _checkInvariants(of trie: FrozenTrie) {
        precondition(nodes.count == trie.nodes.count && extras.count == trie.extras.count
                     && literalBytes.count == trie.literalBytes.count && typedEdges.count == trie.typedEdges.count,
                     "a trie view covers the whole of its trie's arrays")
    }

    /// The node at `index`.
    @inline(__always)
    func node(_ index: Int32) -> TrieNode {
        assert(index >= 0 && Int(index) < nodes.count, "node index in range")
        return nodes[Int(index)]
    }

    /// The extra parts of `node`, or the defaults (no catch-all, no typed children).
    @inline(__always)
    func extra(of node: TrieNode) -> NodeExtra {
        guard node.hasExtra else { return NodeExtra() }
        assert(Int(node.extra) < extras.count, "extra index in range")
        return extras[Int(node.extra)]
    }

    /// The typed edge at `index` of ``FrozenTrie/typedEdges`` (an index of an extra's
    /// ``NodeExtra/typedRange``).
    @inline(__always)
    func typedEdge(_ index: Int) -> TypedEdge {
        assert(index >= 0 && index < typedEdges.count, "typed edge index in range")
        return typedEdges[index]
    }

    /// Whether `child`'s literal is the `length` bytes at `key`, whose first eight bytes are
    /// `word` (as ``Word/shortKey(_:_:available:fold:)`` reads them, when `length <= 8`).
    @inline(__always)
    private func literal(of child: TrieNode, is key: UnsafePointer<UInt8>, length: Int, word: UInt64,
                         fold: Bool) -> Bool {
        guard Int(child.keyLength) == length else { return false }
        if length <= 8 { return child.key == word }
        assert(Int(child.key) + length <= literalBytes.count, "literal bytes in range")
        return Word.bytesEqual(key, literalBase + Int(child.key), length, fold: fold)
    }

    /// The literal child of `node` whose literal is the `length` bytes at `key`, or `nil`:
    /// a scan of its block, or probes of its hash table.
    ///
    /// - Parameters:
    ///   - word: the key's first eight bytes as ``Word/shortKey(_:_:available:fold:)``
    ///     reads them (folded when `fold` is set), when `length <= 8`.
    ///   - fold: whether `key` is compared lowercased (literals are stored folded).
    ///   - hash: gives the key's ``Word/literalHash(word:_:_:fold:)``; asked for only
    ///     when the block is a hash table.
    @inline(__always)
    func findLiteral(in node: TrieNode, key: UnsafePointer<UInt8>, length: Int, word: UInt64, fold: Bool,
                     hash: () -> UInt32) -> Int32? {
        let block = node.literals
        let start = Int(block.start)
        assert(start >= 0 && block.range.upperBound <= nodes.count, "literal block in range")
        guard block.isHashed else {
            for child in start..<(start &+ Int(block.slots))
            where literal(of: nodes[child], is: key, length: length, word: word, fold: fold) {
                return Int32(truncatingIfNeeded: child)
            }
            return nil
        }
        let slots = Int(block.slots)
        var slot = Word.homeSlot(hash(), slots: slots)
        // A table is never full (``TrieBuilder/hashCapacity(_:)``), so an empty slot ends
        // every probe sequence.
        while true {
            let child = nodes[start &+ slot]
            if !child.hasLiteral { return nil }
            if literal(of: child, is: key, length: length, word: word, fold: fold) {
                return Int32(truncatingIfNeeded: start &+ slot)
            }
            slot &+= 1
            if slot == slots { slot = 0 }
        }
    }
}

extension FrozenTrie {
    /// Calls `body` with a view of this trie's arrays, valid only during the call.
    @inline(__always)
    func withView<Result>(_ body: (TrieView) -> Result) -> Result {
        nodes.withUnsafeBufferPointer { nodes in
            extras.withUnsafeBufferPointer { extras in
                literalBytes.withUnsafeBufferPointer { literalBytes in
                    typedEdges.withUnsafeBufferPointer { typedEdges in
                        let view = TrieView(nodes: nodes, extras: extras, literalBytes: literalBytes, typedEdges: typedEdges)
                        #if URLROUTER_INTERNAL_CHECKS
                        view._checkInvariants(of: self)
                        #endif
                        return body(view)
                    }
                }
            }
        }
    }
}
