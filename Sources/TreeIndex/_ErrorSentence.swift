/// How the errors of the package's modules word a refused call: the
/// sentence opens with `cannot`, the operation and what it named, then a
/// colon and the reason, as in
/// `cannot expand [1, 4]: index 4 is out of range; [1] has 3 subitems`,
/// and an identifier stands in double quotes.
package enum _ErrorSentence {
  /// The opening of a refusal, up to its reason: `cannot <operation>
  /// <subject>: `, without the subject when it is `nil`.
  ///
  /// - Complexity: O(*n*) for the *n* characters written.
  package static func cannot(_ operation: String, _ subject: String?) -> String {
    "cannot \(operation)" + (subject.map { " " + $0 } ?? "") + ": "
  }

  /// An identifier as an error names it: `"Pear"`.
  ///
  /// - Complexity: O(*n*) for the *n* characters written.
  package static func quoted(_ item: String) -> String { "\"\(item)\"" }
}
