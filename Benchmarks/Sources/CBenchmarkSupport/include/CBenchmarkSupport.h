// C helpers for the benchmarks: Valgrind client requests, to count
// instructions with callgrind (Callgrind.c), and the allocator's statistics,
// to measure memory (HeapStatistics.c).
//
// Each client-request function issues one client request: a magic no-op instruction
// sequence that Valgrind recognises and that does nothing on a real CPU, so a
// program built with these calls runs unchanged outside Valgrind. The request
// codes and instruction sequences are Valgrind's documented client-request
// ABI (valgrind.h, callgrind.h); only x86-64 and AArch64 are wired up, and on
// other platforms every function is a no-op that reports "not under Valgrind".

#ifndef CBENCHMARKSUPPORT_H
#define CBENCHMARKSUPPORT_H

/// 1 when the program runs under Valgrind (any tool), 0 otherwise.
int ccallgrind_running_on_valgrind(void);

/// Starts callgrind's instrumentation (with `--instr-atstart=no`, code runs
/// uninstrumented, and much faster, until this call).
void ccallgrind_start_instrumentation(void);

/// Stops callgrind's instrumentation.
void ccallgrind_stop_instrumentation(void);

/// Resets callgrind's event counters to zero.
void ccallgrind_zero_stats(void);

/// Writes callgrind's counters since the last zero or dump to a new dump
/// file, described by `reason`, and resets them.
void ccallgrind_dump_stats_at(const char *reason);

/// Does nothing with `value`, in a function the Swift optimizer cannot see
/// into: measured results go through it so that they are computed.
void ccallgrind_consume(const void *value);

/// The bytes allocated with malloc and not yet freed (glibc's mallinfo2,
/// or the default zone's statistics on Darwin); -1 where unknown.
long long cbenchmarksupport_heap_bytes_in_use(void);

#endif
