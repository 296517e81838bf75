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
                    nameOffset: patternOffset + Int32(name.lowerBound),
                    nameLength: Int32(name.count), position: Int32(position),
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
        routes.append(RouteRecord(
            patternOffset: patternOffset, patternLength: Int32(pattern.text.utf8.count),
            capturesStart: capturesStart, captureCount: Int32(captureSpecs.count) - capturesStart,
            owner: ownerID))
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

    /// Lays the trie out breadth-first in flat arrays, so siblings sit side by side.
    func freeze() -> RouteStorage {
        var order = [0, 1]
        var newIndex = [Int](repeating: -1, count: nodes.count)
        newIndex[0] = 0
        newIndex[1] = 1
        var cursor = 0
        while cursor < order.count {
            let old = order[cursor]
            cursor += 1
            // Children in any order: literals are found by exact bytes, so their order
            // cannot change a match; the description sorts them for display.
            var children = Array(nodes[old].literals.values)
            children += nodes[old].typed.sorted { $0.key < $1.key }.map(\.value)
            if nodes[old].param >= 0 { children.append(nodes[old].param) }
            for child in children {
                newIndex[child] = order.count
                order.append(child)
            }
        }

        var frozen = [TrieNode](repeating: TrieNode(), count: order.count)
        var literalEdges: [LiteralEdge] = []
        var literalBytes: [UInt8] = []
        var hashSlots: [Int32] = []
        var typedEdges: [TypedEdge] = []
        for (index, old) in order.enumerated() {
            let source = nodes[old]
            var node = TrieNode()
            node.route = source.route
            node.catchAllRoute = source.catchAllRoute
            node.paramChild = source.param >= 0 ? Int32(newIndex[source.param]) : -1
            node.literalStart = Int32(literalEdges.count)
            node.literalCount = Int32(source.literals.count)
            for (key, child) in source.literals {
                let hash = key.bytes.withUnsafeBufferPointer { segmentHash($0.baseAddress!, $0.count, fold: false) }
                literalEdges.append(LiteralEdge(
                    offset: Int32(literalBytes.count), length: Int32(key.bytes.count),
                    child: Int32(newIndex[child]), hash: hash))
                literalBytes += key.bytes
            }
            if source.literals.count > Self.linearScanLimit {
                var capacity = 1
                while capacity < source.literals.count * 2 { capacity <<= 1 }
                node.hashStart = Int32(hashSlots.count)
                node.hashMask = Int32(capacity - 1)
                hashSlots += repeatElement(-1, count: capacity)
                for edgeIndex in Int(node.literalStart)..<literalEdges.count {
                    var slot = Int(literalEdges[edgeIndex].hash) & (capacity - 1)
                    while hashSlots[Int(node.hashStart) + slot] >= 0 { slot = (slot + 1) & (capacity - 1) }
                    hashSlots[Int(node.hashStart) + slot] = Int32(edgeIndex)
                }
            }
            node.typedStart = Int32(typedEdges.count)
            node.typedCount = Int32(source.typed.count)
            for (converter, child) in source.typed.sorted(by: { $0.key < $1.key }) {
                typedEdges.append(TypedEdge(converter: converter, child: Int32(newIndex[child])))
            }
            frozen[index] = node
        }
        var text = patternText
        text.makeContiguousUTF8()
        return RouteStorage(
            nodes: frozen, literalEdges: literalEdges, literalBytes: literalBytes, hashSlots: hashSlots,
            typedEdges: typedEdges, converters: converters, routes: routes, captureSpecs: captureSpecs,
            patternText: text, owners: owners, pathRoot: 0, schemeRoot: 1, maxDepth: maxDepth,
            options: options)
    }
}
