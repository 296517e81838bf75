/// Reads pattern text (Matching rules, "Pattern syntax") into ``ParsedSegment``s, reporting the
/// first problem with its column.
///
/// It works on the pattern's UTF-8 bytes and makes no string: a segment is a byte range of
/// the pattern, or of ``decoded`` for a literal that had to be percent-decoded or lowercased.
/// The segment buffers are kept from one pattern to the next, so a table builder parses
/// thousands of patterns without an allocation per pattern; ``RoutePattern`` turns the
/// ranges into strings when a caller asks for one.
struct PatternParser {
    /// The declared converters' names: `<name:id>` with the i-th is converter `3 + i`
    /// (0–2 are the built-in ones, ``BuiltInConverter``).
    let converters: [String]
    /// The segments of the pattern parsed last.
    private(set) var segments: [ParsedSegment] = []
    /// Decoded literal bytes of the pattern parsed last (an uppercase scheme or host, escaped literals).
    private(set) var decoded: [UInt8] = []
    /// The pattern being parsed, and its bytes while ``parse(_:)`` runs.
    private var text = ""
    private var bytes = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
    private var isASCII = true
    /// Whether the pattern holds a `%` anywhere: without one, no literal needs decoding.
    private var hasAnyPercent = false

    init(converters: [String]) {
        self.converters = converters
        segments.reserveCapacity(16)
    }

    /// Parses `text`, leaving its segments in ``segments`` and ``decoded``.
    mutating func parse(_ text: String) throws(PatternError) -> ParsedShape {
        self.text = text
        if !segments.isEmpty { segments.removeAll(keepingCapacity: true) }
        if !decoded.isEmpty { decoded.removeAll(keepingCapacity: true) }
        // The outcome leaves the closure as a value: `withBytes` rethrows untyped errors.
        let outcome = ContiguousUTF8.withBytes(of: text) { bytes -> Result<ParsedShape, PatternError> in
            // The pointer is valid inside this closure only, and read only by `read()`.
            self.bytes = bytes
            defer { self.bytes = UnsafeBufferPointer(start: nil, count: 0) }
            do throws(PatternError) {
                return .success(try read())
            } catch {
                return .failure(error)
            }
        }
        return try outcome.get()
    }

    /// The bytes of a literal segment of the pattern parsed last, whose text is `bytes`.
    @inline(__always)
    func withLiteral<R>(_ segment: ParsedSegment, in bytes: UnsafeBufferPointer<UInt8>,
                        _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        let range = Int(segment.literalStart)..<Int(segment.literalEnd)
        if !segment.isDecoded { return body(UnsafeBufferPointer(rebasing: bytes[range])) }
        return decoded.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[range])) }
    }

    /// The name of converter `id`.
    func converterName(_ id: Int32) -> String {
        BuiltInConverter.name(ofConverter: id) { converters[$0] }
    }
}

/// What a pattern is beyond its segments.
struct ParsedShape {
    var hasScheme = false
    var hasAuthority = false
    var hasHost = false
    var hasLeadingSlash = false
    /// Whether every byte is ASCII, so that a column is a byte offset plus one.
    var isASCII = true
}

/// One key position as the parser reads it: ranges, no strings. Made whole by one
/// initializer: a record filled field by field on the stack and then copied costs a
/// stalled load per segment.
struct ParsedSegment {
    enum Kind: UInt8 { case literal, parameter, typed, wildcard, catchAll }

    /// The UTF-8 offset in the pattern where the segment starts.
    let start: Int32
    /// The name of a parameter or named catch-all: the pattern's bytes `nameStart..<nameEnd`
    /// (empty for none).
    let nameStart: Int32
    let nameEnd: Int32
    /// A literal's bytes: the pattern's, or ``PatternParser/decoded``'s when `isDecoded`.
    let literalStart: Int32
    let literalEnd: Int32
    /// A typed parameter's converter id.
    let converter: Int32
    let kind: Kind
    let isDecoded: Bool

    init(_ kind: Kind, start: Int, name: Range<Int> = 0..<0, literal: Range<Int> = 0..<0,
         isDecoded: Bool = false, converter: Int32 = -1) {
        self.start = Int32(start)
        self.nameStart = Int32(name.lowerBound)
        self.nameEnd = Int32(name.upperBound)
        self.literalStart = Int32(literal.lowerBound)
        self.literalEnd = Int32(literal.upperBound)
        self.converter = converter
        self.kind = kind
        self.isDecoded = isDecoded
    }

    var hasName: Bool { nameEnd > nameStart }
    var isCatchAll: Bool { kind == .catchAll }
}

extension PatternParser {
    private mutating func read() throws(PatternError) -> ParsedShape {
        var shape = ParsedShape()
        try scanWhole()
        shape.isASCII = isASCII
        var i = readScheme(&shape)
        if shape.hasScheme, i + 1 < bytes.count, bytes[i] == ASCII.slash, bytes[i + 1] == ASCII.slash {
            shape.hasAuthority = true
            i += 2
            let end = segmentEnd(from: i)
            if end > i {
                try segment(from: i, to: end, isHost: true)
                shape.hasHost = true
            }
            i = end
        }
        shape.hasLeadingSlash = !shape.hasScheme && !bytes.isEmpty && bytes[0] == ASCII.slash
        while i < bytes.count {
            if bytes[i] == ASCII.slash { i += 1; continue }
            let end = segmentEnd(from: i)
            try segment(from: i, to: end, isHost: false)
            i = end
        }
        if segments.isEmpty {
            throw PatternError(pattern: text, column: 1, reason: .noSegment)
        }
        try checkNamesAndCatchAll()
        return shape
    }

    /// One pass over the whole pattern before its segments: it notes whether the pattern
    /// is ASCII and holds a `%`, and refuses a `?` or `#` (before any problem in a segment).
    private mutating func scanWhole() throws(PatternError) {
        // The bits of every byte or-ed: non-ASCII when the high bit is set.
        var bits: UInt8 = 0
        var query = -1
        var percent = false
        for i in 0..<bytes.count {
            let byte = bytes[i]
            bits |= byte
            percent = percent || byte == ASCII.percent
            if byte == ASCII.question || byte == ASCII.hash {
                query = i
                break
            }
        }
        hasAnyPercent = percent
        isASCII = query < 0 ? bits < 0x80 : !bytes.contains { $0 >= 0x80 }
        if query >= 0 {
            throw error(at: query, isOptionalMark(at: query) ? .optionalSegment : .queryOrFragment)
        }
    }

    private func hasPercent(from start: Int, to end: Int) -> Bool {
        var i = start
        while i < end {
            if bytes[i] == ASCII.percent { return true }
            i += 1
        }
        return false
    }

    private func segmentEnd(from start: Int) -> Int {
        var end = start
        while end < bytes.count, bytes[end] != ASCII.slash { end += 1 }
        return end
    }

    /// Reads a scheme (`reader:`, `*:`, `:name:`) if the pattern starts with one.
    /// - Returns: the offset after it (0 without one).
    private mutating func readScheme(_ shape: inout ParsedShape) -> Int {
        let n = bytes.count
        if let schemeEnd = literalSchemeEnd() {
            segments.append(lowercased(from: 0, to: schemeEnd))
            shape.hasScheme = true
            return schemeEnd + 1
        } else if n >= 2, bytes[0] == ASCII.star, bytes[1] == ASCII.colon {
            segments.append(ParsedSegment(.wildcard, start: 0))
            shape.hasScheme = true
            return 2
        } else if let nameEnd = parameterSchemeEnd() {
            segments.append(ParsedSegment(.parameter, start: 0, name: 1..<nameEnd))
            shape.hasScheme = true
            return nameEnd + 1
        }
        return 0
    }

    /// A catch-all only last, and no name twice (reported in segment order).
    private func checkNamesAndCatchAll() throws(PatternError) {
        for index in segments.indices {
            let segment = segments[index]
            if segment.isCatchAll && index != segments.count - 1 {
                let shown = "**" + string(Int(segment.nameStart), Int(segment.nameEnd))
                throw error(at: Int(segment.start), .catchAllNotLast(shown))
            }
            // A pattern has a handful of names: a scan beats a dictionary per pattern.
            guard segment.hasName else { continue }
            let name = range(segment.nameStart, segment.nameEnd)
            if segments[..<index].contains(where: { $0.hasName && range($0.nameStart, $0.nameEnd).elementsEqual(name) }) {
                throw error(at: Int(segment.start), .duplicateParameterName(string(Int(segment.nameStart), Int(segment.nameEnd))))
            }
        }
    }

    private func range(_ start: Int32, _ end: Int32) -> Slice<UnsafeBufferPointer<UInt8>> {
        bytes[Int(start)..<Int(end)]
    }

    /// The offset of the `:` ending a literal scheme (`ALPHA *(ALPHA / DIGIT / + - .)`).
    private func literalSchemeEnd() -> Int? {
        guard let first = bytes.first, ASCII.isAlpha(first) else { return nil }
        var j = 1
        while j < bytes.count, ASCII.isSchemeCharacter(bytes[j]) { j += 1 }
        return j < bytes.count && bytes[j] == ASCII.colon ? j : nil
    }

    /// The offset of the `:` ending a `:name:` scheme parameter.
    private func parameterSchemeEnd() -> Int? {
        guard bytes.count >= 3, bytes[0] == ASCII.colon, ASCII.isNameStart(bytes[1]) else { return nil }
        var j = 2
        while j < bytes.count, ASCII.isNameCharacter(bytes[j]) { j += 1 }
        return j < bytes.count && bytes[j] == ASCII.colon ? j : nil
    }

    private mutating func segment(from start: Int, to end: Int, isHost: Bool) throws(PatternError) {
        // Spellings that would be silent literals: a space typed by accident, another
        // router's `{name}`.
        if ASCII.isSpaceOrTab(bytes[start]) || ASCII.isSpaceOrTab(bytes[end - 1]) {
            throw error(at: start, .surroundingSpace(string(start, end)))
        }
        if end - start >= 2, bytes[start] == ASCII.openBrace, bytes[end - 1] == ASCII.closeBrace {
            throw error(at: start, .braceParameter(string(start, end)))
        }
        let segment: ParsedSegment
        switch bytes[start] {
        case ASCII.star:
            segment = try star(from: start, to: end)
        case ASCII.tilde where end - start == 1:
            segment = ParsedSegment(.wildcard, start: start)
        case ASCII.colon:
            try validateName(from: start + 1, to: end, segmentStart: start)
            segment = ParsedSegment(.parameter, start: start, name: (start + 1)..<end)
        case ASCII.lessThan:
            segment = try typed(from: start, to: end)
        default:
            segment = try literal(from: start, to: end, isHost: isHost)
        }
        segments.append(segment)
    }

    /// `*`, `**` or `**name`.
    private func star(from start: Int, to end: Int) throws(PatternError) -> ParsedSegment {
        if end - start == 1 { return ParsedSegment(.wildcard, start: start) }
        guard bytes[start + 1] == ASCII.star else {
            throw error(at: start, .invalidStarSegment(string(start, end)))
        }
        guard end - start > 2 else { return ParsedSegment(.catchAll, start: start) }
        try validateName(from: start + 2, to: end, segmentStart: start)
        return ParsedSegment(.catchAll, start: start, name: (start + 2)..<end)
    }

    /// `<type:name>`; `<string:name>` is a plain parameter.
    private func typed(from start: Int, to end: Int) throws(PatternError) -> ParsedSegment {
        guard end - start >= 2, bytes[end - 1] == ASCII.greaterThan else {
            throw error(at: start, .unclosedTypedParameter)
        }
        guard let colon = bytes[(start + 1)..<(end - 1)].firstIndex(of: ASCII.colon) else {
            throw error(at: start, .typedParameterSyntax(string(start + 1, end - 1)))
        }
        guard colon > start + 1 else { throw error(at: start, .missingConverterType) }
        try validateName(from: colon + 1, to: end - 1, segmentStart: start)
        let type = UnsafeBufferPointer(rebasing: bytes[(start + 1)..<colon])
        if type.elementsEqual(BuiltInConverter.plainType.utf8) {
            return ParsedSegment(.parameter, start: start, name: (colon + 1)..<(end - 1))
        }
        guard let id = converterID(type) else {
            throw error(at: start + 1, .unknownConverter(string(start + 1, colon)))
        }
        return ParsedSegment(.typed, start: start, name: (colon + 1)..<(end - 1), converter: id)
    }

    private func converterID(_ type: UnsafeBufferPointer<UInt8>) -> Int32? {
        if let builtIn = BuiltInConverter(named: type) { return Int32(builtIn.rawValue) }
        for (i, name) in converters.enumerated() where type.elementsEqual(name.utf8) {
            return Int32(3 + i)
        }
        return nil
    }

    /// A literal: the pattern's bytes when there is nothing to decode or lowercase (the
    /// common case), else decoded (and, for a host, lowercased) into `decoded`.
    private mutating func literal(from start: Int, to end: Int, isHost: Bool) throws(PatternError) -> ParsedSegment {
        let segment = try literalBytes(from: start, to: end, isHost: isHost)
        if isHost, hasPortOrUserinfo(from: start, to: end) {
            throw error(at: start, .hostWithPortOrUserinfo(withLiteral(segment, in: bytes) { String(decoding: $0, as: UTF8.self) }))
        }
        return segment
    }

    /// The literal's bytes, decoded (and, for a host, lowercased) when they must be.
    private mutating func literalBytes(from start: Int, to end: Int, isHost: Bool) throws(PatternError) -> ParsedSegment {
        let hasPercent = hasAnyPercent && hasPercent(from: start, to: end)
        if !hasPercent {
            guard isHost else { return ParsedSegment(.literal, start: start, literal: start..<end, isDecoded: false) }
            return lowercased(from: start, to: end)
        }
        if let problem = PercentDecoding.firstProblem(in: bytes, from: start, to: end) {
            throw error(at: problem.offset, problem.isBadEscape ? .badEscape : .invalidUTF8)
        }
        let first = decoded.count
        decoded.append(contentsOf: repeatElement(0, count: end - start))
        let count = decoded.withUnsafeMutableBufferPointer { output in
            let base = output.baseAddress! + first
            let count = PercentDecoding.decode(bytes, from: start, to: end, into: base)
            if isHost { for i in 0..<count { base[i] = ASCII.lowercased(base[i]) } }
            return count
        }
        decoded.removeLast(end - start - count)
        return ParsedSegment(.literal, start: start, literal: first..<(first + count), isDecoded: true)
    }

    /// The literal segment of the pattern's bytes `start..<end` lowercased: those bytes when
    /// none is uppercase (as a scheme and a host mostly are), else a lowercased copy in `decoded`.
    private mutating func lowercased(from start: Int, to end: Int) -> ParsedSegment {
        guard bytes[start..<end].contains(where: ASCII.isUpper) else {
            return ParsedSegment(.literal, start: start, literal: start..<end, isDecoded: false)
        }
        let first = decoded.count
        decoded += bytes[start..<end].lazy.map(ASCII.lowercased)
        return ParsedSegment(.literal, start: start, literal: first..<decoded.count, isDecoded: true)
    }

    /// Whether an authority written as `bytes[start..<end]` holds userinfo or a port, read
    /// as a URL's is (Matching rules, "From a URL to a route key"): an `@`, or a `:` outside an IP literal's brackets. Escaped
    /// ones (`%3A`, `%40`) are host data, as they are in a URL.
    private func hasPortOrUserinfo(from start: Int, to end: Int) -> Bool {
        var inBrackets = false
        for byte in bytes[start..<end] {
            switch byte {
            case ASCII.at: return true
            case ASCII.openBracket: inBrackets = true
            case ASCII.closeBracket: inBrackets = false
            case ASCII.colon where !inBrackets: return true
            default: break
            }
        }
        return false
    }

    private func validateName(from start: Int, to end: Int, segmentStart: Int) throws(PatternError) {
        guard start < end else {
            throw error(at: segmentStart, .emptyParameterName)
        }
        guard ASCII.isNameStart(bytes[start]),
              bytes[(start + 1)..<end].allSatisfy(ASCII.isNameCharacter) else {
            let name = string(start, end)
            // `/a(/:b)`, an optional group as other routers write it, ends in a name with `)`.
            throw error(at: segmentStart, name.hasSuffix(")") && text.contains("(") ? .optionalSegment : .invalidParameterName(name))
        }
    }

    private func string(_ start: Int, _ end: Int) -> String {
        String(decoding: bytes[start..<end], as: UTF8.self)
    }

    /// Offsets passed here are segment starts, `%` signs or starts of characters, so
    /// they always fall on a Unicode scalar boundary.
    private func error(at offset: Int, _ reason: PatternError.Reason) -> PatternError {
        PatternError(pattern: text, column: Self.column(at: offset, in: text, isASCII: isASCII), reason: reason)
    }

    /// Whether the `?` at `index` marks an optional parameter as other routers write it
    /// (`:id?`, `<int:id>?`): it ends a segment that starts with `:` or `<`.
    private func isOptionalMark(at index: Int) -> Bool {
        guard bytes[index] == ASCII.question, index + 1 == bytes.count || bytes[index + 1] == ASCII.slash else { return false }
        var start = index
        while start > 0, bytes[start - 1] != ASCII.slash { start -= 1 }
        return start < index && (bytes[start] == ASCII.colon || bytes[start] == ASCII.lessThan)
    }

    /// The 1-based character column of a UTF-8 offset of `text`.
    static func column(at offset: Int, in text: String, isASCII: Bool) -> Int {
        if isASCII { return offset + 1 }
        let index = text.utf8.index(text.utf8.startIndex, offsetBy: offset)
        return text[..<index].count + 1
    }
}
