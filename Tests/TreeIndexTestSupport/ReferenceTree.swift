/// The reference model for `TreeIndex`: an explicit tree, written naively.
///
/// Every item is a `Node` with a unique integer identity given when it is
/// created. An item whose `children` is `nil` is *unknown* (never expanded);
/// the virtual root is always known. Rows are found by walking the whole tree
/// depth-first, every time. Nothing here shares code or ideas with the
/// library's algorithms: arrays, recursion and copies only, so that the two
/// can be compared.
///
/// The operations have the library's semantics (see issue 2 and the
/// randomized model tests); each either throws and leaves the model as it
/// was, or applies completely.
public struct ReferenceTree: Equatable, Sendable, CustomStringConvertible {
  /// One item of the tree.
  public struct Node: Equatable, Sendable {
    /// The identity, unique among all items this model ever created.
    public var identity: Int
    /// The subitems, or `nil` if the item's subitems are not known.
    public var children: [Node]?
    /// Whether the item is expanded (only ever true for a known item).
    public var isExpanded: Bool

    public init(identity: Int, children: [Node]? = nil, isExpanded: Bool = false) {
      self.identity = identity
      self.children = children
      self.isExpanded = isExpanded
    }

    /// Whether the item's subitem count is known.
    public var isKnown: Bool { children != nil }

    /// The identities of this item and of everything beneath it, known or not.
    public func subtreeIdentities() -> [Int] {
      var result = [identity]
      for child in children ?? [] { result += child.subtreeIdentities() }
      return result
    }
  }

  /// Why the model refused an operation (the library throws its own error).
  public struct ModelError: Error, Equatable, Sendable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
  }

  /// A visible row: the item's identity and its tree path.
  public struct Row: Equatable, Sendable, CustomStringConvertible {
    public var identity: Int
    public var treePath: TreePath
    public init(identity: Int, treePath: TreePath) {
      self.identity = identity
      self.treePath = treePath
    }
    public var description: String { "#\(identity)@\(treePath)" }
  }

  /// An item anywhere in the tree (visible or not), with its path.
  public struct Item: Sendable {
    public var treePath: TreePath
    public var node: Node
    /// Whether every ancestor is expanded (root items always are).
    public var isVisible: Bool
  }

  /// The virtual root: always known and expanded; its children are the root items.
  public private(set) var root: Node
  public let layout: TreeIndex.Layout
  /// The identity the next new item gets.
  public private(set) var nextIdentity: Int
  /// The identities of the items moved by `moveItem` (each moved item and
  /// everything beneath it at the time of the move). Operations only add to
  /// it; the tests clear it before each operation they check.
  public var movedIdentities: Set<Int> = []

  public init(numberOfRootItems: Int, layout: TreeIndex.Layout = .flat) {
    precondition(numberOfRootItems >= 0)
    self.layout = layout
    self.nextIdentity = 1
    self.root = Node(identity: 0, children: [], isExpanded: true)
    var roots: [Node] = []
    for _ in 0..<numberOfRootItems { roots.append(makeNode()) }
    root.children = roots
  }

  private mutating func makeNode() -> Node {
    let node = Node(identity: nextIdentity)
    nextIdentity += 1
    return node
  }

  private mutating func makeNodes(_ count: Int) -> [Node] {
    var nodes: [Node] = []
    for _ in 0..<count { nodes.append(makeNode()) }
    return nodes
  }

  // MARK: - Reading

  public var numberOfRootItems: Int { root.children!.count }

  public var numberOfSections: Int {
    switch layout {
    case .flat: return 1
    case .sectioned: return numberOfRootItems
    }
  }

  /// The item at `treePath`, or `nil` if the path is empty, goes beneath an
  /// unknown item, or has an index out of range.
  public func node(at treePath: TreePath) -> Node? {
    if treePath.isEmpty { return nil }
    var current = root
    for index in treePath {
      guard let children = current.children, index >= 0, index < children.count else { return nil }
      current = children[index]
    }
    return current
  }

  public func isExpanded(_ treePath: TreePath) -> Bool {
    node(at: treePath)?.isExpanded ?? false
  }

  public func numberOfSubitems(of parent: TreePath?) -> Int? {
    guard let parent else { return numberOfRootItems }
    return node(at: parent)?.children?.count
  }

  /// The path of the item with `identity`, if it is in the tree.
  public func treePath(ofIdentity identity: Int) -> TreePath? {
    allItems().first { $0.node.identity == identity }?.treePath
  }

  /// Every item in the tree, depth-first, including hidden ones.
  public func allItems() -> [Item] {
    var result: [Item] = []
    var path: [Int] = []
    func walk(_ node: Node, _ visible: Bool) {
      guard let children = node.children else { return }
      for i in 0..<children.count {
        let child = children[i]
        path.append(i)
        result.append(Item(treePath: TreePath(path), node: child, isVisible: visible))
        walk(child, visible && child.isExpanded)
        path.removeLast()
      }
    }
    walk(root, true)
    return result
  }

  /// Appends the visible descendants of `node`, whose path is `path`, in
  /// depth-first order.
  private func appendVisibleDescendants(of node: Node, path: inout [Int], to rows: inout [Row]) {
    guard node.isExpanded, let children = node.children else { return }
    for i in 0..<children.count {
      let child = children[i]
      path.append(i)
      rows.append(Row(identity: child.identity, treePath: TreePath(path)))
      appendVisibleDescendants(of: child, path: &path, to: &rows)
      path.removeLast()
    }
  }

  /// The rows of each section, flattened naively.
  public func visibleRows() -> [[Row]] {
    var path: [Int] = []
    switch layout {
    case .flat:
      var rows: [Row] = []
      appendVisibleDescendants(of: root, path: &path, to: &rows)
      return [rows]
    case .sectioned:
      var sections: [[Row]] = []
      for (s, item) in root.children!.enumerated() {
        var rows: [Row] = []
        path = [s]
        appendVisibleDescendants(of: item, path: &path, to: &rows)
        sections.append(rows)
      }
      return sections
    }
  }

  /// The identities of the root items, in order (the sections in `.sectioned`).
  public var rootIdentities: [Int] { root.children!.map(\.identity) }

  // MARK: - Editing helpers

  private static func modify<T>(
    _ node: inout Node, _ path: ArraySlice<Int>, _ body: (inout Node) throws -> T
  ) rethrows -> T {
    guard let first = path.first else { return try body(&node) }
    return try modify(&node.children![first], path.dropFirst(), body)
  }

  /// Runs `body` on the node at `path`, which must exist (the root if empty).
  private mutating func modifyNode<T>(at path: TreePath, _ body: (inout Node) throws -> T) rethrows -> T {
    try Self.modify(&root, Array(path)[...], body)
  }

  /// Checks an expand or collapse target: every proper ancestor known, every
  /// index in range.
  private func validateTarget(_ treePath: TreePath, _ operation: String) throws {
    if treePath.isEmpty { throw ModelError("\(operation): empty path") }
    var current = root
    let indices = Array(treePath)
    for level in 0..<indices.count {
      let index = indices[level]
      guard let children = current.children else {
        throw ModelError("\(operation) \(treePath): unknown ancestor at level \(level)")
      }
      guard index >= 0, index < children.count else {
        throw ModelError("\(operation) \(treePath): index out of range at level \(level)")
      }
      current = children[index]
    }
  }

  private enum Resolution { case found, parentUnknown }

  /// A path that goes beneath an unknown item at `level`: nothing to
  /// change there, unless an index below it is negative, which names no
  /// item whatever the tree.
  private func parentUnknown(_ treePath: TreePath, below level: Int, _ operation: String) throws -> Resolution {
    if treePath.dropFirst(level + 1).contains(where: { $0 < 0 }) {
      throw ModelError("\(operation) \(treePath): negative index beneath an unknown item")
    }
    return .parentUnknown
  }

  /// Resolves a path that must name an existing item (delete, move source).
  /// Throws on an empty path or an index out of range at a known level.
  private func resolveExisting(_ treePath: TreePath, _ operation: String) throws -> Resolution {
    if treePath.isEmpty { throw ModelError("\(operation): empty path") }
    var current = root
    let indices = Array(treePath)
    for level in 0..<indices.count {
      let children = current.children!
      let index = indices[level]
      guard index >= 0, index < children.count else {
        throw ModelError("\(operation) \(treePath): index out of range at level \(level)")
      }
      let child = children[index]
      if level < indices.count - 1 && !child.isKnown { return try parentUnknown(treePath, below: level, operation) }
      current = child
    }
    return .found
  }

  /// Resolves an insertion path in the current tree (the last index may be
  /// the count: append). Throws on an empty path or an index out of range.
  private func resolveInsertion(_ treePath: TreePath, _ operation: String) throws -> Resolution {
    if treePath.isEmpty { throw ModelError("\(operation): empty path") }
    var current = root
    let indices = Array(treePath)
    for level in 0..<(indices.count - 1) {
      let children = current.children!
      let index = indices[level]
      guard index >= 0, index < children.count else {
        throw ModelError("\(operation) \(treePath): index out of range at level \(level)")
      }
      let child = children[index]
      if !child.isKnown { return try parentUnknown(treePath, below: level, operation) }
      current = child
    }
    let last = indices[indices.count - 1]
    guard last >= 0, last <= current.children!.count else {
      throw ModelError("\(operation) \(treePath): insertion index out of range")
    }
    return .found
  }

  /// Removes and returns the item at `treePath`, which must exist.
  private mutating func removeNode(at treePath: TreePath) -> Node {
    let parent = TreePath(treePath.dropLast())
    let index = treePath[treePath.count - 1]
    return modifyNode(at: parent) { $0.children!.remove(at: index) }
  }

  /// Inserts `node` at `treePath`, whose parent must be known and whose last
  /// index must be at most the parent's count.
  private mutating func insertNode(_ node: Node, at treePath: TreePath) {
    let parent = TreePath(treePath.dropLast())
    let index = treePath[treePath.count - 1]
    modifyNode(at: parent) { $0.children!.insert(node, at: index) }
  }

  // MARK: - Operations

  public mutating func expand(_ treePath: TreePath, numberOfSubitems count: Int) throws {
    if count < 0 { throw ModelError("expand \(treePath): negative count \(count)") }
    try validateTarget(treePath, "expand")
    let existing = node(at: treePath)!
    if let children = existing.children, children.count == count {
      modifyNode(at: treePath) { $0.isExpanded = true }
    } else {
      let fresh = makeNodes(count)
      modifyNode(at: treePath) {
        $0.children = fresh
        $0.isExpanded = true
      }
    }
  }

  public mutating func collapse(_ treePath: TreePath) throws {
    try validateTarget(treePath, "collapse")
    modifyNode(at: treePath) { node in
      if node.isKnown { node.isExpanded = false }
    }
  }

  public mutating func insertItems(at treePaths: [TreePath]) throws {
    if treePaths.contains(where: \.isEmpty) { throw ModelError("insert: empty path") }
    if Set(treePaths).count != treePaths.count { throw ModelError("insert: duplicate paths") }
    var copy = self
    for path in treePaths.sorted() {
      switch try copy.resolveInsertion(path, "insert") {
      case .parentUnknown: continue
      case .found: copy.insertNode(copy.makeNode(), at: path)
      }
    }
    self = copy
  }

  public mutating func deleteItems(at treePaths: [TreePath]) throws {
    var effective: [TreePath] = []
    for path in treePaths {
      if try resolveExisting(path, "delete") == .found { effective.append(path) }
    }
    let kept = effective.filter { path in
      !effective.contains { other in other.count < path.count && path.starts(with: other) }
    }
    let unique = Array(Set(kept)).sorted()
    for path in unique.reversed() { _ = removeNode(at: path) }
  }

  public mutating func moveItem(at source: TreePath, to destination: TreePath) throws {
    if source.isEmpty { throw ModelError("move: empty source") }
    if destination.isEmpty { throw ModelError("move: empty destination") }
    let sourceFound = try resolveExisting(source, "move source") == .found
    if sourceFound && source == destination { return }
    var copy = self
    let moved: Node? = sourceFound ? copy.removeNode(at: source) : nil
    switch try copy.resolveInsertion(destination, "move destination") {
    case .parentUnknown:
      break  // a deletion of the source (or nothing)
    case .found:
      if let moved {
        copy.insertNode(moved, at: destination)
        copy.movedIdentities.formUnion(moved.subtreeIdentities())
      } else {
        copy.insertNode(copy.makeNode(), at: destination)
      }
    }
    self = copy
  }

  public mutating func performBatchUpdates(_ updates: (inout ReferenceTree) throws -> Void) throws {
    var copy = self
    try updates(&copy)
    self = copy
  }

  // MARK: - Description

  /// A compact dump: `#id` for each item, `+` expanded / `-` collapsed known
  /// items with their children in braces, `?` unknown.
  public var description: String {
    func describe(_ node: Node) -> String {
      guard let children = node.children else { return "#\(node.identity)?" }
      let mark = node.isExpanded ? "+" : "-"
      return "#\(node.identity)\(mark){" + children.map(describe).joined(separator: " ") + "}"
    }
    return "ReferenceTree(\(layout), roots: [" + root.children!.map(describe).joined(separator: " ") + "])"
  }
}
