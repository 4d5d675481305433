#ifndef ALLOCATION_COUNTER_H
#define ALLOCATION_COUNTER_H

#include <stdint.h>

/// Starts counting the heap allocations the calling thread makes (malloc, calloc, realloc
/// and the aligned allocators), from zero. With `program_only` nonzero, not those the Swift
/// runtime library makes on its own account (coroutine frames of unoptimized generic code).
void allocation_counter_begin(int program_only);

/// Stops counting on the calling thread and returns the allocations made since
/// `allocation_counter_begin`.
uint64_t allocation_counter_end(void);

#endif
