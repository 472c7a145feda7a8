import Foundation
import TreeIndex

/// Decoding untrusted bytes: as JSON text, or as a document built from the
/// bytes (so that most inputs reach the checks past the JSON syntax). A
/// document either throws `DecodingError` or decodes to an index that
/// answers every query consistently and encodes to itself.
enum DecodingSession {
  static func run(_ bytes: ArraySlice<UInt8>) -> String? {
    let data: Data
    if bytes.first.map({ $0 & 1 == 0 }) ?? true {
      data = Data(bytes.dropFirst())
    } else {
      data = Data(document(from: FuzzInput(Array(bytes.dropFirst()))).utf8)
    }
    _ = try? JSONDecoder().decode(TreePath.self, from: data)
    _ = try? JSONDecoder().decode(TreeIndex.Layout.self, from: data)
    let index: TreeIndex
    do {
      index = try JSONDecoder().decode(TreeIndex.self, from: data)
    } catch is DecodingError {
      return nil
    } catch {
      return "decoding threw \(type(of: error)), not a DecodingError"
    }
    return check(index)
  }

  /// A document of known items from the input: depths, indices and counts,
  /// some of them out of line.
  static func document(from input: FuzzInput) -> String {
    var input = input
    var items: [String] = []
    var depth = 0
    while !input.isAtEnd && items.count < 64 {
      depth = Swift.max(1, depth + input.number(below: 3) - 1)
      if input.number(below: 16) == 0 { depth += 2 }  // skips a level
      let count = input.numberOfSubitems()
      items.append(
        #"{"depth":\#(depth),"index":\#(input.index(amongst: 2)),"numberOfSubitems":\#(count),"isExpanded":\#(input.flag())}"#)
    }
    let roots = input.numberOfSubitems()
    return
      #"{"layout":"\#(input.flag() ? "flat" : "sectioned")","numberOfRootItems":\#(roots),"items":[\#(items.joined(separator: ","))]}"#
  }

  /// Checks a decoded index: its counts within the maximum, rows and paths
  /// that map to each other, and an encoding that decodes to it.
  static func check(_ index: TreeIndex) -> String? {
    index._checkInvariants()
    let rows = index.numberOfRows
    guard rows >= 0, rows <= TreeIndex.maximumNumberOfRows else { return "decoded \(rows) rows" }
    var sum = 0
    for section in 0..<Swift.min(index.numberOfSections, 1_000) {
      sum += index.numberOfRows(inSection: section)
    }
    if index.numberOfSections <= 1_000, sum != rows { return "the sections hold \(sum) rows of \(rows)" }
    for row in [0, 1, 2, rows / 2, rows - 1, rows, .max, .min] {
      guard let path = index.treePath(forRow: row) else {
        if row >= 0 && row < rows { return "row \(row) of \(rows) has no path" }
        continue
      }
      guard index.row(for: path) == row else {
        return "row \(row) is \(path), which is row \(String(describing: index.row(for: path)))"
      }
      if let table = index.tableIndexPath(fromTreePath: path), index.treeIndexPath(fromTablePath: table) != path {
        return "\(path) is drawn at \(table), which maps back elsewhere"
      }
    }
    do {
      let again = try JSONDecoder().decode(TreeIndex.self, from: JSONEncoder().encode(index))
      return again == index ? nil : "the index does not survive encoding and decoding"
    } catch {
      return "the index's own encoding does not decode: \(error)"
    }
  }
}
