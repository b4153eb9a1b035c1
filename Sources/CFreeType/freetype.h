// Only used to find and link the system FreeType; Swift calls it through ChatLayoutPixelShim.
#include <ft2build.h>
#include FT_FREETYPE_H
