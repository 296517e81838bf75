// Byte-level helpers shared by the URL parser, the pattern parser and the matcher.
// Everything here works on UTF-8 code units; nothing allocates.

@usableFromInline
enum ASCII {
    static let slash: UInt8 = 0x2F        // /
    static let colon: UInt8 = 0x3A        // :
    static let question: UInt8 = 0x3F     // ?
    static let hash: UInt8 = 0x23         // #
    static let percent: UInt8 = 0x25      // %
    static let at: UInt8 = 0x40           // @
    static let plus: UInt8 = 0x2B         // +
    static let space: UInt8 = 0x20
    static let ampersand: UInt8 = 0x26    // &
    static let equals: UInt8 = 0x3D       // =
    static let openBracket: UInt8 = 0x5B  // [
    static let closeBracket: UInt8 = 0x5D // ]
    static let star: UInt8 = 0x2A         // *
    static let tilde: UInt8 = 0x7E        // ~
    static let lessThan: UInt8 = 0x3C     // <
    static let greaterThan: UInt8 = 0x3E  // >
    static let minus: UInt8 = 0x2D        // -
    static let dot: UInt8 = 0x2E          // .
    static let underscore: UInt8 = 0x5F   // _
    static let tab: UInt8 = 0x09
    static let openBrace: UInt8 = 0x7B    // {
    static let closeBrace: UInt8 = 0x7D   // }

    static func isSpaceOrTab(_ byte: UInt8) -> Bool {
        byte == space || byte == tab
    }

    @inline(__always)
    static func isAlpha(_ byte: UInt8) -> Bool {
        (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A
    }

    @inline(__always)
    static func isDigit(_ byte: UInt8) -> Bool {
        byte >= 0x30 && byte <= 0x39
    }

    /// `ALPHA / DIGIT / "+" / "-" / "."`, the characters a scheme may continue with.
    @inline(__always)
    static func isSchemeCharacter(_ byte: UInt8) -> Bool {
        isAlpha(byte) || isDigit(byte) || byte == plus || byte == minus || byte == dot
    }

    @inline(__always)
    static func isNameStart(_ byte: UInt8) -> Bool {
        isAlpha(byte) || byte == underscore
    }

    @inline(__always)
    static func isNameCharacter(_ byte: UInt8) -> Bool {
        isAlpha(byte) || isDigit(byte) || byte == underscore
    }

    /// Folds an ASCII capital letter to lower case and leaves every other byte alone,
    /// so multi-byte UTF-8 sequences (`ß`, the Kelvin sign) are never touched.
    @inline(__always)
    static func lowercased(_ byte: UInt8) -> UInt8 {
        isUpper(byte) ? byte | 0x20 : byte
    }

    /// Whether `byte` is an ASCII capital letter (`A`–`Z`).
    @inline(__always)
    static func isUpper(_ byte: UInt8) -> Bool {
        byte &- 0x41 < 26
    }

    @inline(__always)
    static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case 0x30...0x39: return byte &- 0x30
        case 0x41...0x46: return byte &- 0x41 &+ 10
        case 0x61...0x66: return byte &- 0x61 &+ 10
        default: return nil
        }
    }

    static let upperHexDigits: [UInt8] = Array("0123456789ABCDEF".utf8)

    /// RFC 3986 `pchar`: unreserved, sub-delims, `:` and `@`.
    static func isPathCharacter(_ byte: UInt8) -> Bool {
        if isAlpha(byte) || isDigit(byte) { return true }
        switch byte {
        case minus, dot, underscore, tilde,                     // unreserved
             0x21, 0x24, 0x26, 0x27, 0x28, 0x29, 0x2A, 0x2B, 0x2C, 0x3B, 0x3D, // sub-delims
             colon, at:
            return true
        default:
            return false
        }
    }
}

/// Incremental UTF-8 validation, fed one byte at a time so that raw and percent-decoded
/// bytes form one stream (`%C3%A9` and `é` are both valid; `%C3` alone is not).
struct UTF8Validator {
    private var remaining = 0
    private var lower: UInt8 = 0x80
    private var upper: UInt8 = 0xBF

    /// Whether the bytes fed so far end on a character boundary.
    var isComplete: Bool { remaining == 0 }

    /// Feeds one byte; returns `false` when the stream can no longer be valid UTF-8.
    mutating func feed(_ byte: UInt8) -> Bool {
        if remaining == 0 {
            switch byte {
            case 0x00...0x7F: return true
            case 0xC2...0xDF: remaining = 1
            case 0xE0: remaining = 2; lower = 0xA0
            case 0xE1...0xEC, 0xEE...0xEF: remaining = 2
            case 0xED: remaining = 2; upper = 0x9F
            case 0xF0: remaining = 3; lower = 0x90
            case 0xF1...0xF3: remaining = 3
            case 0xF4: remaining = 3; upper = 0x8F
            default: return false
            }
            return true
        }
        guard byte >= lower && byte <= upper else { return false }
        lower = 0x80
        upper = 0xBF
        remaining -= 1
        return true
    }
}

enum PercentDecoding {
    /// Decodes `%XX` escapes of a range known to be well formed (the URL or pattern was
    /// validated first) into `output`, returning the decoded length.
    /// - Parameter plusAsSpace: query components read `+` as a space (Matching rules, "Parameters and the query").
    @inline(__always)
    static func decode(
        _ input: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int,
        into output: UnsafeMutablePointer<UInt8>, plusAsSpace: Bool = false
    ) -> Int {
        var i = start
        var written = 0
        while i < end {
            let byte = input[i]
            if byte == ASCII.percent, i + 2 < end,
               let high = ASCII.hexValue(input[i + 1]), let low = ASCII.hexValue(input[i + 2]) {
                output[written] = high << 4 | low
                i += 3
            } else {
                output[written] = (plusAsSpace && byte == ASCII.plus) ? ASCII.space : byte
                i += 1
            }
            written += 1
        }
        return written
    }

    /// Decodes a range into a new `String`; the input is valid, so the result is too.
    static func string(
        _ input: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int,
        plusAsSpace: Bool = false, lowercased: Bool = false
    ) -> String {
        String(unsafeUninitializedCapacity: max(end - start, 0)) { buffer in
            guard let base = buffer.baseAddress else { return 0 }
            let count = decode(input, from: start, to: end, into: base, plusAsSpace: plusAsSpace)
            if lowercased {
                for i in 0..<count { base[i] = ASCII.lowercased(base[i]) }
            }
            return count
        }
    }

    /// Checks that every `%` in the range starts a `%XX` escape and that the decoded bytes
    /// form valid UTF-8.
    /// - Returns: `nil` when the range is valid, else the offset of the first problem and
    ///   whether it is a bad escape (`true`) or invalid UTF-8 (`false`).
    static func firstProblem(
        in input: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int
    ) -> (offset: Int, isBadEscape: Bool)? {
        var validator = UTF8Validator()
        var sequenceStart = start
        var i = start
        while i < end {
            var byte = input[i]
            let position = i
            if byte == ASCII.percent {
                guard i + 2 < end,
                      let high = ASCII.hexValue(input[i + 1]), let low = ASCII.hexValue(input[i + 2])
                else { return (position, true) }
                byte = high << 4 | low
                i += 3
            } else {
                i += 1
            }
            if validator.isComplete { sequenceStart = position }
            guard validator.feed(byte) else { return (sequenceStart, false) }
        }
        return validator.isComplete ? nil : (sequenceStart, false)
    }
}
