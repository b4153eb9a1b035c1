// Only used to find and link the system HarfBuzz; Swift calls it through ChatLayoutPixelShim.
#include <hb.h>
#include <hb-ot.h>
