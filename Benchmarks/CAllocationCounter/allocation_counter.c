// Counts heap allocations per thread, for the allocation benchmark and its test. Without
// AddressSanitizer the process's malloc family is this file's: each counts, then calls glibc's
// own (__libc_malloc and friends), so memory and free() are glibc's as ever. Under
// AddressSanitizer, whose allocator must stay the process's, a sanitizer malloc hook counts.
//
// Counting "by the program" leaves out what the Swift runtime library allocates on its own
// account rather than for an object: the frames of coroutines (collection accessors) that
// unoptimized generic code allocates. An allocation counts then only when the code that called
// the allocator is outside the library holding swift_slowAlloc, or is swift_slowAlloc itself
// (every object, array, closure context and buffer the program makes goes through it).
//
// ALLOCATION_COUNTER_TRACE=1 in the environment prints each counted allocation's stack
// (addresses; `llvm-symbolizer` names them) to standard error.
#define _GNU_SOURCE
#include "allocation_counter.h"

#include <dlfcn.h>
#include <errno.h>
#include <execinfo.h>
#include <link.h>
#include <pthread.h>
#include <stddef.h>
#include <stdlib.h>
#include <unistd.h>

static __thread int counting;
static __thread int by_program;
static __thread int tracing;
static __thread uint64_t counted;

/// Code ranges: swift_slowAlloc, and the executable segment of the library holding it.
static uintptr_t slow_alloc_start, slow_alloc_end, runtime_start, runtime_end;

static int find_runtime_segment(struct dl_phdr_info *info, size_t size, void *data) {
    (void)size;
    uintptr_t target = (uintptr_t)data;
    for (int i = 0; i < info->dlpi_phnum; i++) {
        const ElfW(Phdr) *header = &info->dlpi_phdr[i];
        if (header->p_type != PT_LOAD || !(header->p_flags & PF_X)) continue;
        uintptr_t start = info->dlpi_addr + header->p_vaddr, end = start + header->p_memsz;
        if (target >= start && target < end) {
            runtime_start = start;
            runtime_end = end;
            return 1;
        }
    }
    return 0;
}

static void find_runtime(void) {
    void *slow_alloc = dlsym(RTLD_DEFAULT, "swift_slowAlloc");
    Dl_info info;
    const ElfW(Sym) *symbol = NULL;
    if (slow_alloc == NULL || !dladdr1(slow_alloc, &info, (void **)&symbol, RTLD_DL_SYMENT) || symbol == NULL) return;
    slow_alloc_start = (uintptr_t)slow_alloc;
    slow_alloc_end = slow_alloc_start + symbol->st_size;
    dl_iterate_phdr(find_runtime_segment, slow_alloc);
}

/// Whether an allocation whose allocator was called from `caller` is the program's.
static int is_programs(uintptr_t caller) {
    if (caller >= slow_alloc_start && caller < slow_alloc_end) return 1;
    return !(caller >= runtime_start && caller < runtime_end);
}

static void trace_allocation(void) {
    static int mode = -1;
    if (mode < 0) mode = getenv("ALLOCATION_COUNTER_TRACE") != NULL;
    if (!mode) return;
    void *frames[16];
    int count = backtrace(frames, 16);
    backtrace_symbols_fd(frames, count, STDERR_FILENO);
    static const char separator[] = "----\n";
    (void)!write(STDERR_FILENO, separator, sizeof separator - 1);
}

/// Counts an allocation made for `caller`, on this thread, while counting (not the
/// counter's own: tracing may allocate).
static void note_allocation(uintptr_t caller) {
    if (!counting || tracing) return;
    if (by_program && !is_programs(caller)) return;
    counted += 1;
    tracing = 1;
    trace_allocation();
    tracing = 0;
}

#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define COUNTS_THROUGH_SANITIZER_HOOKS 1
#endif
#endif

#ifdef COUNTS_THROUGH_SANITIZER_HOOKS

int __sanitizer_install_malloc_and_free_hooks(void (*malloc_hook)(const volatile void *, size_t),
                                              void (*free_hook)(const volatile void *));
size_t __asan_get_alloc_stack(void *address, void **trace, size_t size, int *thread_id);

static void on_allocation(const volatile void *pointer, size_t size) {
    (void)size;
    if (!counting || tracing) return;
    // The allocation's stack as the sanitizer recorded it: its malloc, then the caller.
    void *trace[2] = {NULL, NULL};
    int thread = 0;
    size_t depth = __asan_get_alloc_stack((void *)pointer, trace, 2, &thread);
    note_allocation(depth > 1 ? (uintptr_t)trace[1] : 0);
}

static void on_free(const volatile void *pointer) {
    (void)pointer;
}

static void install_hook_pair(void) {
    find_runtime();
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

#define CALLER ((uintptr_t)__builtin_return_address(0))

void *malloc(size_t size) {
    note_allocation(CALLER);
    return __libc_malloc(size);
}

void *calloc(size_t count, size_t size) {
    note_allocation(CALLER);
    return __libc_calloc(count, size);
}

void *realloc(void *pointer, size_t size) {
    note_allocation(CALLER);
    return __libc_realloc(pointer, size);
}

void *memalign(size_t alignment, size_t size) {
    note_allocation(CALLER);
    return __libc_memalign(alignment, size);
}

void *aligned_alloc(size_t alignment, size_t size) {
    note_allocation(CALLER);
    return __libc_memalign(alignment, size);
}

int posix_memalign(void **result, size_t alignment, size_t size) {
    // POSIX: a power of two and a multiple of sizeof(void *), else EINVAL.
    if (alignment < sizeof(void *) || (alignment & (alignment - 1)) != 0) return EINVAL;
    note_allocation(CALLER);
    void *pointer = __libc_memalign(alignment, size);
    if (pointer == NULL) return ENOMEM;
    *result = pointer;
    return 0;
}

static void install_hooks(void) {
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, find_runtime);
}

#endif

void allocation_counter_begin(int program_only) {
    install_hooks();
    counted = 0;
    by_program = program_only;
    counting = 1;
}

uint64_t allocation_counter_end(void) {
    counting = 0;
    return counted;
}
