@testable import PatternMatcher
import Testing

/// The word-at-a-time helpers (`Word`) against byte-by-byte references: every byte value,
/// at every byte position of a word, at every tail length a reader can meet.
@Suite("Word-at-a-time helpers")
struct WordTests {
    /// Every byte value but `/`, `?`, `#` and `%`, the bytes that end a segment's run.
    static let plainBytes: [UInt8] = (0...255).map(UInt8.init).filter { !referenceIsSpecial($0) }

    static func referenceIsSpecial(_ byte: UInt8) -> Bool {
        byte == 0x2F || byte == 0x3F || byte == 0x23 || byte == 0x25
    }

    /// `bytes` as a little-endian word, zero-padded.
    static func referenceWord(_ bytes: some Collection<UInt8>) -> UInt64 {
        precondition(bytes.count <= 8)
        var word: UInt64 = 0
        for (i, byte) in bytes.enumerated() { word |= UInt64(byte) << (8 * UInt64(i)) }
        return word
    }

    static func referenceLowercased(_ byte: UInt8) -> UInt8 {
        (0x41...0x5A).contains(byte) ? byte + 0x20 : byte
    }

    static func referenceLowercased(_ word: UInt64) -> UInt64 {
        referenceWord((0..<8).map { referenceLowercased(UInt8(truncatingIfNeeded: word >> (8 * UInt64($0)))) })
    }

    /// Runs `body` with a buffer holding exactly `bytes`, so a read past them is a read past
    /// the allocation.
    static func withExactBuffer<R>(_ bytes: [UInt8], _ body: (UnsafePointer<UInt8>) -> R) -> R {
        let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: max(bytes.count, 1))
        defer { buffer.deallocate() }
        buffer.initialize(from: bytes, count: bytes.count)
        return body(buffer)
    }

    @Test("the scalar fold is ASCII's: capitals only")
    func scalarFold() {
        for byte in UInt8.min...UInt8.max {
            #expect(ASCII.lowercased(byte) == Self.referenceLowercased(byte), "byte \(byte)")
        }
    }

    @Test("lowercasedASCII folds each byte as the scalar reference does, every value at every position",
          arguments: [UInt8(0x00), 0x40, 0x41, 0x5A, 0x5B, 0x60, 0x7F, 0x80, 0xC1, 0xDA, 0xFF])
    func lowercasedEveryByte(background: UInt8) {
        var mismatches: [String] = []
        for position in 0..<8 {
            for byte in UInt8.min...UInt8.max {
                var bytes = [UInt8](repeating: background, count: 8)
                bytes[position] = byte
                let word = Self.referenceWord(bytes)
                let expected = Self.referenceWord(bytes.map(Self.referenceLowercased))
                if Word.lowercasedASCII(word) != expected { mismatches.append("byte \(byte) at \(position)") }
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(10))")
    }

    @Test("lowercasedASCII folds every pair of neighbouring bytes independently")
    func lowercasedEveryPair() {
        var mismatches = 0
        for position in 0..<7 {
            for low in UInt8.min...UInt8.max {
                for high in UInt8.min...UInt8.max {
                    let word = UInt64(low) << (8 * UInt64(position)) | UInt64(high) << (8 * UInt64(position + 1))
                    if Word.lowercasedASCII(word) != Self.referenceLowercased(word) { mismatches += 1 }
                }
            }
        }
        #expect(mismatches == 0)
    }

    @Test("shortKey reads the first count bytes, zero-padded, for every count and every bytes available",
          arguments: 0...8)
    func shortKeyEveryTail(count: Int) {
        for available in count...16 {
            // Bytes with capitals, multi-byte lead bytes and zeros among them.
            let bytes = (0..<available).map { UInt8(truncatingIfNeeded: 0x41 &+ $0 &* 29) }
            for fold in [false, true] {
                let expected = Self.referenceWord(bytes.prefix(count).map { fold ? Self.referenceLowercased($0) : $0 })
                let word = Self.withExactBuffer(bytes) { Word.shortKey($0, count, available: available, fold: fold) }
                #expect(word == expected, "count \(count), available \(available), fold \(fold)")
            }
        }
    }

    /// The end and first word of the run at `start` in `bytes`, byte by byte.
    static func referenceScan(_ bytes: [UInt8], from start: Int) -> (end: Int, word: UInt64) {
        var end = start
        while end < bytes.count, !referenceIsSpecial(bytes[end]) { end += 1 }
        return (end, referenceWord(bytes[start..<min(end, start + 8)]))
    }

    struct ScanCase: Sendable, CustomTestStringConvertible {
        /// Bytes before the run (all `/`), so the scan starts at an offset that is not zero.
        var prefix: Int
        var testDescription: String { "run after \(prefix) bytes" }
    }

    @Test("scanSegment ends where a byte-by-byte scan does, every byte at every position of every tail",
          arguments: [ScanCase(prefix: 0), ScanCase(prefix: 3), ScanCase(prefix: 8)])
    func scanEveryByte(_ scan: ScanCase) {
        var mismatches: [String] = []
        for tail in 1...16 {
            for byte in UInt8.min...UInt8.max {
                for position in 0...tail {  // `tail`: the byte lies past the run (none in it)
                    var bytes = [UInt8](repeating: ASCII.slash, count: scan.prefix)
                    bytes += (0..<tail).map { Self.plainBytes[(Int(byte) &+ $0 &* 37) % Self.plainBytes.count] }
                    if position < tail { bytes[scan.prefix + position] = byte }
                    let expected = Self.referenceScan(bytes, from: scan.prefix)
                    let found = Self.withExactBuffer(bytes) {
                        Word.scanSegment($0, count: bytes.count, from: scan.prefix)
                    }
                    if found != expected { mismatches.append("tail \(tail), byte \(byte) at \(position)") }
                }
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(10))")
    }

    @Test("isPathSpecial is true for exactly '/', '?', '#' and '%'")
    func pathSpecialBytes() {
        for byte in UInt8.min...UInt8.max {
            #expect(Word.isPathSpecial(byte) == Self.referenceIsSpecial(byte), "byte \(byte)")
        }
    }

    /// The hash of `bytes` as the table computes it: the short key's word for eight bytes
    /// or fewer.
    static func hash(_ bytes: [UInt8], fold: Bool) -> UInt32 {
        withExactBuffer(bytes) { base in
            let word = bytes.count <= 8 ? Word.shortKey(base, bytes.count, available: bytes.count, fold: fold) : 0
            return Word.literalHash(word: word, base, bytes.count, fold: fold)
        }
    }

    static func text(_ count: Int) -> [UInt8] {
        (0..<count).map { Array("abcdefghijklmnopqrstuvwxyz0123456789-._~".utf8)[$0 % 40] }
    }

    @Test("literalHash: equal bytes hash alike wherever they lie, for every length 0...40")
    func hashOfEqualBytes() {
        for count in 0...40 {
            for fold in [false, true] {
                let bytes = Self.text(count)
                let copy = [UInt8](repeating: 0, count: 5) + bytes
                let shifted = Self.withExactBuffer(copy) { base in
                    let word = count <= 8 ? Word.shortKey(base + 5, count, available: count, fold: fold) : 0
                    return Word.literalHash(word: word, base + 5, count, fold: fold)
                }
                #expect(Self.hash(bytes, fold: fold) == shifted, "length \(count), fold \(fold)")
            }
        }
    }

    @Test("literalHash folded: every capital letter at every position hashes as its lower case",
          arguments: Array(0x41...0x5A).map(UInt8.init))
    func hashFoldsCapitals(capital: UInt8) {
        for count in 1...40 {
            for position in 0..<count {
                var upper = Self.text(count)
                var lower = upper
                upper[position] = capital
                lower[position] = capital + 0x20
                #expect(Self.hash(upper, fold: true) == Self.hash(lower, fold: false),
                        "length \(count), position \(position)")
            }
        }
    }

    @Test("literalHash counts every byte, the overlapping last word's included, for lengths 9...40")
    func hashCountsEveryByte() {
        for count in 9...40 {
            let bytes = Self.text(count)
            let original = Self.hash(bytes, fold: false)
            for position in 0..<count {
                var changed = bytes
                changed[position] ^= 0x01
                #expect(Self.hash(changed, fold: false) != original, "length \(count), position \(position)")
            }
        }
    }

    @Test("literalHash tells lengths apart: a short key and its zero-extension differ")
    func hashCountsTheLength() {
        for count in 0..<8 {
            #expect(Self.hash(Self.text(count), fold: false) != Self.hash(Self.text(count) + [0], fold: false),
                    "length \(count)")
        }
    }

    @Test("homeSlot lies in the table for every table size and the hash's extremes")
    func homeSlotInRange() {
        let hashes: [UInt32] = [0, 1, 0x7FFF_FFFF, 0x8000_0000, 0xDEAD_BEEF, .max - 1, .max]
        for slots in Array(1...2_000) + [65_535, 65_536, 1 << 20, Int(UInt32.max)] {
            for hash in hashes {
                let slot = Word.homeSlot(hash, slots: slots)
                #expect(slot >= 0 && slot < slots, "hash \(hash), \(slots) slots: \(slot)")
            }
            #expect(Word.homeSlot(0, slots: slots) == 0)
            #expect(Word.homeSlot(.max, slots: slots) == slots - 1)
        }
    }

    @Test("bytesEqual: every length 0...40, equal, with capitals folded, and with a difference at every position")
    func bytesEqualEveryPosition() {
        for count in 0...40 {
            let literal = Self.text(count)
            let capitals = literal.map { (0x61...0x7A).contains($0) ? $0 - 0x20 : $0 }
            for fold in [false, true] {
                let equal = Self.withExactBuffer(literal) { key in
                    Self.withExactBuffer(literal) { Word.bytesEqual(key, $0, count, fold: fold) }
                }
                #expect(equal, "length \(count), fold \(fold)")
                let folded = Self.withExactBuffer(capitals) { key in
                    Self.withExactBuffer(literal) { Word.bytesEqual(key, $0, count, fold: fold) }
                }
                // Unfolded, capitals differ from the literal wherever it has a letter.
                #expect(folded == (fold || capitals == literal), "capitals, length \(count), fold \(fold)")
                for position in 0..<count {
                    var key = fold ? capitals : literal
                    key[position] = key[position] == ASCII.slash ? ASCII.dot : ASCII.slash
                    let differs = Self.withExactBuffer(key) { key in
                        Self.withExactBuffer(literal) { !Word.bytesEqual(key, $0, count, fold: fold) }
                    }
                    #expect(differs, "length \(count), difference at \(position), fold \(fold)")
                }
            }
        }
    }
}

/// The sizes the memory per route is measured with, and the named encodings of the
/// frozen trie's records.
@Suite("Frozen trie records")
struct TrieRecordTests {
    @Test("a node is 32 bytes and a key segment's flags one byte")
    func sizes() {
        #expect(MemoryLayout<TrieNode>.size == 32)
        #expect(MemoryLayout<TrieNode>.stride == 32)
        #expect(MemoryLayout<LiteralBlock>.size == 8)
        #expect(MemoryLayout<KeySegment.Flags>.size == 1)
    }

    @Test("a literal block says whether it is a list or a hash table, and its records")
    func literalBlocks() {
        let list = LiteralBlock.list(start: 7, count: 3)
        #expect(!list.isHashed && list.slots == 3 && list.range == 7..<10 && !list.isEmpty)
        let table = LiteralBlock.hashTable(start: 12, slots: 11)
        #expect(table.isHashed && table.slots == 11 && table.range == 12..<23 && !table.isEmpty)
        #expect(LiteralBlock.list(start: 0, count: 0).isEmpty)
        #expect(!TrieNode().hasLiteral && !TrieNode().hasRoute && !TrieNode().hasParamChild && !TrieNode().hasExtra)
        #expect(TrieNode().literals.isEmpty && !NodeExtra().hasCatchAll && NodeExtra().isEmpty)
    }
}
