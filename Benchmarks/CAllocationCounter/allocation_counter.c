// Counts heap allocations per thread, for the allocation benchmark and its test. Without
// AddressSanitizer the process's malloc family is this file's: each counts, then calls glibc's
// own (__libc_malloc and friends), so memory and free() are glibc's as ever. Under
// AddressSanitizer, whose allocator must stay the process's, a sanitizer malloc hook counts.
#include "allocation_counter.h"

#include <errno.h>
#include <pthread.h>
#include <stddef.h>

static __thread int counting;
static __thread uint64_t counted;

static inline void note_allocation(void) {
    if (counting) counted += 1;
}

#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define COUNTS_THROUGH_SANITIZER_HOOKS 1
#endif
#endif

#ifdef COUNTS_THROUGH_SANITIZER_HOOKS

int __sanitizer_install_malloc_and_free_hooks(void (*malloc_hook)(const volatile void *, size_t),
                                              void (*free_hook)(const volatile void *));

static void on_allocation(const volatile void *pointer, size_t size) {
    (void)pointer;
    (void)size;
    note_allocation();
}

static void on_free(const volatile void *pointer) {
    (void)pointer;
}

static void install_hook_pair(void) {
    // The sanitizer installs a pair only when both hooks are given.
    __sanitizer_install_malloc_and_free_hooks(on_allocation, on_free);
}

static void install_hooks(void) {
    // Once per process, whichever thread counts first (twice would count each allocation twice).
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, install_hook_pair);
}

#else

void *__libc_malloc(size_t size);
void *__libc_calloc(size_t count, size_t size);
void *__libc_realloc(void *pointer, size_t size);
void *__libc_memalign(size_t alignment, size_t size);

void *malloc(size_t size) {
    note_allocation();
    return __libc_malloc(size);
}

void *calloc(size_t count, size_t size) {
    note_allocation();
    return __libc_calloc(count, size);
}

void *realloc(void *pointer, size_t size) {
    note_allocation();
    return __libc_realloc(pointer, size);
}

void *memalign(size_t alignment, size_t size) {
    note_allocation();
    return __libc_memalign(alignment, size);
}

void *aligned_alloc(size_t alignment, size_t size) {
    note_allocation();
    return __libc_memalign(alignment, size);
}

int posix_memalign(void **result, size_t alignment, size_t size) {
    // POSIX: a power of two and a multiple of sizeof(void *), else EINVAL.
    if (alignment < sizeof(void *) || (alignment & (alignment - 1)) != 0) return EINVAL;
    note_allocation();
    void *pointer = __libc_memalign(alignment, size);
    if (pointer == NULL) return ENOMEM;
    *result = pointer;
    return 0;
}

static void install_hooks(void) {}

#endif

void allocation_counter_begin(void) {
    install_hooks();
    counted = 0;
    counting = 1;
}

uint64_t allocation_counter_end(void) {
    counting = 0;
    return counted;
}
