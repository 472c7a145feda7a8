/// A weak reference held by value, for the escaping closures through which
/// a source hears of changes: a closure that captures one (a `let`) reads
/// it without the run-time exclusivity check that the box of a
/// `[weak self]` capture costs on every call.
struct _Weak<Object: AnyObject> {
  weak var object: Object?
}
