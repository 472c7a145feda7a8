import Foundation
import Testing
import TreeIndexFuzzing
import TreeIndexTestSupport

/// The fuzz sessions as tests: the committed corpus (the seeds and every
/// input that once failed), then seeded random inputs, each run through the
/// same checks libFuzzer runs.
@Suite("Fuzz corpus and random inputs")
struct FuzzCorpusTests {
  static let corpus = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Fuzz/Corpus").path

  @Test func theCommittedCorpusPasses() throws {
    let files = FuzzCorpus.files(at: Self.corpus)
    #expect(files.count >= 10, "the corpus is at \(Self.corpus)")
    for file in files {
      let bytes = try #require(FileManager.default.contents(atPath: file))
      if let failure = FuzzCase.run(Array(bytes)) { Issue.record("\(file): \(failure)") }
    }
  }

  /// Each kind of session: the first byte picks it (see `FuzzCase`).
  @Test(arguments: 0..<8)
  func seededRandomInputs(kind: UInt8) {
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15 &* UInt64(kind + 1)
    func next() -> UInt8 {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return UInt8(truncatingIfNeeded: state >> 33)
    }
    for run in 0..<LongTests.choose(short: 250, long: 2_000) {
      let bytes = [kind] + (0..<(20 + run % 300)).map { _ in next() }
      if let failure = FuzzCase.run(bytes) {
        Issue.record("kind \(kind), run \(run), input \(bytes): \(failure)")
        return
      }
    }
  }
}
