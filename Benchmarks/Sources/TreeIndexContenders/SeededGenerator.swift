// A small deterministic random number generator, so that every contender,
// every run and every machine sees the same trees and the same queries.

/// SplitMix64 (Steele, Lea and Flood): a 64-bit state advanced by a constant
/// and mixed. Its helpers draw bounded values with their own arithmetic rather
/// than the standard library's `random(in:)`, whose algorithm is not
/// guaranteed to stay the same across toolchains.
public struct SeededGenerator: RandomNumberGenerator, Sendable {
  private var state: UInt64

  /// Creates a generator whose sequence depends on `seed` alone.
  public init(seed: UInt64) {
    state = seed
  }

  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// A value in `0 ..< bound` (multiply-high; the bias is below 2^-40 for
  /// the bounds used here).
  public mutating func below(_ bound: Int) -> Int {
    precondition(bound > 0)
    return Int(next().multipliedFullWidth(by: UInt64(bound)).high)
  }

  /// A log-uniform integer below `2^octaves`: one of the octaves
  /// `2^k ..< 2^(k+1)` at random, then a value in it, so that there are as
  /// many values in 1–2 as in 32–64 (the way folder sizes spread). Integer
  /// arithmetic only, so every platform draws the same values.
  public mutating func logUniform(octaves: Int) -> Int {
    let k = below(octaves)
    return (1 << k) + below(1 << k)
  }

  /// `count` distinct values of `0 ..< bound`, ascending (Floyd's algorithm).
  public mutating func distinct(_ count: Int, below bound: Int) -> [Int] {
    precondition(count <= bound)
    var chosen = Set<Int>(minimumCapacity: count)
    for j in (bound - count)..<bound {
      let t = below(j + 1)
      if !chosen.insert(t).inserted { chosen.insert(j) }
    }
    return chosen.sorted()
  }

  /// The elements of `array` in a random order (Fisher–Yates).
  public mutating func shuffled<T>(_ array: [T]) -> [T] {
    var result = array
    if result.count < 2 { return result }
    for i in stride(from: result.count - 1, to: 0, by: -1) {
      result.swapAt(i, below(i + 1))
    }
    return result
  }
}
