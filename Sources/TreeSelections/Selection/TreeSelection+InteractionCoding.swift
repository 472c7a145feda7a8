/// The keys of an interaction's encoded form.
private enum InteractionCodingKeys: String, CodingKey {
  case kind, selection, filter, options
}

extension TreeSelection.Interaction: Codable {
  /// Encodes the interaction as an object: its `kind` (`group`,
  /// `checkToggle`, `checklist`, `singleChoice`, `freeText`) and, as the
  /// kind has them, `selection`, `filter` and `options`.
  ///
  /// - Parameter encoder: The encoder.
  /// - Throws: What the encoder throws.
  /// - Complexity: O(*o*) for *o* options.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: InteractionCodingKeys.self)
    switch self {
    case .group(let selection, let filter):
      try container.encode("group", forKey: .kind)
      try container.encode(selection, forKey: .selection)
      try container.encodeIfPresent(filter, forKey: .filter)
    case .checkToggle:
      try container.encode("checkToggle", forKey: .kind)
    case .checklist(let options):
      try container.encode("checklist", forKey: .kind)
      try container.encode(options, forKey: .options)
    case .singleChoice(let options):
      try container.encode("singleChoice", forKey: .kind)
      try container.encode(options, forKey: .options)
    case .freeText:
      try container.encode("freeText", forKey: .kind)
    }
  }

  /// Decodes an interaction as ``encode(to:)`` writes it.
  ///
  /// - Parameter decoder: The decoder.
  /// - Throws: A `DecodingError` for an unknown kind, or a missing or
  ///   mistyped value.
  /// - Complexity: O(*o*) for *o* options.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: InteractionCodingKeys.self)
    switch try container.decode(String.self, forKey: .kind) {
    case "group":
      self = .group(
        selection: try container.decodeIfPresent(TreeSelection.SelectionMode.self, forKey: .selection) ?? .multiple,
        filter: try container.decodeIfPresent(PackagedFilter.Pair.self, forKey: .filter))
    case "checkToggle": self = .checkToggle
    case "checklist": self = .checklist(options: try container.decode([String].self, forKey: .options))
    case "singleChoice": self = .singleChoice(options: try container.decode([String].self, forKey: .options))
    case "freeText": self = .freeText
    case let kind:
      throw DecodingError.dataCorruptedError(
        forKey: .kind, in: container, debugDescription: "unknown interaction kind \"\(kind)\"")
    }
  }
}
