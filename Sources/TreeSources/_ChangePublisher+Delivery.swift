import TreeIndex

/// Publishing: a change reaches the composed sources linked above at once,
/// and the subscribers once its batch ends.
extension _ChangePublisher {
  /// Publishes steps: the links hear of them at once, the subscribers at
  /// once too unless a batch is open.
  func publish(_ steps: [TreeSourceChanges.Step]) {
    guard !steps.isEmpty else { return }
    let origin = receivingFrom
    for i in marks.indices where marks[i].opener != origin { marks[i].isMixed = true }
    if !links.isEmpty { deliver(TreeSourceChanges(steps), toLinks: true) }
    if batchDepth > 0 {
      pending.append(contentsOf: steps)
    } else if !observers.isEmpty {
      deliver(TreeSourceChanges(_Normalization.normalize(steps)), toLinks: false)
    }
  }

  /// Calls the links or the subscribers with `changes`, each that is still
  /// listening when its turn comes, then the edits that waited.
  func deliver(_ changes: TreeSourceChanges, toLinks: Bool, undoing: Bool = false) {
    delivering {
      if toLinks {
        let links = self.links
        for link in links where link.isActive {
          if undoing { link.deliverUndo(changes) } else { link.deliver(changes) }
        }
      } else {
        let observers = self.observers
        for observer in observers {
          // Read fresh: an earlier subscriber may have cancelled this one.
          if let observe = observer.observe { observe(changes) }
        }
      }
    }
  }

  /// Runs `body`, in which this source takes in a change of a source
  /// beneath it, as a delivery: the source is delivering until it returns.
  func receiving(from link: _ChangeLink, _ body: () -> Void) {
    delivering {
      let outer = receivingFrom
      receivingFrom = ObjectIdentifier(link)
      body()
      receivingFrom = outer
    }
  }
}
