/// The frozen trie: flat arrays of plain values, built once by ``RouteTableBuilder`` and
/// then only read, so lookups need no lock and share one copy across threads.
///
/// Routes are identified by their registration index; values live in the generic
/// ``RouteTable`` so that this type, and the matcher, stay non-generic.
///
/// A node's literal children are stored side by side as one block of `nodes` (a hash
/// table for a large block), each child record carrying the literal that leads to it,
/// so one probe reads the key and the child together: a lookup touches about one cache
/// line per level however large the table. Blocks are laid out depth first, so a chain
/// of single children shares lines with its parent.
@usableFromInline
final class FrozenTrie: Sendable {
    /// Every node, grouped in blocks of siblings; a hash table's empty slots are records
    /// without a literal (``TrieNode/hasLiteral`` false).
    let nodes: [TrieNode]
    /// The number of real nodes (the records of `nodes` minus the empty hash slots).
    let nodeCount: Int
    /// The rarely needed parts of some nodes (catch-all, typed children).
    let extras: [NodeExtra]
    /// The bytes of literals longer than eight bytes (shorter ones live in their node).
    let literalBytes: [UInt8]
    let typedEdges: [TypedEdge]
    /// Declared converters, sorted by name; converter id `3 + i` (ids 0–2 are built in).
    let converters: [any ParameterConverter]
    /// Who declared each converter (`converterOwners[i]` declared `converters[i]`): a table
    /// built anew from this one declares them again under their owners, so that a converter
    /// declared twice names the module that declared it first.
    let converterOwners: [String]
    /// One record per route, plus a sentinel, so each route's text and captures end where
    /// the next route's begin.
    let routes: [RouteRecord]
    let captureSpecs: [CaptureSpec]
    /// Every pattern's text, one after the other; routes and names are ranges of it, so a
    /// route's pattern or parameter name is a `Substring` read without allocating.
    let patternText: String
    let owners: [String]
    /// Roots of the URLs without a scheme and of those with one (the scheme is level 0).
    let pathRoot: Int32
    let schemeRoot: Int32
    /// The most key positions any pattern has: the deepest a lookup can go.
    let maxDepth: Int
    let options: MatchOptions

    init(nodes: [TrieNode], nodeCount: Int, extras: [NodeExtra], literalBytes: [UInt8],
         typedEdges: [TypedEdge], converters: [any ParameterConverter], converterOwners: [String], routes: [RouteRecord],
         captureSpecs: [CaptureSpec], patternText: String, owners: [String],
         pathRoot: Int32, schemeRoot: Int32, maxDepth: Int, options: MatchOptions) {
        self.nodes = nodes
        self.nodeCount = nodeCount
        self.extras = extras
        self.literalBytes = literalBytes
        self.typedEdges = typedEdges
        self.converters = converters
        self.converterOwners = converterOwners
        self.routes = routes
        self.captureSpecs = captureSpecs
        self.patternText = patternText
        self.owners = owners
        self.pathRoot = pathRoot
        self.schemeRoot = schemeRoot
        self.maxDepth = maxDepth
        self.options = options
    }

    /// The UTF-8 bytes of the pattern text as a `Substring`, without allocating.
    func text(offset: Int32, length: Int32) -> Substring {
        let utf8 = patternText.utf8
        let start = utf8.index(utf8.startIndex, offsetBy: Int(offset))
        let end = utf8.index(start, offsetBy: Int(length))
        return Substring(utf8[start..<end])
    }

    func pattern(ofRoute route: Int) -> Substring {
        let start = routes[route].patternOffset
        return text(offset: start, length: routes[route + 1].patternOffset - start)
    }

    func captureSpecs(ofRoute route: Int) -> ArraySlice<CaptureSpec> {
        captureSpecs[Int(routes[route].capturesStart)..<Int(routes[route + 1].capturesStart)]
    }

    func owner(ofRoute route: Int) -> String {
        owners[Int(routes[route].owner)]
    }

    /// A parameter's name: the run of name characters at its offset in the pattern text,
    /// which ends at the latest where the route's pattern ends.
    func name(of spec: CaptureSpec, inRoute route: Int) -> Substring {
        let end = Int(routes[route + 1].patternOffset)
        var length: Int32 = 0
        ContiguousUTF8.withBytes(of: patternText) { bytes in
            var i = Int(spec.nameOffset)
            while i < end, ASCII.isNameCharacter(bytes[i]) { i += 1 }
            length = Int32(i) - spec.nameOffset
        }
        return text(offset: spec.nameOffset, length: length)
    }

    /// The bytes of the literal that leads to `node`.
    func literalText(_ node: TrieNode) -> [UInt8] {
        let count = Int(node.keyLength)
        if count > 8 { return Array(literalBytes[Int(node.key)..<(Int(node.key) + count)]) }
        return (0..<count).map { UInt8(truncatingIfNeeded: node.key >> UInt64($0 * 8)) }
    }

    /// The literal children of `node` (their indices), without the empty slots of a hash table.
    func literalChildren(of node: TrieNode) -> [Int32] {
        node.literals.range.filter { nodes[$0].hasLiteral }.map { Int32($0) }
    }

    /// The extra parts of `node`, or the defaults (no catch-all, no typed children), as
    /// ``TrieView/extra(of:)`` reads them: for the readings outside a lookup.
    func extra(of node: TrieNode) -> NodeExtra {
        withView { $0.extra(of: node) }
    }

    /// The names of the declared converters, which this table's patterns may use.
    var converterNames: Set<String> { Set(converters.map(\.name)) }

    func converterName(_ id: Int32) -> String {
        BuiltInConverter.name(ofConverter: id) { converters[$0].name }
    }
}

/// One trie node, in 32 bytes: the literal that leads to it (when it is a literal child),
/// the route ending here and the children to try, in the order of Matching rules, "Which
/// route wins". What few nodes need lives in a ``NodeExtra``.
///
/// An index that is absent (no route, no parameter child, no extra) and the length of a
/// literal that is absent (the roots, typed and parameter children, a hash table's empty
/// slots) are stored as ``none``; read them through `has…`, not by their sign.
struct TrieNode: Sendable {
    /// The stored value of an absent index or literal.
    static let none: Int32 = -1

    /// The literal leading here: its bytes when it has at most eight (little-endian,
    /// zero-padded), else its offset in ``FrozenTrie/literalBytes``.
    var key: UInt64 = 0
    /// The literal's length, or ``none`` (see ``hasLiteral``).
    var keyLength: Int32 = none
    /// The route whose key ends exactly here, or ``none``.
    var route: Int32 = none
    /// The any-one-segment child (`:name`, `*`, `~`), or ``none``.
    var paramChild: Int32 = none
    /// Literal children: a block of `nodes`, so finding a literal needs nothing beyond the node.
    var literals = LiteralBlock.list(start: 0, count: 0)
    /// Index of this node's ``NodeExtra``, or ``none``.
    var extra: Int32 = none

    /// Whether a literal leads here: false for a root, a typed or parameter child, and for
    /// a hash table's empty slot.
    var hasLiteral: Bool { keyLength >= 0 }
    var hasRoute: Bool { route >= 0 }
    var hasParamChild: Bool { paramChild >= 0 }
    /// Whether the node has a ``NodeExtra`` (typed children or a catch-all).
    var hasExtra: Bool { extra >= 0 }
}

/// Where a node's literal children lie: the records `nodes[start ..< start + slots]`,
/// either a list to scan or, for a large block, a hash table (empty slots included; see
/// ``Word/homeSlot(_:slots:)``). Eight bytes, inside a ``TrieNode``.
struct LiteralBlock: Sendable, Equatable {
    let start: Int32
    /// The number of records, negated for a hash table, so the kind needs no byte of its own.
    private let signedCount: Int32

    private init(start: Int32, signedCount: Int32) {
        self.start = start
        self.signedCount = signedCount
    }

    /// A block of `count` children, scanned in order.
    static func list(start: Int32, count: Int32) -> LiteralBlock {
        precondition(count >= 0, "a block cannot hold fewer than no children")
        return LiteralBlock(start: start, signedCount: count)
    }

    /// A hash table of `slots` records (at least one), probed from a literal's home slot.
    static func hashTable(start: Int32, slots: Int32) -> LiteralBlock {
        precondition(slots > 0, "a hash table has slots")
        return LiteralBlock(start: start, signedCount: -slots)
    }

    var isHashed: Bool { signedCount < 0 }
    /// The records of the block, a hash table's empty slots included.
    var slots: Int32 { signedCount < 0 ? -signedCount : signedCount }
    var isEmpty: Bool { signedCount == 0 }
    /// The block's indices in `nodes`.
    var range: Range<Int> { Int(start)..<(Int(start) + Int(slots)) }
}

/// The parts few nodes need.
struct NodeExtra: Sendable {
    /// The route whose `**` hangs off this node, or ``TrieNode/none``.
    var catchAllRoute: Int32 = TrieNode.none
    /// Typed children in precedence order: `typedEdges[typedStart ..< typedStart + typedCount]`.
    var typedStart: Int32 = 0
    var typedCount: Int32 = 0

    var hasCatchAll: Bool { catchAllRoute >= 0 }
    /// The indices of the typed children in ``FrozenTrie/typedEdges``.
    var typedRange: Range<Int> { Int(typedStart)..<(Int(typedStart) + Int(typedCount)) }
    var isEmpty: Bool { !hasCatchAll && typedCount == 0 }
}

struct TypedEdge: Sendable {
    /// 0 int, 1 uuid, 2 double, then declared converters by name.
    var converter: Int32
    var child: Int32
}

struct RouteRecord: Sendable {
    var patternOffset: Int32
    var capturesStart: Int32
    var owner: Int32
}

/// Where a route's named parameter lies, in 8 bytes: the name's offset in the pattern text
/// (a name runs to the first character that cannot be in a name), and where the search
/// records its range.
struct CaptureSpec: Sendable {
    var nameOffset: Int32
    /// `slot << 3 | min(position, 2) << 1 | isRest`.
    private var packed: UInt32

    /// - Parameters:
    ///   - position: the key position (0 is the scheme and 1 the host in a pattern with a
    ///     scheme; only whether it is 0, 1 or later is kept).
    ///   - slot: the index of its range among the ranges a match records: one for every
    ///     parameter, typed or wildcard segment of the pattern, in order, then one for the
    ///     catch-all.
    init(nameOffset: Int32, position: Int32, isRest: Bool, slot: Int32) {
        self.nameOffset = nameOffset
        self.packed = UInt32(slot) << 3 | UInt32(min(position, 2)) << 1 | (isRest ? 1 : 0)
    }

    var isRest: Bool { packed & 1 != 0 }
    /// The key position when it is 0 or 1; 2 for any later one.
    var clampedPosition: Int { Int(packed >> 1 & 3) }
    var slot: Int { Int(packed >> 3) }
}
