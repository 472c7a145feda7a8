import ExampleTerminal
import TreeDataSource

/// What the command line asks for: which tree to show, and what to open.
///
///     outline                          the Planets sample
///     outline --fs PATH                a folder, listed as you expand it
///     outline --fs PATH --compact      single-entry folder chains as one row
///     outline --json FILE              a JSON document
///     outline --plist FILE             a property list, all expanded
///     outline --expand 2.5 --depth 2   open [2, 5] and one level beneath it
///     outline --compose                composed sources at work, printed step by step
struct OutlineOptions: Equatable {
  /// The tree to show.
  enum Input: Equatable {
    /// The embedded Planets sample.
    case planets
    /// The folder at a path, listed lazily.
    case folder(String)
    /// The JSON document at a path.
    case json(String)
    /// The property list at a path.
    case propertyList(String)
  }

  /// The tree to show; the Planets sample unless a flag names another.
  var input: Input = .planets
  /// Whether to open every item (`--expand-all`).
  var expandsAll = false
  /// The items to reveal and open, in the order given (`--expand PATH`).
  var expandedPaths: [TreePath] = []
  /// How many levels to open (`--depth N`): from the top when no
  /// `--expand` is given, else beneath each expanded path.
  var depth: Int?
  /// The largest document `--json` and `--plist` read
  /// (`--max-input-bytes N`): 64 MiB unless given.
  var maximumInputBytes = DocumentFile.defaultMaximumBytes
  /// Whether to print the usage and exit (`--help`, `-h`).
  var showsHelp = false
  /// Whether to print the composed-sources walkthrough and exit
  /// (`--compose`, see ``ComposeDemo``).
  var composes = false
  /// The keys to play instead of reading the terminal (`--keys`, see
  /// ``KeyScript``), or `nil`.
  var keys: [Key]?
  /// How long every folder listing of `--fs` waits first, in milliseconds
  /// (`--latency MS`), to show listings that arrive later.
  var latency = 0
  /// Whether `--fs` shows a chain of folders, each the only entry of the
  /// one before, as one row `a/b/c` (`--compact`).
  var compacts = false

  /// Creates the default options: the Planets sample as its data says.
  init() {}

  /// Reads the command line's arguments, without the program's name.
  ///
  /// - Parameter arguments: The arguments, as in
  ///   `CommandLine.arguments.dropFirst()`.
  /// - Returns: The options they give.
  /// - Throws: An ``OutlineError`` naming the first argument that makes no
  ///   sense: an unknown flag, a flag without its value, a second input, a
  ///   malformed path, depth or byte count, another option given with
  ///   `--compose`, or `--compact` without `--fs` or with `--keys`.
  /// - Complexity: O(*n*) for *n* characters of arguments.
  static func parse(_ arguments: some Sequence<String>) throws(OutlineError) -> OutlineOptions {
    var options = OutlineOptions()
    var hasInput = false
    var otherOption: String?
    var remaining = arguments.makeIterator()
    func value(for flag: String) throws(OutlineError) -> String {
      guard let value = remaining.next(), !value.isEmpty else {
        throw OutlineError("\(flag) needs a value (see outline --help)")
      }
      return value
    }
    func setInput(_ input: Input, flag: String) throws(OutlineError) {
      guard !hasInput else { throw OutlineError("\(flag): only one of --fs, --json and --plist can be given") }
      hasInput = true
      options.input = input
    }
    while let argument = remaining.next() {
      if argument != "--compose" && otherOption == nil { otherOption = argument }
      switch argument {
      case "--fs": try setInput(.folder(try value(for: argument)), flag: argument)
      case "--json": try setInput(.json(try value(for: argument)), flag: argument)
      case "--plist": try setInput(.propertyList(try value(for: argument)), flag: argument)
      case "--expand-all": options.expandsAll = true
      case "--expand": options.expandedPaths.append(try treePath(try value(for: argument), flag: argument))
      case "--depth": options.depth = try depth(try value(for: argument), flag: argument)
      case "--max-input-bytes":
        let text = try value(for: argument)
        guard let count = DocumentFile.byteCount(text) else {
          throw OutlineError("\(argument) \(text): the limit is a number of bytes, 1 or more")
        }
        options.maximumInputBytes = count
      case "--latency": options.latency = try milliseconds(try value(for: argument), flag: argument)
      case "--compact": options.compacts = true
      case "--keys": options.keys = try KeyScript.keys(try value(for: argument))
      case "--help", "-h": options.showsHelp = true
      case "--compose": options.composes = true
      default:
        if argument.hasPrefix("-") {
          throw OutlineError("unknown option \(argument) (see outline --help)")
        }
        throw OutlineError("unexpected argument \(argument) (see outline --help)")
      }
    }
    if options.composes, !options.showsHelp, let otherOption {
      throw OutlineError("--compose shows its own tree and takes no other option: \(otherOption) (see outline --help)")
    }
    if options.compacts, !options.showsHelp {
      guard case .folder = options.input else { throw OutlineError("--compact needs --fs (see outline --help)") }
      guard options.keys == nil else { throw OutlineError("--compact: not with --keys (see outline --help)") }
    }
    return options
  }

  /// A tree path written as indices joined by dots, like `1.0.2`.
  ///
  /// - Complexity: O(*n*) for *n* characters.
  static func treePath(_ text: String, flag: String = "--expand") throws(OutlineError) -> TreePath {
    let parts = text.split(separator: ".", omittingEmptySubsequences: false)
    var indices: [Int] = []
    for part in parts {
      guard !part.isEmpty, part.utf8.allSatisfy({ (0x30...0x39).contains($0) }), let index = Int(part) else {
        throw OutlineError("\(flag) \(text): a path is indices joined by dots, like 1.0.2")
      }
      indices.append(index)
    }
    return TreePath(indices)
  }

  /// The path as the command line writes it: `1.0.2`.
  ///
  /// - Complexity: O(*d*).
  static func text(of treePath: TreePath) -> String {
    treePath.map(String.init).joined(separator: ".")
  }

  /// A number of levels: a non-negative integer.
  private static func depth(_ text: String, flag: String) throws(OutlineError) -> Int {
    guard text.utf8.allSatisfy({ (0x30...0x39).contains($0) }), let depth = Int(text) else {
      throw OutlineError("\(flag) \(text): the depth is a number of levels, 0 or more")
    }
    return depth
  }

  /// The milliseconds `text` gives.
  ///
  /// - Throws: An ``OutlineError`` when `text` is not a number, 0 or more.
  /// - Complexity: O(*n*) for *n* characters.
  private static func milliseconds(_ text: String, flag: String) throws(OutlineError) -> Int {
    guard text.utf8.allSatisfy({ (0x30...0x39).contains($0) }), let value = Int(text), value <= 3_600_000 else {
      throw OutlineError("\(flag) \(text): a number of milliseconds, 0 to 3600000")
    }
    return value
  }

  /// What `outline --help` prints.
  static let usage = """
    outline: browse a tree in the terminal, built on TreeDataSource

    usage: outline [INPUT] [--expand PATH]... [--depth N] [--expand-all] [--max-input-bytes N] [--keys KEYS]
           outline --compose

    input (one; the Planets sample data when none is given):
      --fs PATH         a folder; each folder is listed when it is expanded
      --latency MS      with --fs, wait MS milliseconds before every listing; a
                        folder shows loading… until its listing arrives (piped
                        output waits for the listings it prints)
      --compact         with --fs, show a chain of folders, each the only
                        entry of the one before, as one row a/b/c; opening it
                        shows the entries of the last (every folder row shown
                        is listed, to learn whether it heads a chain)
      --json FILE       a JSON document: objects and arrays expand
      --plist FILE      a property list (XML, binary or OpenStep), all expanded; a
                        binary one whose shared objects would repeat into more
                        than 1,000,000 items (or its size in bytes, if larger)
                        is refused
      --max-input-bytes N
                        read at most N bytes of a --json or --plist document
                        (64 MiB, 67108864, by default); a larger one is an error

    what is open (the data's own initial state when none is given):
      --expand PATH     reveal and open the item at PATH, indices joined by dots
                        (1.0.2 is the third subitem of the first subitem of the
                        second root item); may be repeated
      --depth N         open N levels: from the top, or beneath each --expand
                        PATH when one is given (there 1 by default)
      --expand-all      open everything
      --keys KEYS       play KEYS in the browser, without a terminal, and print
                        each key, each update the list's host receives, and the
                        last 80 by 24 screen: key names separated by spaces
                        (up down left right shift-up shift-down alt-left
                        alt-right pageup pagedown home end enter space tab
                        backspace esc), one character for itself, or 'text'
                        for each of its characters
      -h, --help        show this help

    composed sources:
      --compose         Ann's contacts: a static section joined with two array
                        sections and filtered, edited step by step (an append
                        through a children view, moves between the sections,
                        new predicates); prints each update the list's host
                        receives and the rows after each step, and exits

    When standard output is a terminal, the outline is interactive:
      up/down, j/k      move            right, l, Enter   expand, or go to the first subitem
      left, h           collapse, or go to the parent      Space   toggle
      *, Option-right   expand everything beneath           -       collapse all
      Option-left       collapse everything beneath         Shift-up/down   select a range
      PgUp/PgDn, g/G    jump             /TEXT Enter       search; n finds the next
      'TEXT             go to the next name starting with TEXT (again: the next)
      q, Ctrl-C         quit
      f                 filter as you type: only the items whose names contain
                        the text, with their parents, opened; up/down move,
                        Enter goes to the item in the tree, Esc puts the tree
                        back as it was
      m                 move the item: up/down pick the gap, left/right the
                        level (the marker shows where it lands), Enter drops
                        it there, Esc cancels
    Otherwise it prints the visible rows once and exits.
    """
}
