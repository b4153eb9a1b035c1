#include "heap_statistics.h"
#include <malloc.h>
#include <sys/resource.h>

int64_t heap_bytes_in_use(void) {
    struct mallinfo2 info = mallinfo2();
    return (int64_t)(info.uordblks + info.hblkhd);
}

int64_t minor_page_faults(void) {
    struct rusage usage;
    return getrusage(RUSAGE_SELF, &usage) == 0 ? (int64_t)usage.ru_minflt : 0;
}
