import ExampleTerminal

/// What the command line asks for.
///
///     filters                                  the panel over the demo data
///     filters --filters FILE                   the panel over a filter set
///     filters --select Junior Senior           print the packaged filters
///     filters --answer "Where do you live?=On campus"
///     filters --restore FILE                   start from packaged filters
struct FiltersOptions: Equatable {
  /// One `--answer ITEM=VALUE`.
  struct Answer: Equatable {
    /// The question's name.
    var item: String
    /// One answer.
    var value: String
  }

  /// The filter set to show instead of the demo data (`--filters FILE`).
  var filterSetPath: String?
  /// Packaged filters to start from (`--restore FILE`).
  var restorePath: String?
  /// The items to check (`--select ID…`), in order.
  var selected: [String] = []
  /// The answers to give (`--answer ID=VALUE…`), in order.
  var answers: [Answer] = []
  /// The largest file `--filters` and `--restore` read
  /// (`--max-input-bytes N`): 64 MiB unless given.
  var maximumInputBytes = DocumentFile.defaultMaximumBytes
  /// Whether to print the usage and exit (`--help`, `-h`).
  var showsHelp = false

  /// Whether the command line selects or answers anything: then `filters`
  /// prints the packaged filters and exits, terminal or not.
  var isScripted: Bool { !selected.isEmpty || !answers.isEmpty }

  /// Reads the arguments, without the program's name.
  ///
  /// - Throws: A ``FiltersError`` naming the first argument that makes no
  ///   sense.
  static func parse(_ arguments: [String]) throws(FiltersError) -> FiltersOptions {
    var options = FiltersOptions()
    var index = 0
    /// The values after a flag, up to the next flag; at least one.
    func values(for flag: String) throws(FiltersError) -> [String] {
      var result: [String] = []
      while index < arguments.count, !arguments[index].hasPrefix("--") {
        result.append(arguments[index])
        index += 1
      }
      guard !result.isEmpty, !result.contains("") else {
        throw FiltersError("\(flag) needs a value (see filters --help)")
      }
      return result
    }
    func path(for flag: String, current: String?) throws(FiltersError) -> String {
      guard current == nil else { throw FiltersError("\(flag) can be given once") }
      let given = try values(for: flag)
      guard given.count == 1 else { throw FiltersError("\(flag) takes one file, not \(given.count)") }
      return given[0]
    }
    while index < arguments.count {
      let argument = arguments[index]
      index += 1
      switch argument {
      case "--filters": options.filterSetPath = try path(for: argument, current: options.filterSetPath)
      case "--restore": options.restorePath = try path(for: argument, current: options.restorePath)
      case "--select": options.selected += try values(for: argument)
      case "--answer":
        for value in try values(for: argument) {
          guard let equals = value.firstIndex(of: "="), equals != value.startIndex else {
            throw FiltersError("--answer \(value): an answer is ITEM=VALUE")
          }
          options.answers.append(Answer(item: String(value[..<equals]), value: String(value[value.index(after: equals)...])))
        }
      case "--max-input-bytes":
        let given = try values(for: argument)
        guard given.count == 1, let count = DocumentFile.byteCount(given[0]) else {
          let text = given.joined(separator: " ")
          throw FiltersError("\(argument) \(text): the limit is one number of bytes, 1 or more")
        }
        options.maximumInputBytes = count
      case "--help", "-h": options.showsHelp = true
      default:
        if argument.hasPrefix("-") { throw FiltersError("unknown option \(argument) (see filters --help)") }
        throw FiltersError("unexpected argument \(argument) (see filters --help)")
      }
    }
    return options
  }

  /// What `filters --help` prints.
  static let usage = """
    filters: a filter panel in the terminal, built on TreeDataSource's TreeSelection

    usage: filters [--filters FILE] [--restore FILE] [--select ID...] [--answer ID=VALUE...]
                   [--max-input-bytes N]

      --filters FILE      the filter set to show (JSON) instead of the demo data:
                          [{"name": "Labels", "filter": {"key": "Label", "value": "Label"},
                            "items": [{"name": "Freshman"}, ...]}, ...]; an item is a
                          group ("items"), a checklist ("checklist": [options]), a
                          single choice ("choice": [options]), free text ("text": true)
                          or a check toggle (none of these); "single": true makes a
                          group single-selection
      --restore FILE      start from packaged filters (JSON, as filters prints them)
      --select ID...      check these items
      --answer ID=VALUE...
                          answer these questions (repeat an ID for several answers)
      --max-input-bytes N read at most N bytes of a --filters or --restore file
                          (64 MiB, 67108864, by default); a larger one is an error
      -h, --help          show this help

    With --select or --answer, or when standard input or output is not a
    terminal, filters prints the packaged filters as JSON and exits.
    Otherwise the panel is interactive:
      up/down, j/k    move              right/left, l/h   open, close a group
      Space           check             Enter             open a question; check
      s               Save: print the packaged filters and quit
      c, Esc, q       Cancel: quit, printing nothing
      x               Clear every group
      e               edit a group: until s, c or Esc, its checks go to a working
                      copy (s Save, c Cancel, x Clear it)
    In a question's editor: up/down move, Space chooses, type for free text;
      Enter Save, Esc Cancel, Ctrl-U Clear (s, c and x too, but for free text).
    """
}
