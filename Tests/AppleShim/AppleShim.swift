// AppleShim: the UIKit and AppKit API that TreeDataSource's adapters
// (Sources/TreeDataSource/Apple) use, declared for Linux so that the adapter
// files compile there unchanged and their logic can be unit-tested.
//
// Test-only. The adapters import this module instead of UIKit or AppKit when
// compiled with `-D TREE_DATA_SOURCE_APPLE_SHIM` (the `AppleAdapters` target,
// whose sources are links to the adapter files). Names, argument labels and
// types follow Apple's documentation. Two things differ, because Linux has no
// Objective-C runtime:
//
// - Optional protocol methods that the adapters *call* on your objects
//   (`delegate?.tableView?(tableView, heightForRowAt: indexPath)`) are reached
//   through a `tableView` property of optional callable type, so the call is
//   spelled and typed as with UIKit and gives `nil` when the object does not
//   implement the method. An object implements one by adopting the small
//   protocol that declares it (`UITableViewDelegateHeightForRow`, ...).
// - `NSObject.responds(to:)` answers `false`: there are no selectors to look
//   up. Test doubles override it to say which methods they implement.
//
// The views record every call they receive in `calls`, for tests.

import Foundation
@_exported import TreeDataSource

public typealias IndexPath = Foundation.IndexPath
public typealias IndexSet = Foundation.IndexSet
public typealias CGFloat = Foundation.CGFloat

// MARK: - Objective-C runtime

/// A method's Objective-C name, such as `tableView:heightForRowAtIndexPath:`.
public struct Selector: Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
  /// The selector's name.
  public var description: String

  /// Creates a selector from its Objective-C name.
  public init(_ name: String) { description = name }

  /// Creates a selector from its Objective-C name.
  public init(stringLiteral name: String) { description = name }
}

/// The root protocol of Objective-C objects: here, only `responds(to:)`.
public protocol NSObjectProtocol: AnyObject {
  /// Whether the object implements the method `aSelector` names.
  func responds(to aSelector: Selector!) -> Bool
}

/// The root class of Objective-C objects.
open class NSObject: NSObjectProtocol {
  /// Creates an object.
  public init() {}

  /// Whether the object implements the method `aSelector` names: on Linux,
  /// `false` unless a subclass says otherwise.
  open func responds(to aSelector: Selector!) -> Bool { false }

  /// The object to send a message this object does not implement: `nil`.
  open func forwardingTarget(for aSelector: Selector!) -> Any? { nil }
}

// MARK: - UIKit

/// A view (UIKit).
@MainActor
open class UIView: NSObject {}

/// A table view's row (UIKit).
@MainActor
open class UITableViewCell: UIView {
  /// The cell's reuse identifier.
  public let reuseIdentifier: String?

  /// Creates a cell.
  public init(style: UITableViewCell.CellStyle = .default, reuseIdentifier: String? = nil) {
    self.reuseIdentifier = reuseIdentifier
  }

  /// A cell's predefined style.
  public enum CellStyle: Int, Sendable {
    /// A label on the left.
    case `default`
  }
}

/// The methods a table view asks its data source (UIKit).
@MainActor
public protocol UITableViewDataSource: NSObjectProtocol {
  /// The number of rows in `section`.
  func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int
  /// The cell for the row at `indexPath`.
  func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell
}

/// The optional method `numberOfSections(in:)` of `UITableViewDataSource`.
@MainActor
public protocol UITableViewDataSourceNumberOfSections: UITableViewDataSource {
  /// The number of sections.
  func numberOfSections(in tableView: UITableView) -> Int
}

/// The methods a table view tells or asks its delegate (UIKit); all optional.
@MainActor
public protocol UITableViewDelegate: NSObjectProtocol {}

/// The optional method `tableView(_:heightForRowAt:)` of `UITableViewDelegate`.
@MainActor
public protocol UITableViewDelegateHeightForRow: UITableViewDelegate {
  /// The height of the row at `indexPath`.
  func tableView(_ tableView: UITableView, heightForRowAt indexPath: IndexPath) -> CGFloat
}

/// The optional method `tableView(_:didSelectRowAt:)` of `UITableViewDelegate`.
@MainActor
public protocol UITableViewDelegateDidSelectRow: UITableViewDelegate {
  /// Tells the delegate that the row at `indexPath` is selected.
  func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath)
}

/// The optional methods of `UITableViewDelegate` the adapters call, as
/// `delegate?.tableView?(...)`: `nil` when the delegate does not implement one.
@MainActor
public struct UITableViewDelegateOptionalMethods {
  let delegate: any UITableViewDelegate

  /// The delegate's `tableView(_:heightForRowAt:)`, if it has one.
  public func callAsFunction(_ tableView: UITableView, heightForRowAt indexPath: IndexPath) -> CGFloat? {
    (delegate as? any UITableViewDelegateHeightForRow)?.tableView(tableView, heightForRowAt: indexPath)
  }

  /// The delegate's `tableView(_:didSelectRowAt:)`, if it has one.
  public func callAsFunction(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) -> Void? {
    (delegate as? any UITableViewDelegateDidSelectRow)?.tableView(tableView, didSelectRowAt: indexPath)
  }
}

extension UITableViewDelegate {
  /// The delegate's optional `tableView(...)` methods.
  public var tableView: UITableViewDelegateOptionalMethods? { UITableViewDelegateOptionalMethods(delegate: self) }
}

/// A list of rows in sections (UIKit). Records every call in ``calls``.
@MainActor
open class UITableView: UIView {
  /// The animation of inserted, deleted or reloaded rows and sections.
  public enum RowAnimation: Int, Sendable {
    case fade, right, left, top, bottom, none, middle
    case automatic = 100
  }

  /// The table's data source.
  public weak var dataSource: (any UITableViewDataSource)?
  /// The table's delegate.
  public weak var delegate: (any UITableViewDelegate)?
  /// The height of every row whose delegate gives none.
  public var rowHeight: CGFloat = 44

  /// Every call the table received, in order, as text.
  public private(set) var calls: [String] = []

  /// Creates a table.
  public override init() {}

  /// Reloads every row.
  open func reloadData() { calls.append("reloadData()") }

  /// Runs `updates` as one animated batch.
  open func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)? = nil) {
    calls.append("performBatchUpdates {")
    updates?()
    calls.append("}")
    completion?(true)
  }

  /// Inserts sections.
  open func insertSections(_ sections: IndexSet, with animation: UITableView.RowAnimation) {
    calls.append("insertSections(\(Array(sections)), with: \(animation))")
  }

  /// Deletes sections.
  open func deleteSections(_ sections: IndexSet, with animation: UITableView.RowAnimation) {
    calls.append("deleteSections(\(Array(sections)), with: \(animation))")
  }

  /// Moves a section.
  open func moveSection(_ section: Int, toSection newSection: Int) {
    calls.append("moveSection(\(section), toSection: \(newSection))")
  }

  /// Inserts rows.
  open func insertRows(at indexPaths: [IndexPath], with animation: UITableView.RowAnimation) {
    calls.append("insertRows(at: \(indexPaths), with: \(animation))")
  }

  /// Deletes rows.
  open func deleteRows(at indexPaths: [IndexPath], with animation: UITableView.RowAnimation) {
    calls.append("deleteRows(at: \(indexPaths), with: \(animation))")
  }

  /// Reloads rows.
  open func reloadRows(at indexPaths: [IndexPath], with animation: UITableView.RowAnimation) {
    calls.append("reloadRows(at: \(indexPaths), with: \(animation))")
  }

  /// Moves a row.
  open func moveRow(at indexPath: IndexPath, to newIndexPath: IndexPath) {
    calls.append("moveRow(at: \(indexPath), to: \(newIndexPath))")
  }

  /// A reusable cell for the row at `indexPath`.
  open func dequeueReusableCell(withIdentifier identifier: String, for indexPath: IndexPath) -> UITableViewCell {
    UITableViewCell(reuseIdentifier: identifier)
  }
}

// MARK: - AppKit

/// A view (AppKit).
@MainActor
open class NSView: NSObject {}

/// A column of a table view (AppKit).
@MainActor
open class NSTableColumn: NSObject {}

/// The methods a table view asks its data source (AppKit); all optional.
@MainActor
public protocol NSTableViewDataSource: NSObjectProtocol {}

/// The methods a table view tells or asks its delegate (AppKit); all optional.
@MainActor
public protocol NSTableViewDelegate: NSObjectProtocol {}

/// A list of rows in columns (AppKit). Records every call in ``calls``.
@MainActor
open class NSTableView: NSView {
  /// The animation of inserted or removed rows.
  public struct AnimationOptions: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let effectFade = AnimationOptions(rawValue: 0x1)
    public static let effectGap = AnimationOptions(rawValue: 0x2)
    public static let slideUp = AnimationOptions(rawValue: 0x10)
    public static let slideDown = AnimationOptions(rawValue: 0x20)
    public static let slideLeft = AnimationOptions(rawValue: 0x30)
    public static let slideRight = AnimationOptions(rawValue: 0x40)
  }

  /// The table's data source.
  public weak var dataSource: (any NSTableViewDataSource)?
  /// The table's delegate.
  public weak var delegate: (any NSTableViewDelegate)?
  /// The number of columns.
  public var numberOfColumns: Int = 1

  /// Every call the table received, in order, as text.
  public private(set) var calls: [String] = []

  /// Creates a table.
  public override init() {}

  /// Reloads every row.
  open func reloadData() { calls.append("reloadData()") }

  /// Reloads the given cells.
  open func reloadData(forRowIndexes rowIndexes: IndexSet, columnIndexes: IndexSet) {
    calls.append("reloadData(forRowIndexes: \(Array(rowIndexes)), columnIndexes: \(Array(columnIndexes)))")
  }

  /// Starts a group of updates animated together.
  open func beginUpdates() { calls.append("beginUpdates()") }

  /// Ends a group of updates animated together.
  open func endUpdates() { calls.append("endUpdates()") }

  /// Inserts rows.
  open func insertRows(at indexes: IndexSet, withAnimation animationOptions: NSTableView.AnimationOptions = []) {
    calls.append("insertRows(at: \(Array(indexes)), withAnimation: \(animationOptions.rawValue))")
  }

  /// Removes rows.
  open func removeRows(at indexes: IndexSet, withAnimation animationOptions: NSTableView.AnimationOptions = []) {
    calls.append("removeRows(at: \(Array(indexes)), withAnimation: \(animationOptions.rawValue))")
  }

  /// Moves a row.
  open func moveRow(at oldIndex: Int, to newIndex: Int) {
    calls.append("moveRow(at: \(oldIndex), to: \(newIndex))")
  }
}
