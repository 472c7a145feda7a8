import Foundation

/// How a test checks a bound on growth without a bound on time: it runs the
/// same work at two sizes in one process and compares, so that a busy
/// machine slows both alike.
public enum Growth {
  /// How many times longer `run` takes at `factor` times `size` than at
  /// `size`: the fastest of `attempts` runs at each size, to keep a
  /// passing hiccup of the machine out of the ratio.
  ///
  /// At four times the size, work in O(*n* log *n*) gives about 4.5 at the
  /// sizes tests use and quadratic work 16: a test expects less than 8,
  /// which leaves room both ways for a busy machine.
  ///
  /// - Parameters:
  ///   - size: The smaller size.
  ///   - factor: How many times larger the larger size is.
  ///   - attempts: How many runs at each size.
  ///   - run: The work at a size.
  /// - Returns: The ratio of the two times.
  public static func ratio(
    size: Int, factor: Int = 4, attempts: Int = 3, _ run: (Int) throws -> Void
  ) rethrows -> Double {
    try timeRatio(attempts: attempts, small: { try run(size) }, large: { try run(factor * size) })
  }

  /// How many times longer `large` takes than `small`: the fastest of
  /// `attempts` runs of each.
  ///
  /// - Parameters:
  ///   - attempts: How many runs of each.
  ///   - small: The work at the smaller size.
  ///   - large: The work at the larger size.
  /// - Returns: The ratio of the two times.
  public static func timeRatio(
    attempts: Int = 3, small: () throws -> Void, large: () throws -> Void
  ) rethrows -> Double {
    let smallTime = try fastest(attempts, small)
    let largeTime = try fastest(attempts, large)
    return largeTime / max(smallTime, 1e-9)
  }

  /// The fastest of `attempts` runs of `body`, in seconds.
  static func fastest(_ attempts: Int, _ body: () throws -> Void) rethrows -> Double {
    let clock = ContinuousClock()
    var best = Double.infinity
    for _ in 0..<attempts {
      let elapsed = try clock.measure(body)
      let (seconds, attoseconds) = elapsed.components
      best = min(best, Double(seconds) + Double(attoseconds) * 1e-18)
    }
    return best
  }
}
