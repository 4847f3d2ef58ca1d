/// SplitMix64 (Steele, Lea & Flood 2014): a tiny, fast, deterministic PRNG, so generated
/// documents are byte-identical on every run and machine.
///
/// ```swift
/// var random = SplitMix64(seed: 42)
/// let die = random.int(in: 1...6)
/// let word = random.pick(["a", "b"])
/// ```
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    /// A generator starting from `seed`.
    init(seed: UInt64) {
        state = seed
    }

    /// The next 64 random bits.
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A uniform integer in `range`.
    mutating func int(in range: ClosedRange<Int>) -> Int {
        Int.random(in: range, using: &self)
    }

    /// A uniform double in `range`.
    mutating func double(in range: ClosedRange<Double>) -> Double {
        Double.random(in: range, using: &self)
    }

    /// `true` with probability `probability`.
    mutating func chance(_ probability: Double) -> Bool {
        Double.random(in: 0..<1, using: &self) < probability
    }

    /// A uniformly chosen element of a non-empty array.
    mutating func pick<Element>(_ elements: [Element]) -> Element {
        elements[Int(next() % UInt64(elements.count))]
    }

    /// `count` words from `words` joined by spaces.
    mutating func words(_ count: Int, from words: [String]) -> String {
        (0..<count).map { _ in pick(words) }.joined(separator: " ")
    }
}
