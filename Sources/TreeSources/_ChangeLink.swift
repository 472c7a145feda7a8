import TreeIndex

/// A composed source linked beneath one of its sources' publishers: how it
/// hears of each step and of each batch's end (the publisher's
/// ``_Relay`` carries them).
final class _ChangeLink {
  /// The composed source's publisher: it opens and ends a batch with every
  /// batch of the source beneath.
  weak var downstream: _ChangePublisher?
  /// The publisher of the source beneath, once linked.
  weak var upstream: _ChangePublisher?
  /// Takes in a change of the source beneath, while the composed source
  /// is delivering (see ``_ChangePublisher/receiving(from:_:)``), so that
  /// what its handling calls out to (a filter's predicate) cannot edit it
  /// or its sources.
  let receive: (TreeSourceChanges) -> Void
  /// Whether the link still listens.
  var isActive = true

  init(downstream: _ChangePublisher, receive: @escaping (TreeSourceChanges) -> Void) {
    self.downstream = downstream
    self.receive = receive
  }
}

/// A source of this module that composed sources can link beneath (see
/// ``_ChangePublisher``).
protocol _LinkableSource: AnyObject {
  /// Links `link` to the publisher that publishes this source's changes;
  /// `nil` when the source publishes through a source that cannot link.
  func _link(_ link: _ChangeLink) -> TreeSourceSubscription?
}

extension TreeSource {
  /// Listens to the source's changes for a composed source: linked, when
  /// the source is of this module, so that every step is heard at once;
  /// subscribed otherwise (a source of the caller's publishes its batches
  /// when they end).
  func _listen(
    publishingTo downstream: _ChangePublisher, _ receive: @escaping (TreeSourceChanges) -> Void
  ) -> TreeSourceSubscription {
    if let linkable = self as? any _LinkableSource,
      let subscription = linkable._link(_ChangeLink(downstream: downstream, receive: receive))
    {
      return subscription
    }
    return subscribe(receive)
  }
}

// MARK: The sources that link

extension ArrayTreeSource: _LinkableSource {
  func _link(_ link: _ChangeLink) -> TreeSourceSubscription? { _publisher.link(link) }
}

extension KeyPathTreeSource: _LinkableSource {
  func _link(_ link: _ChangeLink) -> TreeSourceSubscription? { _publisher.link(link) }
}

extension PropertiesTreeSource: _LinkableSource {
  func _link(_ link: _ChangeLink) -> TreeSourceSubscription? { _publisher.link(link) }
}

extension FilteredTreeSource: _LinkableSource {
  func _link(_ link: _ChangeLink) -> TreeSourceSubscription? { _publisher.link(link) }
}

extension JoinedTreeSource: _LinkableSource {
  func _link(_ link: _ChangeLink) -> TreeSourceSubscription? { _composite.publisher.link(link) }
}

extension GroupedTreeSource: _LinkableSource {
  func _link(_ link: _ChangeLink) -> TreeSourceSubscription? { _composite.publisher.link(link) }
}

/// A mapped source publishes its base's changes: it links where the base
/// does.
extension MappedTreeSource: _LinkableSource {
  func _link(_ link: _ChangeLink) -> TreeSourceSubscription? { (base as? any _LinkableSource)?._link(link) }
}

/// An erased source publishes its base's changes: it links where the base
/// does.
extension AnyTreeSource: _LinkableSource {
  func _link(_ link: _ChangeLink) -> TreeSourceSubscription? { (base as? any _LinkableSource)?._link(link) }
}
