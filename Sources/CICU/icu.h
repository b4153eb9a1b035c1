// Only used to find and link the system ICU; Swift calls ICU through ChatLayoutICUShim.
#include <unicode/utypes.h>
