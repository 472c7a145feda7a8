// The bytes a process has allocated and not freed, from the C allocator's
// own statistics: how the memory workload measures a built state.

import CBenchmarkSupport

/// The heap's bytes in use.
public enum HeapStatistics {
  /// Bytes allocated with malloc and not yet freed, small blocks and mapped
  /// ones alike; -1 on platforms where the allocator does not tell.
  public static func bytesInUse() -> Int {
    Int(cbenchmarksupport_heap_bytes_in_use())
  }
}
