#include "heap_statistics.h"
#include <malloc.h>

int64_t heap_bytes_in_use(void) {
    struct mallinfo2 info = mallinfo2();
    return (int64_t)(info.uordblks + info.hblkhd);
}
