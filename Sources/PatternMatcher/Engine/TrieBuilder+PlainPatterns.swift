extension TrieBuilder {
    /// Inserts a plain pattern (the shape most tables are made of) as route number `route`
    /// while reading it, without the parser: a path from `/`, or from a lowercase
    /// `scheme://host` (a host of lowercase letters, digits, `-` and `.`), whose segments are
    /// literals without `%`, `?` or `#`, `:name` parameters and `<type:name>` parameters of a
    /// built-in type (`int`, `uuid`, `double`, `string`), with distinct valid names.
    ///
    /// Anything else (another scheme or host, `*`, `**`, `~`, a declared converter, an
    /// escape, a query, a bad or repeated name, no segment) makes it return `false`. By then it has
    /// made the trie operations that the general path makes first for the same pattern, in
    /// the same order (literal, parameter and typed children, which that path finds again), and
    /// taken back its captures; nothing else has changed, so the general path parses the
    /// pattern and reports its problem as if this one had not run.
    /// - Returns: whether the pattern was inserted.
    mutating func insertPlain(_ bytes: UnsafeBufferPointer<UInt8>, route: Int32, owner: Int32) -> Bool {
        let count = bytes.count
        guard count >= 2, let base = bytes.baseAddress else { return false }
        let patternOffset = Int32(patternBytes.count)
        let capturesStart = captureSpecs.count
        var node: Int32 = 0
        var position = 0
        var i = 1
        if base[0] != ASCII.slash {
            // The scheme and the host are the first two key positions, under the root of
            // the patterns with a scheme.
            guard let (scheme, host) = Self.plainSchemeAndHost(base, count) else { return false }
            node = literalChild(of: 1, key: UnsafeBufferPointer(rebasing: bytes[scheme]))
            node = literalChild(of: node, key: UnsafeBufferPointer(rebasing: bytes[host]))
            position = 2
            i = host.upperBound
        }
        // Ranges a match records before this segment: one per parameter.
        var recordedRanges: Int32 = 0
        while i < count {
            let byte = base[i]
            if byte == ASCII.slash { i &+= 1; continue }
            if byte == ASCII.colon {
                guard let end = plainParameterEnd(base, count, from: i &+ 1, capturesStart: capturesStart,
                                                  patternOffset: patternOffset) else { break }
                captureSpecs.append(CaptureSpec(nameOffset: patternOffset + Int32(i &+ 1), position: Int32(position),
                                                isRest: false, slot: recordedRanges))
                node = parameterChild(of: node)
                recordedRanges &+= 1
                i = end
            } else if byte == ASCII.lessThan {
                guard let typed = plainTypedParameter(base, count, from: i, capturesStart: capturesStart,
                                                      patternOffset: patternOffset) else { break }
                captureSpecs.append(CaptureSpec(nameOffset: patternOffset + Int32(typed.name), position: Int32(position),
                                                isRest: false, slot: recordedRanges))
                node = typed.converter.map { typedChild(of: node, converter: $0) } ?? parameterChild(of: node)
                recordedRanges &+= 1
                i = typed.end
            } else {
                if byte == ASCII.star || byte == ASCII.tilde { break }
                let (end, word) = Word.scanSegment(base, count: count, from: i)
                // `%`, `?` or `#`: an escape to decode, or a problem to report.
                if end < count, base[end] != ASCII.slash { break }
                // A space around the segment, or another router's `{name}`: the parser reports it.
                let last = base[end &- 1]
                if ASCII.isSpaceOrTab(byte) || ASCII.isSpaceOrTab(last)
                    || (byte == ASCII.openBrace && last == ASCII.closeBrace && end &- i >= 2) { break }
                node = literalChild(of: node, key: UnsafeBufferPointer(start: base + i, count: end &- i), word: word)
                i = end
            }
            position &+= 1
        }
        guard i >= count, position > 0 else {
            captureSpecs.removeSubrange(capturesStart...)
            return false
        }
        occupy(node, catchAll: false, with: route)
        appendRoute(bytes: bytes, depth: position, capturesStart: Int32(capturesStart), owner: owner)
        return true
    }

    /// Where the scheme and the host of a pattern that starts with a plain `scheme://host`
    /// lie: a scheme of lowercase letters, digits, `+`, `-` and `.` after a letter, and a
    /// host of lowercase letters, digits, `-` and `.`, ending at a `/` or the end; `nil`
    /// for any other start (an uppercase letter to fold, a port, userinfo, an escape, an
    /// empty host, a parameter or a wildcard), which the parser reads.
    private static func plainSchemeAndHost(_ base: UnsafePointer<UInt8>,
                                           _ count: Int) -> (scheme: Range<Int>, host: Range<Int>)? {
        guard ASCII.isAlpha(base[0]), !ASCII.isUpper(base[0]) else { return nil }
        var j = 1
        while j < count, ASCII.isSchemeCharacter(base[j]) {
            if ASCII.isUpper(base[j]) { return nil }
            j &+= 1
        }
        guard j &+ 3 < count, base[j] == ASCII.colon, base[j &+ 1] == ASCII.slash, base[j &+ 2] == ASCII.slash else {
            return nil
        }
        let hostStart = j &+ 3
        var k = hostStart
        while k < count, base[k] != ASCII.slash {
            let byte = base[k]
            guard (ASCII.isAlpha(byte) && !ASCII.isUpper(byte)) || ASCII.isDigit(byte)
                    || byte == ASCII.minus || byte == ASCII.dot else { return nil }
            k &+= 1
        }
        guard k > hostStart else { return nil }
        return (0..<j, hostStart..<k)
    }

    /// The end of the name of a `:name` segment whose name starts at `start`, or `nil` when
    /// the name is empty, invalid or used before in the pattern (whose earlier names are
    /// the captures from `capturesStart` on).
    private func plainParameterEnd(_ base: UnsafePointer<UInt8>, _ count: Int, from start: Int,
                                   capturesStart: Int, patternOffset: Int32) -> Int? {
        let end = Self.nameEnd(base, count, from: start)
        guard end > start, end == count || base[end] == ASCII.slash,
              isNewName(base, count, from: start, to: end, capturesStart: capturesStart, patternOffset: patternOffset)
        else { return nil }
        return end
    }

    /// A `<type:name>` segment starting at `start` whose type is built in, read as the parser
    /// reads it: where its name starts, where the segment ends, and its converter (`nil` for
    /// `string`, a plain parameter); `nil` for any other segment starting with `<`, or a name
    /// that is invalid or used before in the pattern, which the parser reads or reports.
    private func plainTypedParameter(_ base: UnsafePointer<UInt8>, _ count: Int, from start: Int, capturesStart: Int,
                                     patternOffset: Int32) -> (name: Int, end: Int, converter: Int32?)? {
        var colon = start &+ 1
        while colon < count, ASCII.isAlpha(base[colon]) { colon &+= 1 }
        guard colon < count, base[colon] == ASCII.colon else { return nil }
        let type = UnsafeBufferPointer(start: base + start + 1, count: colon &- start &- 1)
        let converter: Int32?
        if let builtIn = BuiltInConverter(named: type) {
            converter = Int32(builtIn.rawValue)
        } else if type.elementsEqual(BuiltInConverter.plainType.utf8) {
            converter = nil
        } else {
            return nil
        }
        let name = colon &+ 1
        let nameEnd = Self.nameEnd(base, count, from: name)
        let end = nameEnd &+ 1
        guard nameEnd > name, nameEnd < count, base[nameEnd] == ASCII.greaterThan, end == count || base[end] == ASCII.slash,
              isNewName(base, count, from: name, to: nameEnd, capturesStart: capturesStart, patternOffset: patternOffset)
        else { return nil }
        return (name, end, converter)
    }

    /// The end of the valid parameter name starting at `start`: `start` itself when there is none.
    private static func nameEnd(_ base: UnsafePointer<UInt8>, _ count: Int, from start: Int) -> Int {
        guard start < count, ASCII.isNameStart(base[start]) else { return start }
        var end = start &+ 1
        while end < count, ASCII.isNameCharacter(base[end]) { end &+= 1 }
        return end
    }

    /// Whether the name from `start` to `end` differs from the pattern's earlier names (the
    /// captures from `capturesStart` on, each ended by a byte that is not a name's).
    private func isNewName(_ base: UnsafePointer<UInt8>, _ count: Int, from start: Int, to end: Int,
                           capturesStart: Int, patternOffset: Int32) -> Bool {
        let length = end &- start
        for index in capturesStart..<captureSpecs.count {
            let other = Int(captureSpecs[index].nameOffset - patternOffset)
            if Self.nameEnd(base, count, from: other) &- other == length,
               Word.bytesEqual(base + other, base + start, length, fold: false) {
                return false
            }
        }
        return true
    }
}
