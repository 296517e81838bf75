/// Every route matching one URL, in precedence order (Matching rules, "Which route wins"), found lazily.
///
/// ```swift
/// for match in table.matches("reader://user/42") {
///     if handle(match) { break }      // a handler that declines lets the next one try
/// }
/// ```
public struct MatchSequence<Value: Sendable>: Sendable, Sequence {
    let table: RouteTable<Value>
    let url: String
    /// Where the search starts.
    let start: Start

    /// Where a sequence's search starts.
    enum Start: Sendable {
        /// At the root: every match.
        case root
        /// Where it found a match of this table for this URL (``RouteTable/matches(after:)``).
        case after(Found)
        /// Nowhere: the sequence is empty (a match of another table).
        case nowhere
    }

    init(table: RouteTable<Value>, url: String, start: Start = .root) {
        self.table = table
        self.url = url
        self.start = start
    }

    /// Why the URL is malformed, if it is; a malformed URL yields no match.
    public var malformed: MalformedURLError? {
        if case .malformed(let problem) = table.storage.firstMatch(url) { return problem.error(for: url, limits: table.options.limits) }
        return nil
    }

    public func makeIterator() -> Iterator { Iterator(table: table, url: url, start: start) }

    /// Resumes the search after each match; each trie node is entered at most once.
    public struct Iterator: IteratorProtocol, Sendable {
        let table: RouteTable<Value>
        let url: String
        private var layout = URLLayout.empty
        private var frames: [Frame] = []
        private var scratch: [UInt8] = []
        private var state = SearchState(depth: -1, visited: 0)

        /// - Parameters:
        ///   - url: a string that entered the engine (``ContiguousUTF8/entering(_:)``).
        ///   - start: where the search starts; after a match, the first match returned is the
        ///     one after it.
        init(table: RouteTable<Value>, url: String, start: Start) {
            self.table = table
            self.url = url
            if case .nowhere = start { return }
            let storage = table.storage
            var frames: [Frame] = []
            var layout = URLLayout.empty
            let problem = ContiguousUTF8.withBytes(of: url) { bytes in
                // Bounded by the URL's own segments as well as by the deepest pattern, so a
                // table with one very deep pattern does not make every lookup pay for it.
                let capacity = storage.frameCapacity(for: bytes)
                frames = Array(repeating: Frame(node: 0, stage: 0, segment: KeySegment()), count: capacity)
                return frames.withUnsafeMutableBufferPointer { buffer in
                    URLLayout.parse(bytes, limits: storage.options.limits, segments: buffer.baseAddress,
                                    capacity: capacity, into: &layout)
                }
            }
            guard problem == nil else { return }
            frames[0].node = layout.schemeEnd >= 0 ? storage.schemeRoot : storage.pathRoot
            var state = SearchState(depth: 0, visited: 1)
            if case .after(let found) = start {
                // Not a match of this table for this URL: nothing follows it.
                guard let resumed = frames.withUnsafeMutableBufferPointer({
                    storage.resumePoint(after: found, frames: $0.baseAddress!, capacity: $0.count)
                }) else { return }
                state = resumed
            }
            self.frames = frames
            self.layout = layout
            scratch = Array(repeating: 0, count: layout.keyHasPercent ? layout.count : 0)
            self.state = state
        }

        public mutating func next() -> RouteMatch<Value>? {
            guard state.depth >= 0 else { return nil }
            let storage = table.storage
            let url = url
            let layout = layout
            let caseInsensitive = storage.options.caseInsensitivePaths
            return ContiguousUTF8.withBytes(of: url) { bytes -> RouteMatch<Value>? in
                scratch.withUnsafeMutableBufferPointer { scratch in
                    frames.withUnsafeMutableBufferPointer { frames in
                        let input = MatchInput(
                            bytes: bytes.baseAddress ?? UnsafePointer(bitPattern: 1)!,
                            scratch: scratch.baseAddress, count: layout.count, caseInsensitive: caseInsensitive)
                        guard let hit = storage.advance(&state, frames.baseAddress!, input, url: url) else { return nil }
                        let found = storage.found(hit, layout, frames.baseAddress!)
                        return RouteMatch(value: table.values[Int(hit.route)],
                                          raw: RawMatch(storage: storage, url: url, found: found))
                    }
                }
            }
        }
    }
}
