// Counts the allocations of the Report process without LD_PRELOAD: an executable that defines malloc
// and friends interposes them for every library it loads (ELF symbol lookup starts at the
// executable). The real work is done by glibc's __libc_* entry points, so every pointer still comes
// from, and goes back to, glibc's allocator. Counting is per thread and off unless started.
#include "MallocCounter.h"

#if defined(__linux__) && defined(__GLIBC__)
#include <errno.h>
#include <malloc.h>
#include <stddef.h>

extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);
extern void *__libc_memalign(size_t alignment, size_t size);
extern void __libc_free(void *pointer);

static __thread int counting;
static __thread int64_t allocations;
static __thread int64_t liveBytes;

static inline void noteAllocation(void *pointer) {
    if (counting && pointer) {
        allocations += 1;
        liveBytes += (int64_t)malloc_usable_size(pointer);
    }
}

static inline void noteFree(void *pointer) {
    if (counting && pointer) liveBytes -= (int64_t)malloc_usable_size(pointer);
}

void *malloc(size_t size) {
    void *pointer = __libc_malloc(size);
    noteAllocation(pointer);
    return pointer;
}

void *calloc(size_t count, size_t size) {
    void *pointer = __libc_calloc(count, size);
    noteAllocation(pointer);
    return pointer;
}

void *realloc(void *old, size_t size) {
    noteFree(old);
    void *pointer = __libc_realloc(old, size);
    noteAllocation(pointer);
    return pointer;
}

void free(void *pointer) {
    noteFree(pointer);
    __libc_free(pointer);
}

void *memalign(size_t alignment, size_t size) {
    void *pointer = __libc_memalign(alignment, size);
    noteAllocation(pointer);
    return pointer;
}

void *aligned_alloc(size_t alignment, size_t size) {
    return memalign(alignment, size);
}

int posix_memalign(void **result, size_t alignment, size_t size) {
    if (alignment % sizeof(void *) != 0 || (alignment & (alignment - 1)) != 0) return EINVAL;
    void *pointer = memalign(alignment, size);
    if (!pointer) return ENOMEM;
    *result = pointer;
    return 0;
}

void malloc_counter_start(void) {
    allocations = 0;
    liveBytes = 0;
    counting = 1;
}

void malloc_counter_stop(void) { counting = 0; }
int64_t malloc_counter_allocations(void) { return allocations; }
int64_t malloc_counter_live_bytes(void) { return liveBytes; }

#else
// Elsewhere the counter is off: the Report prints allocations as unknown.
void malloc_counter_start(void) {}
void malloc_counter_stop(void) {}
int64_t malloc_counter_allocations(void) { return -1; }
int64_t malloc_counter_live_bytes(void) { return -1; }
#endif
