// glibc's malloc statistics and the process's page faults for the benchmark: Swift's Glibc
// module does not import <malloc.h>.
#ifndef HEAP_STATISTICS_H
#define HEAP_STATISTICS_H

#include <stdint.h>

/// Bytes allocated and not yet freed (mallinfo2: arena bytes in use plus mmap'd blocks).
int64_t heap_bytes_in_use(void);

/// The page faults the process has taken so far that the kernel served without reading a
/// file (getrusage's ru_minflt): each a page of memory touched for the first time.
int64_t minor_page_faults(void);

#endif
