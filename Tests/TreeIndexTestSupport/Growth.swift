import Foundation

/// How a test checks a bound on growth without a bound on time: it runs the
/// same work at two sizes in one process and compares, so that a busy
/// machine slows both alike.
public enum Growth {
  /// How many times longer `run` takes at twice `size` than at `size`: the
  /// fastest of `attempts` runs at each size, to keep a passing hiccup of
  /// the machine out of the ratio.
  ///
  /// Work in O(*n* log *n*) gives about 2.1 at the sizes tests use, and
  /// quadratic work 4: a test expects less than 3.
  ///
  /// - Parameters:
  ///   - size: The smaller size.
  ///   - attempts: How many runs at each size.
  ///   - run: The work at a size.
  /// - Returns: The ratio of the two times.
  public static func doublingRatio(
    size: Int, attempts: Int = 3, _ run: (Int) throws -> Void
  ) rethrows -> Double {
    let clock = ContinuousClock()
    func fastest(_ n: Int) throws -> Double {
      var best = Double.infinity
      for _ in 0..<attempts {
        let elapsed = try clock.measure { try run(n) }
        let (seconds, attoseconds) = elapsed.components
        best = min(best, Double(seconds) + Double(attoseconds) * 1e-18)
      }
      return best
    }
    let small = try fastest(size)
    let large = try fastest(2 * size)
    return large / max(small, 1e-9)
  }
}
