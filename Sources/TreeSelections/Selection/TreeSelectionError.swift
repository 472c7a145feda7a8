import TreeIndex

/// The error a ``TreeSelection`` throws for a change it cannot make; the
/// selection is left exactly as it was.
///
/// The error names the refused operation, the item at fault (when there is
/// one) and the reason, and its ``description`` reads as a sentence, for
/// example `cannot check "Q1": "Q1" holds no check toggle`.
public struct TreeSelectionError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The change that was refused.
  public enum Operation: String, Hashable, Sendable {
    /// Making a selection: ``TreeSelection/init(_:interactions:)``.
    case create
    /// ``TreeSelection/setInteraction(_:for:)``.
    case setInteraction
    /// ``TreeSelection/check(_:)`` or ``TreeSelection/toggle(_:)``.
    case check
    /// ``TreeSelection/uncheck(_:)`` or ``TreeSelection/toggle(_:)``.
    case uncheck
    /// ``TreeSelection/setResults(_:for:)`` or
    /// ``TreeSelection/toggle(option:for:)``.
    case answer
    /// ``TreeSelection/beginEditing(_:)``.
    case beginEditing
    /// ``TreeSelection/saveEditing()``.
    case saveEditing
    /// ``TreeSelection/restore(from:naming:)`` or reading packaged
    /// filters from JSON.
    case restore
  }

  /// Why the change was refused.
  public enum Reason: Hashable, Sendable {
    /// The selection's snapshot holds no item with this identifier.
    case unknownItem
    /// An editing session is open on the item named by the associated
    /// value; save or cancel it first.
    case sessionAlreadyOpen(String)
    /// No editing session is open.
    case noEditingSession
    /// The item is outside the editing session open on the item named by
    /// the associated value.
    case outsideEditingSession(String)
    /// Neither the item nor any item beneath it is a check toggle.
    case notCheckable
    /// Checking the item would check more than one child of the
    /// single-selection group named by the associated value.
    case singleSelectionConflict(String)
    /// The item takes no answers: it is a group or a check toggle.
    case notAnswerable
    /// The answers cannot be the item's results: the associated text says
    /// which and why.
    case invalidResults(String)
    /// The interaction cannot be given to the item: the associated text
    /// says why.
    case invalidInteraction(String)
    /// Packaged filters name items or options the selection does not have:
    /// each associated text names one.
    case unknownFilterEntries([String])
    /// The data is not packaged filters: the associated text says why.
    case malformedFilters(String)
  }

  /// The refused change.
  public var operation: Operation
  /// The item at fault, as `String(describing:)` gives it; `nil` when the
  /// error is not about one item.
  public var item: String?
  /// Why the change was refused.
  public var reason: Reason

  /// Creates an error for an operation, an item and a reason.
  ///
  /// - Parameters:
  ///   - operation: The refused change.
  ///   - item: The item at fault, as text, or `nil`.
  ///   - reason: Why the change was refused.
  /// - Complexity: O(1).
  public init(operation: Operation, item: String?, reason: Reason) {
    self.operation = operation
    self.item = item
    self.reason = reason
  }

  /// A sentence that names the operation, the item and the reason.
  public var description: String {
    let subject = item.map(_ErrorSentence.quoted)
    let prefix = _ErrorSentence.cannot(Self.verb(operation), subject)
    switch reason {
    case .unknownItem:
      return prefix + "the selection has no item \(subject ?? "")"
    case .sessionAlreadyOpen(let open):
      return prefix + "an editing session is open on \"\(open)\" (save or cancel it first)"
    case .noEditingSession:
      return prefix + "no editing session is open"
    case .outsideEditingSession(let open):
      return prefix + "it is outside the editing session open on \"\(open)\""
    case .notCheckable:
      return prefix + "\(subject ?? "it") holds no check toggle"
    case .singleSelectionConflict(let group):
      return prefix + "it would check several items of the single-selection group \"\(group)\""
    case .notAnswerable:
      return prefix + "\(subject ?? "it") takes no answers"
    case .invalidResults(let why), .invalidInteraction(let why), .malformedFilters(let why):
      return prefix + why
    case .unknownFilterEntries(let entries):
      return prefix + "unknown " + entries.joined(separator: "; ")
    }
  }

  /// The operation as a verb phrase.
  private static func verb(_ operation: Operation) -> String {
    switch operation {
    case .create: "create the selection"
    case .setInteraction: "set the interaction of"
    case .check: "check"
    case .uncheck: "uncheck"
    case .answer: "answer"
    case .beginEditing: "edit"
    case .saveEditing: "save the editing session"
    case .restore: "restore the packaged filters"
    }
  }
}
