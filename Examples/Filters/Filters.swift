@main
enum FiltersCommand {
  static func main() {}
}
