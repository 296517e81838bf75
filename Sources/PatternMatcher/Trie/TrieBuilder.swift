/// The mutable trie used while a table is built; ``freeze()`` lays it out flat.
struct TrieBuilder {
    private struct Node {
        var literals: [LiteralKey: Int] = [:]
        var typed: [Int32: Int] = [:]
        var param = -1
        var catchAllRoute: Int32 = -1
        var route: Int32 = -1
    }

    /// A literal's bytes as a dictionary key, hashed in one call rather than per byte, and
    /// compared byte for byte (a `String` key would merge NFC and NFD spellings).
    struct LiteralKey: Hashable {
        var bytes: [UInt8]
        func hash(into hasher: inout Hasher) {
            bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
        }
    }

    /// Routes that landed on a terminal slot (a route or catch-all) already taken: they
    /// have the same shape as the route there (SPEC §4). Keyed by the first route.
    private(set) var sameShape: [Int32: [Int32]] = [:]

    /// Literal children of a node are scanned when there are at most this many, and
    /// found through a hash table otherwise, so 10,000 siblings cost what 10 do.
    static let linearScanLimit = 8

    private let options: MatchOptions
    private let converters: [any ParameterConverter]
    private let converterIDs: [String: Int32]
    private var nodes = [Node(), Node()]  // 0: URLs without a scheme, 1: with one
    private var routes: [RouteRecord] = []
    private var captureSpecs: [CaptureSpec] = []
    private var patternText = ""
    private var owners: [String] = []
    private var ownerIDs: [String: Int32] = [:]
    private var maxDepth = 0

    init(options: MatchOptions, converters: [any ParameterConverter], expectedRoutes: Int = 0) {
        self.options = options
        nodes.reserveCapacity(2 + expectedRoutes * 2)
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
        var node = pattern.hasScheme ? 1 : 0
        maxDepth = max(maxDepth, pattern.segments.count)
        for (position, segment) in pattern.segments.enumerated() {
            if let name = segment.nameRange {
                captureSpecs.append(CaptureSpec(
                    nameOffset: patternOffset + Int32(name.lowerBound), position: Int32(position),
                    isRest: segment.isCatchAll))
            }
            switch segment.kind {
            case .literal(let text):
                let key = LiteralKey(bytes: options.caseInsensitivePaths ? text.utf8.map(ASCII.lowercased) : Array(text.utf8))
                node = child(of: node, existing: nodes[node].literals[key]) { $0.literals[key] = $1 }
            case .parameter(_, let converter?):
                let id = converterIDs[converter]!
                node = child(of: node, existing: nodes[node].typed[id]) { $0.typed[id] = $1 }
            case .parameter(_, nil), .wildcard:
                let existing = nodes[node].param
                node = child(of: node, existing: existing >= 0 ? existing : nil) { $0.param = $1 }
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

    private mutating func occupy(_ node: Int, catchAll: Bool, with route: Int32) {
        let taken = catchAll ? nodes[node].catchAllRoute : nodes[node].route
        if taken >= 0 {
            sameShape[taken, default: []].append(route)
        } else if catchAll {
            nodes[node].catchAllRoute = route
        } else {
            nodes[node].route = route
        }
    }

    private mutating func child(of node: Int, existing: Int?, link: (inout Node, Int) -> Void) -> Int {
        if let existing { return existing }
        let new = nodes.count
        nodes.append(Node())
        link(&nodes[node], new)
        return new
    }

    /// Lays the trie out breadth-first in flat arrays, so siblings sit side by side, each
    /// array allocated at its exact size.
    func freeze() -> RouteStorage {
        var order = [0, 1]
        order.reserveCapacity(nodes.count)
        var newIndex = [Int](repeating: -1, count: nodes.count)
        newIndex[0] = 0
        newIndex[1] = 1
        var cursor = 0
        var edgeCount = 0, literalByteCount = 0, typedCount = 0, extraCount = 0
        while cursor < order.count {
            let old = order[cursor]
            cursor += 1
            let source = nodes[old]
            // Children in any order: literals are found by exact bytes, so their order
            // cannot change a match; the description sorts them for display.
            var children = Array(source.literals.values)
            children += source.typed.sorted { $0.key < $1.key }.map(\.value)
            if source.param >= 0 { children.append(source.param) }
            for child in children {
                newIndex[child] = order.count
                order.append(child)
            }
            let hashed = source.literals.count > Self.linearScanLimit
            edgeCount += hashed ? Self.hashCapacity(source.literals.count) : source.literals.count
            literalByteCount += source.literals.keys.reduce(0) { $0 + ($1.bytes.count > 8 ? $1.bytes.count : 0) }
            typedCount += source.typed.count
            if source.catchAllRoute >= 0 || !source.typed.isEmpty { extraCount += 1 }
        }

        var frozen = [TrieNode](repeating: TrieNode(), count: order.count)
        var extras: [NodeExtra] = []
        extras.reserveCapacity(extraCount)
        var literalEdges: [LiteralEdge] = []
        literalEdges.reserveCapacity(edgeCount)
        var literalBytes: [UInt8] = []
        literalBytes.reserveCapacity(literalByteCount)
        var typedEdges: [TypedEdge] = []
        typedEdges.reserveCapacity(typedCount)
        for (index, old) in order.enumerated() {
            let source = nodes[old]
            var node = TrieNode()
            var extra = NodeExtra()
            node.route = source.route
            extra.catchAllRoute = source.catchAllRoute
            node.paramChild = source.param >= 0 ? Int32(newIndex[source.param]) : -1
            node.literalStart = Int32(literalEdges.count)
            var edges: [(edge: LiteralEdge, hash: UInt32)] = []
            edges.reserveCapacity(source.literals.count)
            for (key, child) in source.literals {
                let count = key.bytes.count
                key.bytes.withUnsafeBufferPointer { bytes in
                    let base = bytes.baseAddress ?? UnsafePointer(bitPattern: 1)!
                    var word: UInt64
                    if count <= 8 {
                        word = shortKey(base, count, available: count, fold: false)
                    } else {
                        word = UInt64(literalBytes.count)
                        literalBytes += bytes
                    }
                    let hash = literalHash(word: word, base, count, fold: false)
                    edges.append((LiteralEdge(key: word, length: Int32(count), child: Int32(newIndex[child])), hash))
                }
            }
            if edges.count > Self.linearScanLimit {
                let capacity = Self.hashCapacity(edges.count)
                var table = [LiteralEdge](repeating: .empty, count: capacity)
                for (edge, hash) in edges {
                    var slot = Int(hash) & (capacity - 1)
                    while table[slot].child >= 0 { slot = (slot + 1) & (capacity - 1) }
                    table[slot] = edge
                }
                literalEdges += table
                node.literalCount = -Int32(capacity)
            } else {
                literalEdges += edges.map(\.edge)
                node.literalCount = Int32(edges.count)
            }
            extra.typedStart = Int32(typedEdges.count)
            extra.typedCount = Int32(source.typed.count)
            for (converter, child) in source.typed.sorted(by: { $0.key < $1.key }) {
                typedEdges.append(TypedEdge(converter: converter, child: Int32(newIndex[child])))
            }
            if !extra.isEmpty {
                node.extra = Int32(extras.count)
                extras.append(extra)
            }
            frozen[index] = node
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
        return RouteStorage(
            nodes: frozen, extras: extras, literalEdges: literalEdges, literalBytes: literalBytes,
            typedEdges: typedEdges, converters: converters, routes: records,
            captureSpecs: specs, patternText: text, owners: owners, pathRoot: 0, schemeRoot: 1,
            maxDepth: maxDepth, options: options)
    }

    /// Hash table slots for `count` literals: a power of two, at most three-quarters full.
    static func hashCapacity(_ count: Int) -> Int {
        var capacity = 1
        while capacity * 3 < count * 4 + 4 { capacity <<= 1 }
        return capacity
    }
}
