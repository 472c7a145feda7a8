import TreeDataSource

/// Ann's contacts as a composed tree, for `outline --compose` (seed 003,
/// RZArborist): a static header section — Ann's profile — joined with two
/// array sections, her friends and her enemies, and a filter over all of it.
///
///     contacts = Filtered(Joined([Grouped([Ann Lee: header]),
///                                 Grouped([Friends: friends, Enemies: enemies])]))
///
/// Every section is a group header item with the rows beneath it. The
/// filter always shows the headers and the profile's fields; a contact
/// shows when its name matches the ``query``.
final class ContactsSample {
  /// The profile's fields: fixed rows.
  let header: ArrayTreeSource<OutlineEntry>
  /// Ann's friends, one row each.
  let friends: ArrayTreeSource<OutlineEntry>
  /// Ann's enemies, one row each.
  let enemies: ArrayTreeSource<OutlineEntry>
  /// The profile section joined with the two contact sections.
  let joined: JoinedTreeSource<OutlineEntry>
  /// The joined tree through the filter: the source the list shows, and
  /// the one edits go through.
  let contacts: FilteredTreeSource<JoinedTreeSource<OutlineEntry>>
  /// The text a contact's name must contain to show (ignoring case); empty
  /// shows every contact.
  private(set) var query = NameQuery("")

  /// Creates the sample, every contact shown.
  init() {
    header = ArrayTreeSource([.init(name: "team", value: "Reds"), .init(name: "city", value: "Oslo")], name: "header")
    friends = ArrayTreeSource([.init(name: "Bob"), .init(name: "Cy"), .init(name: "Dee")], name: "friends")
    enemies = ArrayTreeSource([.init(name: "Eve"), .init(name: "Finn")], name: "enemies")
    let profile = GroupedTreeSource([(Self.section("Ann Lee"), header.eraseToAnyTreeSource())], name: "profile")
    let lists = GroupedTreeSource(
      [
        (Self.section("Friends"), friends.eraseToAnyTreeSource()),
        (Self.section("Enemies"), enemies.eraseToAnyTreeSource()),
      ], name: "lists")
    joined = JoinedTreeSource([profile.eraseToAnyTreeSource(), lists.eraseToAnyTreeSource()], name: "contacts")
    let query = query
    contacts = FilteredTreeSource(joined) { Self.outcome(of: $0, query: query) }
  }

  /// Shows only the contacts whose names contain `text`, ignoring case (all
  /// of them when it is empty): one change set, the rows that go and come.
  ///
  /// - Complexity: O(*n* *d* log *b*) for the *n* items (the filter asks the
  ///   predicate about each again).
  func filter(_ text: String) {
    let query = NameQuery(text)
    self.query = query
    contacts.setPredicate { Self.outcome(of: $0, query: query) }
  }

  /// A section's header item: a container.
  private static func section(_ name: String) -> OutlineEntry {
    OutlineEntry(name: name, isContainer: true)
  }

  /// Headers and fields always show; a contact (a leaf without a value)
  /// shows when `query` is empty or matches its name.
  private static func outcome(of entry: OutlineEntry, query: NameQuery) -> TreeFilterOutcome {
    guard !entry.isContainer, entry.value == nil else { return .visible }
    return query.isEmpty || query.matches(entry.name) ? .visible : .hidden
  }
}
