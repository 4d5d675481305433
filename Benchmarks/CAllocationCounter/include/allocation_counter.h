#ifndef ALLOCATION_COUNTER_H
#define ALLOCATION_COUNTER_H

#include <stdint.h>

/// Starts counting the heap allocations the calling thread makes (malloc, calloc, realloc
/// and the aligned allocators), from zero.
void allocation_counter_begin(void);

/// Stops counting on the calling thread and returns the allocations made since
/// `allocation_counter_begin`.
uint64_t allocation_counter_end(void);

#endif
