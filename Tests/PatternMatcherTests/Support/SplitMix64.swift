/// A tiny seeded generator (SplitMix64), so that every generated table and URL can be
/// reproduced from the seed a failing test prints.
struct SplitMix64: RandomNumberGenerator, Sendable {
    private(set) var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// `true` with probability `probability`.
    mutating func chance(_ probability: Double) -> Bool {
        Double(next() >> 11) / Double(1 << 53) < probability
    }

    mutating func int(_ range: ClosedRange<Int>) -> Int {
        Int.random(in: range, using: &self)
    }

    mutating func pick<T>(_ elements: [T]) -> T {
        elements[Int.random(in: 0..<elements.count, using: &self)]
    }
}

/// The seed of the `index`-th item of a batch: distinct, stable, and printable.
func derivedSeed(_ base: UInt64, _ index: Int) -> UInt64 {
    var generator = SplitMix64(seed: base &+ UInt64(index) &* 0x2545_F491_4F6C_DD1D)
    return generator.next()
}
