import Foundation
import TreeIndexTestSupport

/// A session of `TreeIndex` operations chosen by the input, each applied to
/// the index and to the reference model: both must refuse the same calls,
/// a refused call must leave the index unchanged, and after every call the
/// index must answer every query as the model does and report changes that
/// replay the model's old rows into its new ones; at the end, the index's
/// encoding must decode to an equal index.
struct IndexSession {
  private var index: TreeIndex
  private var model: ReferenceTree
  private var salt = 0

  /// An operation, as both sides run it.
  private enum Operation: CustomStringConvertible {
    case expand(TreePath, Int)
    case collapse(TreePath)
    case insert([TreePath])
    case delete([TreePath])
    case move(TreePath, TreePath)

    var description: String {
      switch self {
      case .expand(let path, let count): "expand(\(path), numberOfSubitems: \(count))"
      case .collapse(let path): "collapse(\(path))"
      case .insert(let paths): "insertItems(at: \(paths))"
      case .delete(let paths): "deleteItems(at: \(paths))"
      case .move(let source, let destination): "moveItem(at: \(source), to: \(destination))"
      }
    }

    func apply(to index: inout TreeIndex) throws -> TreeChanges {
      switch self {
      case .expand(let path, let count): try index.expand(path, numberOfSubitems: count)
      case .collapse(let path): try index.collapse(path)
      case .insert(let paths): try index.insertItems(at: paths)
      case .delete(let paths): try index.deleteItems(at: paths)
      case .move(let source, let destination): try index.moveItem(at: source, to: destination)
      }
    }

    func apply(to model: inout ReferenceTree) throws {
      switch self {
      case .expand(let path, let count): try model.expand(path, numberOfSubitems: count)
      case .collapse(let path): try model.collapse(path)
      case .insert(let paths): try model.insertItems(at: paths)
      case .delete(let paths): try model.deleteItems(at: paths)
      case .move(let source, let destination): try model.moveItem(at: source, to: destination)
      }
    }
  }

  /// The error that aborts a batch on purpose.
  private struct Abort: Error {}

  init(_ input: inout FuzzInput) {
    let layout: TreeIndex.Layout = input.flag() ? .sectioned : .flat
    let roots = input.number(below: 6)
    index = TreeIndex(numberOfRootItems: roots, layout: layout)
    model = ReferenceTree(numberOfRootItems: roots, layout: layout)
  }

  mutating func run(_ input: inout FuzzInput) -> String? {
    var step = 0
    while !input.isAtEnd && step < 200 {
      step += 1
      let failure: String?
      if input.number(below: 6) == 0 {
        failure = batch(&input)
      } else {
        failure = single(operation(&input))
      }
      if let failure { return "step \(step): \(failure)" }
    }
    return roundTrip()
  }

  /// Encodes the index and decodes it again: the copy must equal it and
  /// answer every query as the model does.
  private func roundTrip() -> String? {
    let copy: TreeIndex
    do {
      copy = try JSONDecoder().decode(TreeIndex.self, from: JSONEncoder().encode(index))
    } catch {
      return "the index's encoding does not decode: \(error)\nmodel: \(model)"
    }
    guard copy == index else { return "the decoded index differs from the index\nmodel: \(model)" }
    let problems = TreeIndexChecker.mismatches(copy, model, salt: salt)
    guard problems.isEmpty else {
      return "the decoded index: \(problems.prefix(3).joined(separator: "; "))\nmodel: \(model)"
    }
    return nil
  }

  // MARK: Choosing

  /// A path into the model's tree, mostly to an item that exists.
  private func path(_ input: inout FuzzInput, forInsertion: Bool = false) -> TreePath {
    let depth = 1 + input.number(below: 3)
    var indices: [Int] = []
    var node: ReferenceTree.Node? = model.root
    for _ in 0..<depth {
      let count = node?.children?.count ?? 3
      let index = input.index(amongst: Swift.max(0, count - (forInsertion ? 0 : 1)))
      indices.append(index)
      node = node?.children.flatMap { index >= 0 && index < $0.count ? $0[index] : nil }
    }
    return TreePath(indices)
  }

  private func operation(_ input: inout FuzzInput) -> Operation {
    switch input.number(below: 5) {
    case 0: return .expand(path(&input), input.numberOfSubitems())
    case 1: return .collapse(path(&input))
    case 2: return .insert((0...input.number(below: 3)).map { _ in path(&input, forInsertion: true) })
    case 3: return .delete((0...input.number(below: 3)).map { _ in path(&input) })
    default: return .move(path(&input), path(&input, forInsertion: true))
    }
  }

  // MARK: Checking

  /// Runs one operation on both sides and checks the outcome.
  private mutating func single(_ operation: Operation) -> String? {
    let before = index
    if case .expand(_, let count) = operation, count < 0 || count > TreeIndex.maximumNumberOfRows {
      // Past what the model can hold: the index alone, which must refuse.
      do {
        _ = try operation.apply(to: &index)
        return "\(operation) was accepted"
      } catch {
        return index == before ? nil : "\(operation) threw \(error) but changed the index"
      }
    }
    var after = model
    after.movedIdentities = []
    let modelError: (any Error)?
    do {
      try operation.apply(to: &after)
      modelError = nil
    } catch {
      modelError = error
    }
    do {
      let changes = try operation.apply(to: &index)
      if let modelError { return "\(operation) returned \(changes); the model threw \(modelError)" }
      return accept(after, changes: changes, context: "\(operation)")
    } catch {
      guard modelError != nil else { return "\(operation) threw \(error); the model did not" }
      guard error is TreeIndexError else { return "\(operation) threw \(type(of: error))" }
      return index == before ? nil : "\(operation) threw \(error) but changed the index"
    }
  }

  /// Runs a few operations in one batch, on the index and a model copy,
  /// sometimes aborting it; the batch's changes must take the model's old
  /// rows to its new ones, and a batch that throws (aborted, or a call
  /// refused) must leave the index as it was.
  private mutating func batch(_ input: inout FuzzInput) -> String? {
    let operations = (0...input.number(below: 4)).map { _ in operation(&input) }
    let abortAfter = input.number(below: 8)
    let before = index
    var inner = model
    inner.movedIdentities = []
    var mismatch: String?
    do {
      let changes = try index.performBatchUpdates { index in
        for (k, operation) in operations.enumerated() {
          if k == abortAfter { throw Abort() }
          if case .expand(_, let count) = operation, count < 0 || count > TreeIndex.maximumNumberOfRows {
            // Past what the model can hold: the index must refuse it, which
            // aborts the batch and must leave the index as it was.
            _ = try operation.apply(to: &index)
            mismatch = "\(operation) in a batch was accepted"
            throw Abort()
          }
          var modelThrew = false
          do { try operation.apply(to: &inner) } catch { modelThrew = true }
          do {
            _ = try operation.apply(to: &index)
            if modelThrew { mismatch = "\(operation) in a batch was accepted; the model threw" }
          } catch {
            if !modelThrew { mismatch = "\(operation) in a batch threw \(error); the model did not" }
            throw error
          }
          if mismatch != nil { throw Abort() }
        }
      }
      if let mismatch { return mismatch }
      return accept(inner, changes: changes, context: "batch \(operations)")
    } catch {
      if let mismatch { return mismatch }
      return index == before ? nil : "batch \(operations) threw \(error) but changed the index"
    }
  }

  /// Takes `after` as the model once the index matches it and `changes`
  /// replays the old model's rows into its rows.
  private mutating func accept(_ after: ReferenceTree, changes: TreeChanges, context: String) -> String? {
    index._checkInvariants()
    salt += 1
    let problems =
      TreeIndexChecker.mismatches(index, after, salt: salt)
      + TreeIndexChecker.changeMismatches(changes, from: model, to: after, moved: after.movedIdentities)
    guard problems.isEmpty else {
      return "\(context): \(problems.prefix(3).joined(separator: "; "))\nmodel before: \(model)\nafter: \(after)"
    }
    model = after
    return nil
  }
}
