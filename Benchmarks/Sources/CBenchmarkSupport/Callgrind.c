// Valgrind client requests, issued with the documented magic instruction
// sequences of Valgrind's client-request ABI (see CBenchmarkSupport.h).

#include "CBenchmarkSupport.h"

// Request codes: core requests are small numbers; a tool's requests start at
// ('C' << 24 | 'T' << 16) for callgrind, in the order callgrind.h lists them.
#define CCG_RUNNING_ON_VALGRIND 0x1001UL
#define CCG_TOOL_BASE (((unsigned long)'C' << 24) | ((unsigned long)'T' << 16))
#define CCG_DUMP_STATS (CCG_TOOL_BASE + 0)
#define CCG_ZERO_STATS (CCG_TOOL_BASE + 1)
#define CCG_DUMP_STATS_AT (CCG_TOOL_BASE + 3)
#define CCG_START_INSTRUMENTATION (CCG_TOOL_BASE + 4)
#define CCG_STOP_INSTRUMENTATION (CCG_TOOL_BASE + 5)

static unsigned long ccallgrind_request(unsigned long fallback, unsigned long request, unsigned long arg1) {
  volatile unsigned long args[6] = {request, arg1, 0, 0, 0, 0};
  volatile unsigned long result = fallback;
#if defined(__x86_64__) && (defined(__linux__) || defined(__APPLE__) || defined(__FreeBSD__))
  __asm__ volatile("rolq $3,  %%rdi ; rolq $13, %%rdi\n\t"
                   "rolq $61, %%rdi ; rolq $51, %%rdi\n\t"
                   "xchgq %%rbx,%%rbx"
                   : "=d"(result)
                   : "a"(&args[0]), "0"(fallback)
                   : "cc", "memory");
#elif defined(__aarch64__) && defined(__linux__)
  __asm__ volatile("mov x3, %1\n\t"
                   "mov x4, %2\n\t"
                   "ror x12, x12, #3  ;  ror x12, x12, #13 \n\t"
                   "ror x12, x12, #51 ;  ror x12, x12, #61 \n\t"
                   "orr x10, x10, x10\n\t"
                   "mov %0, x3"
                   : "=r"(result)
                   : "r"(fallback), "r"(&args[0])
                   : "cc", "memory", "x3", "x4");
#else
  (void)args;
#endif
  return result;
}

int ccallgrind_running_on_valgrind(void) {
  return ccallgrind_request(0, CCG_RUNNING_ON_VALGRIND, 0) != 0;
}

void ccallgrind_start_instrumentation(void) {
  (void)ccallgrind_request(0, CCG_START_INSTRUMENTATION, 0);
}

void ccallgrind_stop_instrumentation(void) {
  (void)ccallgrind_request(0, CCG_STOP_INSTRUMENTATION, 0);
}

void ccallgrind_zero_stats(void) {
  (void)ccallgrind_request(0, CCG_ZERO_STATS, 0);
}

void ccallgrind_dump_stats_at(const char *reason) {
  (void)ccallgrind_request(0, CCG_DUMP_STATS_AT, (unsigned long)reason);
}

void ccallgrind_consume(const void *value) {
  (void)value;
}
