/// Turns pattern text into a ``RoutePattern`` (Matching rules, "Pattern syntax"), reporting the first problem with
/// its column.
struct PatternParser {
    let text: String
    let converters: Set<String>
    private let bytes: [UInt8]
    /// An ASCII pattern's columns are its byte offsets plus one: no characters to count.
    private let isASCII: Bool

    init(text: String, converters: Set<String>) {
        self.text = text
        self.converters = converters
        self.bytes = Array(text.utf8)
        self.isASCII = bytes.allSatisfy { $0 < 0x80 }
    }

    func parse() throws(PatternError) -> RoutePattern {
        PatternParses.counter?.count()
        let n = bytes.count
        if let index = bytes.firstIndex(where: { $0 == ASCII.question || $0 == ASCII.hash }) {
            throw error(at: index, isOptionalMark(at: index) ? .optionalSegment : .queryOrFragment)
        }
        var segments: [RoutePattern.Segment] = []
        segments.reserveCapacity(8)
        var i = 0
        var hasScheme = false
        if let schemeEnd = literalSchemeEnd() {
            let scheme = String(decoding: bytes[0..<schemeEnd].map(ASCII.lowercased), as: UTF8.self)
            segments.append(.init(kind: .literal(scheme), column: 1, nameRange: nil))
            hasScheme = true
            i = schemeEnd + 1
        } else if n >= 2, bytes[0] == ASCII.star, bytes[1] == ASCII.colon {
            segments.append(.init(kind: .wildcard, column: 1, nameRange: nil))
            hasScheme = true
            i = 2
        } else if let nameEnd = parameterSchemeEnd() {
            let name = string(1, nameEnd)
            segments.append(.init(kind: .parameter(name: name, converter: nil), column: 1,
                                  nameRange: 1..<nameEnd))
            hasScheme = true
            i = nameEnd + 1
        }

        var hasAuthority = false
        var hasHost = false
        if hasScheme, i + 1 < n, bytes[i] == ASCII.slash, bytes[i + 1] == ASCII.slash {
            hasAuthority = true
            i += 2
            var end = i
            while end < n, bytes[end] != ASCII.slash { end += 1 }
            if end > i {
                segments.append(try segment(from: i, to: end, isHost: true))
                hasHost = true
            }
            i = end
        }
        let hasLeadingSlash = !hasScheme && n > 0 && bytes[0] == ASCII.slash

        while i < n {
            if bytes[i] == ASCII.slash { i += 1; continue }
            var end = i
            while end < n, bytes[end] != ASCII.slash { end += 1 }
            segments.append(try segment(from: i, to: end, isHost: false))
            i = end
        }

        if segments.isEmpty {
            throw PatternError(pattern: text, column: 1, reason: .noSegment)
        }
        for (index, segment) in segments.enumerated() {
            if segment.isCatchAll && index != segments.count - 1 {
                throw PatternError(pattern: text, column: segment.column, reason: .catchAllNotLast("\(segment)"))
            }
            // A pattern has a handful of names: a scan beats a dictionary per pattern.
            if let name = segment.parameterName,
               segments[..<index].contains(where: { $0.parameterName == name }) {
                throw PatternError(pattern: text, column: segment.column, reason: .duplicateParameterName(name))
            }
        }
        return RoutePattern(text: text, segments: segments, hasScheme: hasScheme,
                            hasAuthority: hasAuthority, hasHost: hasHost,
                            hasLeadingSlash: hasLeadingSlash)
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

    private func segment(from start: Int, to end: Int, isHost: Bool) throws(PatternError) -> RoutePattern.Segment {
        let column = column(at: start)
        let first = bytes[start]
        let length = end - start
        func make(_ kind: RoutePattern.Segment.Kind, name: Range<Int>? = nil) -> RoutePattern.Segment {
            .init(kind: kind, column: column, nameRange: name)
        }
        switch first {
        case ASCII.star:
            if length == 1 { return make(.wildcard) }
            if bytes[start + 1] == ASCII.star {
                if length == 2 { return make(.catchAll(name: nil)) }
                try validateName(from: start + 2, to: end, segmentStart: start)
                return make(.catchAll(name: string(start + 2, end)), name: (start + 2)..<end)
            }
            throw error(at: start, .invalidStarSegment(string(start, end)))
        case ASCII.tilde where length == 1:
            return make(.wildcard)
        case ASCII.colon:
            try validateName(from: start + 1, to: end, segmentStart: start)
            return make(.parameter(name: string(start + 1, end), converter: nil), name: (start + 1)..<end)
        case ASCII.lessThan:
            guard bytes[end - 1] == ASCII.greaterThan, length >= 2 else {
                throw error(at: start, .unclosedTypedParameter)
            }
            guard let colon = bytes[(start + 1)..<(end - 1)].firstIndex(of: ASCII.colon) else {
                throw error(at: start, .typedParameterSyntax(string(start + 1, end - 1)))
            }
            let type = string(start + 1, colon)
            guard !type.isEmpty else { throw error(at: start, .missingConverterType) }
            try validateName(from: colon + 1, to: end - 1, segmentStart: start)
            let name = string(colon + 1, end - 1)
            let converter: String?
            if type == "string" {
                converter = nil
            } else if BuiltInConverter(name: Substring(type)) != nil || converters.contains(type) {
                converter = type
            } else {
                throw error(at: start + 1, .unknownConverter(type))
            }
            return make(.parameter(name: name, converter: converter), name: (colon + 1)..<(end - 1))
        default:
            let literal: String
            if !isHost && !bytes[start..<end].contains(ASCII.percent) {
                literal = string(start, end)  // the common case: nothing to decode
            } else {
                if let problem = bytes.withUnsafeBufferPointer({
                    PercentDecoding.firstProblem(in: $0, from: start, to: end)
                }) {
                    throw error(at: problem.offset, problem.isBadEscape ? .badEscape : .invalidUTF8)
                }
                literal = bytes.withUnsafeBufferPointer {
                    PercentDecoding.string($0, from: start, to: end, lowercased: isHost)
                }
            }
            if isHost, hasPortOrUserinfo(from: start, to: end) {
                throw error(at: start, .hostWithPortOrUserinfo(literal))
            }
            return make(.literal(literal))
        }
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

    /// The 1-based character column of a UTF-8 offset.
    private func column(at offset: Int) -> Int {
        if isASCII { return offset + 1 }
        let index = text.utf8.index(text.utf8.startIndex, offsetBy: offset)
        return text[..<index].count + 1
    }

    /// Offsets passed here are segment starts, `%` signs or starts of characters, so
    /// they always fall on a Unicode scalar boundary.
    private func error(at offset: Int, _ reason: PatternError.Reason) -> PatternError {
        PatternError(pattern: text, column: column(at: offset), reason: reason)
    }

    /// Whether the `?` at `index` marks an optional parameter as other routers write it
    /// (`:id?`, `<int:id>?`): it ends a segment that starts with `:` or `<`.
    private func isOptionalMark(at index: Int) -> Bool {
        guard bytes[index] == ASCII.question, index + 1 == bytes.count || bytes[index + 1] == ASCII.slash else { return false }
        var start = index
        while start > 0, bytes[start - 1] != ASCII.slash { start -= 1 }
        return start < index && (bytes[start] == ASCII.colon || bytes[start] == ASCII.lessThan)
    }
}
