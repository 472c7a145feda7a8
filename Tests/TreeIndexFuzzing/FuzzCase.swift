/// One fuzz input run against the library: the public API driven by bytes,
/// every result checked against the reference model. The first byte picks
/// the kind of session.
public enum FuzzCase {
  /// Runs `bytes` as one session.
  ///
  /// - Parameter bytes: Any bytes.
  /// - Returns: `nil` when every check held; otherwise what went wrong, to
  ///   be reported as a crash (so that the fuzzer keeps the input).
  public static func run(_ bytes: [UInt8]) -> String? {
    var input = FuzzInput(bytes)
    switch input.byte() % 8 {
    case 0: return DecodingSession.run(input.rest)
    case 3: return ListSession(&input).run(&input)
    case 4: return StoredDataSessions.selection(input.rest)
    case 5: return StoredDataSessions.filters(input.rest)
    case 6: return StoredDataSessions.snapshot(input.rest)
    case 7:
      var session = SourceSession(&input)
      return session.run(&input)
    default:
      var session = IndexSession(&input)
      return session.run(&input)
    }
  }
}
