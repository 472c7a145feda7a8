import Foundation
import Testing
import TreeDataSource
import TreeIndexTestSupport

// Decoding untrusted data: random, often invalid, encodings (in the
// encoding's form: items depth first, each one's level, the expanded
// items) either decode to exactly the tree they describe or throw
// `DecodingError.dataCorrupted`; never a trap.

@Suite("TreeSnapshot: decoding untrusted data")
struct DecodingTests {
  struct Encoding: Codable {
    var items: [Int]
    var levels: [Int]
    var expandedItems: [Int]
  }

  /// The model the encoding describes, or nil when it is invalid.
  static func model(of encoding: Encoding) -> ModelSnapshot? {
    guard encoding.items.count == encoding.levels.count else { return nil }
    var model = ModelSnapshot()
    var path: [Int] = []  // the last item at each level
    for (item, level) in zip(encoding.items, encoding.levels) {
      guard level >= 0 && level <= path.count else { return nil }
      path.removeLast(path.count - level)
      do { try model.append([item], to: path.last) } catch { return nil }
      path.append(item)
    }
    guard encoding.expandedItems.allSatisfy(model.contains) else { return nil }
    model.expand(encoding.expandedItems)
    return model
  }

  @Test func theEncodingIsItemsLevelsAndExpandedItems() throws {
    var snapshot = TreeSnapshot<Int>()
    try snapshot.append([1, 2])
    try snapshot.append([3], to: 1)
    snapshot.expand([1])
    let encoding = try JSONDecoder().decode(Encoding.self, from: try JSONEncoder().encode(snapshot))
    #expect(encoding.items == [1, 3, 2] && encoding.levels == [0, 1, 0] && encoding.expandedItems == [1])
  }

  @Test(arguments: 0..<LongTests.choose(short: 200, long: 5_000))
  func randomEncodings(seed: Int) throws {
    var generator = EditGenerator(seed: 90_000 + UInt64(seed), pool: 12)
    let valid = generator.randomModel(size: generator.int(0...10))
    var encoding = Encoding(
      items: valid.items, levels: valid.items.map { valid.level(of: $0)! },
      expandedItems: valid.items.filter(valid.isExpanded))
    // Break it, most of the time.
    for _ in 0..<generator.int(0...2) {
      switch generator.int(0...6) {
      case 0 where !encoding.levels.isEmpty:
        encoding.levels[generator.int(0...(encoding.levels.count - 1))] = generator.pick([-1, 2, 5, Int.max, Int.min])!
      case 1 where !encoding.items.isEmpty:
        encoding.items[generator.int(0...(encoding.items.count - 1))] = generator.int(0...11)
      case 2: encoding.expandedItems.append(generator.int(0...15))
      case 3 where !encoding.levels.isEmpty: encoding.levels.removeLast()
      case 4: encoding.items.append(generator.int(0...15))
      case 5 where !encoding.levels.isEmpty:
        let i = generator.int(0...(encoding.levels.count - 1))
        encoding.levels[i] &+= generator.pick([-1, 1])!
      default: break
      }
    }
    let data = try JSONEncoder().encode(encoding)
    let context = "seed \(seed): \(encoding)"
    if let model = Self.model(of: encoding) {
      do {
        let decoded = try JSONDecoder().decode(TreeSnapshot<Int>.self, from: data)
        SnapshotChecker.check(decoded, matches: model, unknown: [12, 13], probe: model.items.first, context: context)
      } catch {
        Issue.record("\(context): a valid encoding threw \(error)")
      }
    } else {
      do {
        let decoded = try JSONDecoder().decode(TreeSnapshot<Int>.self, from: data)
        Issue.record("\(context): an invalid encoding decoded to \(decoded.items)")
      } catch DecodingError.dataCorrupted {
      } catch {
        Issue.record("\(context): threw \(error), not DecodingError.dataCorrupted")
      }
    }
  }
}
