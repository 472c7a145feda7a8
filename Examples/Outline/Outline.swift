// outline: a terminal outline browser built on TreeDataSource.
//
//   swift run outline                 the Planets sample
//   swift run outline --fs .          a folder, listed as you expand it
//   swift run outline --json FILE     a JSON document
//   swift run outline --plist FILE    a property list, all expanded

@main
enum OutlineCommand {
  static func main() {
    print("outline: work in progress")
  }
}
