import Foundation
import Testing
import TreeDataSource
import TreeIndexTestSupport

// Batches of hundreds of edits under one parent (the root: root items in
// `.flat`, sections in `.sectioned`), in random order, on a `TreeList`
// attached to a `ListHostSimulator`: the host gets one valid update and
// shows the expected rows, every row maps both ways, and the data source is
// asked only what the rules allow (the checks of `RandomSession.runStep`).

extension RandomSession {
  /// One batch of `edits` insertions, deletions and moves of root items, at
  /// random places; `insertPercent`, `deletePercent` and the rest (moves)
  /// weigh them.
  func rootBatchStep(edits: Int, insertPercent: Int, deletePercent: Int) {
    operation = "performBatchUpdates: \(edits) edits of root items"
    runStep {
      try self.list.performBatchUpdates {
        for _ in 0..<edits {
          let root = self.tree.root
          let roll = self.random(0...99)
          if roll < insertPercent || root.children.count < 2 {
            let node = self.tree.randomSubtree(size: self.chance(0.2) ? 4 : 1, using: &self.rng)
            self.tree.insert(node, into: root, at: self.random(0...root.children.count))
            try self.list.insertItems(at: [self.tree.path(of: node)!])
            self.model.resolve()
          } else if roll < insertPercent + deletePercent {
            let node = root.children[self.random(0...(root.children.count - 1))]
            let path = self.tree.path(of: node)!
            _ = self.tree.remove(node)
            try self.list.deleteItems(at: [path])
            self.model.forget(node.subtree)
            self.model.resolve()
          } else {
            let node = root.children[self.random(0...(root.children.count - 1))]
            let source = self.tree.path(of: node)!
            let wasRow = self.model.isRow(node)
            _ = self.tree.remove(node)
            self.tree.insert(node, into: root, at: self.random(0...root.children.count))
            try self.list.moveItem(at: source, to: self.tree.path(of: node)!)
            self.model.moved(node, wasRow: wasRow)
          }
        }
      }
      return .batch(reloaded: [])
    }
  }
}

@Suite("Large batches under one parent, on a list")
struct LargeBatchSessionTests {
  @Test(arguments: [11, 12, 13] as [UInt64], [TreeIndex.Layout.flat, .sectioned])
  func hundredsOfScatteredEditsOfRootItems(seed: UInt64, layout: TreeIndex.Layout) {
    let session = RandomSession<ModelDataSource>(seed: seed, layout: layout, targetSize: 60)
    session.operation = "reloadData()"
    session.runStep {
      session.list.reloadData()
      session.model.reloadData()
      return .reload
    }
    // Hundreds of root items inserted one by one in one batch, then a mixed
    // batch, then one that mostly deletes; random steps in between.
    session.rootBatchStep(edits: 300, insertPercent: 100, deletePercent: 0)
    #expect(session.tree.root.children.count > 300)
    for _ in 0..<10 where !session.failed { session.randomStep() }
    session.rootBatchStep(edits: 400, insertPercent: 35, deletePercent: 30)
    for _ in 0..<10 where !session.failed { session.randomStep() }
    session.rootBatchStep(edits: 250, insertPercent: 10, deletePercent: 70)
    #expect(!session.failed)
  }
}
