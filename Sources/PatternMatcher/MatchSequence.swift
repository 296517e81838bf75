/// Every route matching one URL, in precedence order (SPEC §3), found lazily.
///
/// ```swift
/// for match in table.matches("reader://user/42") {
///     if handle(match) { break }      // a handler that declines lets the next one try
/// }
/// ```
public struct MatchSequence<Value: Sendable>: Sendable, Sequence {
    let table: RouteTable<Value>
    let url: String

    /// Why the URL is malformed, if it is; a malformed URL yields no match.
    public var malformed: MalformedURLError? {
        if case .malformed(let error) = table.storage.firstMatch(url) { return error }
        return nil
    }

    public func makeIterator() -> Iterator { Iterator(table: table, url: url) }

    /// Resumes the search after each match; each trie node is entered at most once.
    public struct Iterator: IteratorProtocol {
        let table: RouteTable<Value>
        let url: String
        private var layout: URLLayout?
        private var frames: [Frame] = []
        private var scratch: [UInt8] = []
        private var state = SearchState(depth: -1, computedDepth: 0, visited: 0)

        init(table: RouteTable<Value>, url: String) {
            var url = url
            url.makeContiguousUTF8()
            self.table = table
            self.url = url
            let limits = table.storage.options.limits
            layout = url.utf8.withContiguousStorageIfAvailable { bytes in
                try? URLLayout.parse(bytes, limits: limits).get()
            }!
            guard let layout else { return }
            frames = Array(repeating: Frame(node: 0, stage: 0, segment: KeySegment()),
                           count: table.storage.maxDepth + 1)
            scratch = Array(repeating: 0, count: layout.keyHasPercent ? layout.count : 0)
            state = SearchState(depth: 0, computedDepth: 0, visited: 1)
        }

        public mutating func next() -> RouteMatch<Value>? {
            guard let layout, state.depth >= 0 else { return nil }
            let storage = table.storage
            let url = url
            let caseInsensitive = storage.options.caseInsensitivePaths
            return url.utf8.withContiguousStorageIfAvailable { bytes -> RouteMatch<Value>? in
                scratch.withUnsafeMutableBufferPointer { scratch in
                    frames.withUnsafeMutableBufferPointer { frames in
                        let input = MatchInput(
                            url: url, bytes: bytes.baseAddress ?? UnsafePointer(bitPattern: 1)!,
                            scratch: scratch.baseAddress, layout: layout, caseInsensitive: caseInsensitive)
                        if state.computedDepth == 0 {
                            frames[0] = Frame(node: layout.hasScheme ? storage.schemeRoot : storage.pathRoot,
                                              stage: 0, segment: input.firstSegment())
                            state.computedDepth = 1
                        }
                        guard let hit = storage.advance(&state, frames.baseAddress!, input) else { return nil }
                        let raw = storage.makeMatch(hit, input, state, frames.baseAddress!)
                        return RouteMatch(value: table.values[Int(hit.route)], raw: raw)
                    }
                }
            }!
        }
    }
}
