// Word-at-a-time helpers: the engine's bit tricks on eight bytes at once, each named,
// with its contract written above it and asserted, and each held by WordTests to a
// byte-by-byte reference over every byte value and every tail length.
//
// Words are little-endian: the byte at the lowest address is the word's lowest byte.

/// Eight-bytes-at-a-time reading, folding, hashing and scanning of UTF-8 bytes.
enum Word {
    /// A one in every byte.
    static let ones: UInt64 = 0x0101_0101_0101_0101
    /// The high bit of every byte.
    static let highBits: UInt64 = 0x8080_8080_8080_8080

    /// The first `count` bytes at `base` as a word, zero-padded, lowercased by
    /// ``lowercasedASCII(_:)`` when `fold` is set.
    ///
    /// - Parameters:
    ///   - count: how many bytes the word holds, in `0...8`.
    ///   - available: how many bytes may be read from `base`, at least `count`. With eight
    ///     or more it reads one whole word and masks it, else it reads byte by byte, so
    ///     nothing past the buffer is ever read.
    @inline(__always)
    static func shortKey(_ base: UnsafePointer<UInt8>, _ count: Int, available: Int, fold: Bool) -> UInt64 {
        assert(count >= 0 && count <= 8, "a short key holds at most eight bytes")
        assert(available >= count, "a short key's bytes lie in the buffer")
        var word: UInt64
        if available >= 8 {
            word = UInt64(littleEndian: UnsafeRawPointer(base).loadUnaligned(as: UInt64.self))
            if count < 8 { word &= (1 &<< UInt64(count &* 8)) &- 1 }
        } else {
            word = 0
            for i in 0..<count { word |= UInt64(base[i]) &<< UInt64(i &* 8) }
        }
        return fold ? lowercasedASCII(word) : word
    }

    /// `word` with each of its eight bytes that is an ASCII capital (`A`...`Z`) lowercased
    /// and every other byte, including those of multi-byte characters, left alone: byte
    /// for byte what ``ASCII/lowercased(_:)`` does.
    @inline(__always)
    static func lowercasedASCII(_ word: UInt64) -> UInt64 {
        // Each byte's low seven bits, offset so that the high bit says ">= 'A'" and
        // "> 'Z'" without a carry into the next byte; the byte's own high bit rules out
        // the bytes of 0x80...0xFF.
        let heptets = word & (0x7F &* ones)
        let atLeastA = heptets &+ ((0x80 - 0x41) &* ones)
        let aboveZ = heptets &+ ((0x80 - 0x5B) &* ones)
        let isUpper = atLeastA & ~aboveZ & ~word & highBits
        return word | (isUpper &>> 2)
    }

    /// The first slot to probe for `hash` in a hash table of `slots` slots: the hash
    /// scaled to the table, so any count works, not only a power of two, and a table is
    /// sized to its literals. Probing goes on to the following slots, wrapping at the end.
    ///
    /// - Parameter slots: the table's size, at least 1.
    /// - Returns: a slot in `0..<slots`.
    @inline(__always)
    static func homeSlot(_ hash: UInt32, slots: Int) -> Int {
        assert(slots > 0 && slots <= Int(UInt32.max), "a hash table has slots")
        let slot = Int(truncatingIfNeeded: (UInt64(hash) &* UInt64(slots)) >> 32)
        assert(slot < slots)
        return slot
    }

    /// The hash of a literal of `count` bytes: a multiplicative mix of `word` when it has
    /// at most eight bytes; else of its bytes at `base` eight at a time (each word folded
    /// by ``lowercasedASCII(_:)`` when `fold` is set), the last word overlapping the one
    /// before, so every byte counts and hashing reads words, not bytes.
    ///
    /// Equal keys hash alike; so do keys equal once folded, when `fold` is set.
    /// - Parameters:
    ///   - word: for `count <= 8`, the literal's bytes as ``shortKey(_:_:available:fold:)``
    ///     makes them (zero-padded, folded when `fold` is); ignored for a longer literal.
    ///   - base: the literal's bytes; read only when `count > 8`.
    @inline(__always)
    static func literalHash(word: UInt64, _ base: UnsafePointer<UInt8>, _ count: Int, fold: Bool) -> UInt32 {
        assert(count >= 0, "a literal's length cannot be negative")
        if count <= 8 {
            assert(count == 8 || word >> UInt64(count &* 8) == 0, "a short key's word is zero-padded")
            let mixed = (word ^ UInt64(count)) &* 0x9E37_79B9_7F4A_7C15
            return UInt32(truncatingIfNeeded: mixed >> 32)
        }
        let raw = UnsafeRawPointer(base)
        @inline(__always) func load(_ offset: Int) -> UInt64 {
            let value = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
            return fold ? lowercasedASCII(value) : value
        }
        var mixed = UInt64(count)
        var offset = 0
        while offset < count - 8 {
            mixed = (mixed ^ load(offset)) &* 0x9E37_79B9_7F4A_7C15
            offset += 8
        }
        mixed = (mixed ^ load(count - 8)) &* 0xBF58_476D_1CE4_E5B9
        return UInt32(truncatingIfNeeded: mixed >> 32)
    }

    /// Whether the `count` bytes at `key` equal those at `literal`, comparing `key`'s
    /// bytes lowercased (``ASCII/lowercased(_:)``) when `fold` is set; a literal is stored
    /// folded already. Unfolded, it compares eight, four, two and one byte at a time.
    ///
    /// - Parameter count: at least 0; both pointers have that many bytes.
    @inline(__always)
    static func bytesEqual(_ key: UnsafePointer<UInt8>, _ literal: UnsafePointer<UInt8>, _ count: Int,
                           fold: Bool) -> Bool {
        assert(count >= 0, "a length cannot be negative")
        if fold {
            for i in 0..<count where ASCII.lowercased(key[i]) != literal[i] { return false }
            return true
        }
        var i = 0
        let keyRaw = UnsafeRawPointer(key), literalRaw = UnsafeRawPointer(literal)
        while i + 8 <= count {
            if keyRaw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
                != literalRaw.loadUnaligned(fromByteOffset: i, as: UInt64.self) { return false }
            i += 8
        }
        if i + 4 <= count {
            if keyRaw.loadUnaligned(fromByteOffset: i, as: UInt32.self)
                != literalRaw.loadUnaligned(fromByteOffset: i, as: UInt32.self) { return false }
            i += 4
        }
        if i + 2 <= count {
            if keyRaw.loadUnaligned(fromByteOffset: i, as: UInt16.self)
                != literalRaw.loadUnaligned(fromByteOffset: i, as: UInt16.self) { return false }
            i += 2
        }
        return i == count || key[i] == literal[i]
    }

    /// The bytes that end a run of a path segment: `/`, `?`, `#` and `%`, as bits by value.
    private static let pathSpecials: UInt64 = 1 << 0x2F | 1 << 0x3F | 1 << 0x23 | 1 << 0x25

    /// Whether `byte` is `/`, `?`, `#` or `%`: the bytes that end a run of a path segment.
    @inline(__always)
    static func isPathSpecial(_ byte: UInt8) -> Bool {
        byte < 0x40 && (pathSpecials >> UInt64(byte)) & 1 != 0
    }

    /// The high bit of each byte of `word` that is `/`, `?`, `#` or `%`. Only the lowest
    /// flagged byte is exact (a borrow may flag bytes above a true match), so callers use
    /// that one alone (``firstFlagged(_:)``, ``below(_:_:)``).
    @inline(__always)
    static func pathSpecialBytes(in word: UInt64) -> UInt64 {
        @inline(__always) func bytes(equalTo byte: UInt64) -> UInt64 {
            let x = word ^ (byte &* ones)
            return (x &- ones) & ~x & highBits
        }
        return bytes(equalTo: 0x2F) | bytes(equalTo: 0x3F) | bytes(equalTo: 0x23) | bytes(equalTo: 0x25)
    }

    /// The index (0...7) of the lowest byte flagged in `found`, which is not zero.
    @inline(__always)
    static func firstFlagged(_ found: UInt64) -> Int {
        assert(found != 0, "a byte is flagged")
        return found.trailingZeroBitCount &>> 3
    }

    /// The bytes of `word` below the lowest byte flagged in `found` (not zero), the rest
    /// zeroed.
    @inline(__always)
    static func below(_ found: UInt64, _ word: UInt64) -> UInt64 {
        assert(found != 0, "a byte is flagged")
        return word & (((found & (0 &- found)) &>> 7) &- 1)
    }

    /// Scans the run of a path segment that starts at `i`: where it ends (at the first
    /// `/`, `?`, `#` or `%` from `i` on, or at `count`) and its first bytes as a word (up
    /// to eight, zero-padded, as ``shortKey(_:_:available:fold:)`` reads them), eight bytes
    /// at a time while eight remain. The word is read while scanning, so a short segment's
    /// key costs no second load. Reads nothing outside `base[0..<count]`.
    ///
    /// - Parameter i: where the run starts, in `0..<count`.
    @inline(__always)
    static func scanSegment(_ base: UnsafePointer<UInt8>, count: Int, from i: Int) -> (end: Int, word: UInt64) {
        assert(i >= 0 && i < count, "a run starts inside the buffer")
        if i &+ 8 <= count {
            let word = UInt64(littleEndian: UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self))
            let found = pathSpecialBytes(in: word)
            if found != 0 { return (i &+ firstFlagged(found), below(found, word)) }
            // Eight bytes or more: the word is whole; find the end.
            var j = i &+ 8
            while j &+ 8 <= count {
                let found = pathSpecialBytes(in: UInt64(littleEndian: UnsafeRawPointer(base + j).loadUnaligned(as: UInt64.self)))
                if found != 0 { return (j &+ firstFlagged(found), word) }
                j &+= 8
            }
            while j < count, !isPathSpecial(base[j]) { j &+= 1 }
            return (j, word)
        }
        if count >= 8 {
            // Fewer than eight bytes remain: the word that ends the buffer, shifted so that
            // they come first and zeros (never special) fill the rest.
            let word = UInt64(littleEndian: UnsafeRawPointer(base + (count &- 8)).loadUnaligned(as: UInt64.self))
                &>> UInt64((8 &- (count &- i)) &* 8)
            let found = pathSpecialBytes(in: word)
            return found != 0 ? (i &+ firstFlagged(found), below(found, word)) : (count, word)
        }
        var j = i
        while j < count, !isPathSpecial(base[j]) { j &+= 1 }
        return (j, shortKey(base + i, j &- i, available: count &- i, fold: false))
    }
}
