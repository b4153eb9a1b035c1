// glibc's malloc statistics for the benchmark: Swift's Glibc module does not import <malloc.h>.
#ifndef HEAP_STATISTICS_H
#define HEAP_STATISTICS_H

#include <stdint.h>

/// Bytes allocated and not yet freed (mallinfo2: arena bytes in use plus mmap'd blocks).
int64_t heap_bytes_in_use(void);

#endif
