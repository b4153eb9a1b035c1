// Only the declaration in include/fuzz_driver.h matters; libFuzzer defines the function.
#include "fuzz_driver.h"
