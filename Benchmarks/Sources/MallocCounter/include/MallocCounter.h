#ifndef MALLOC_COUNTER_H
#define MALLOC_COUNTER_H

#include <stdint.h>

/// Starts counting the calling thread's allocations (and their usable bytes) from zero.
void malloc_counter_start(void);

/// Stops counting; the totals stay readable until the next start.
void malloc_counter_stop(void);

/// Allocation calls (malloc, calloc, realloc, aligned allocations) since the last start.
int64_t malloc_counter_allocations(void);

/// Usable bytes allocated minus usable bytes freed since the last start: what the counted code
/// left on the heap.
int64_t malloc_counter_live_bytes(void);

#endif
