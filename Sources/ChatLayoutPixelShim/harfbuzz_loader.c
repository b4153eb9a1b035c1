#include "harfbuzz_loader.h"
#include "clk_pixel.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static clk_harfbuzz_functions functions;
static const clk_harfbuzz_functions *loaded = NULL;
static char failure[512] = "";
static pthread_once_t once = PTHREAD_ONCE_INIT;

// The library's names, first the soname every Linux distribution ships, then macOS's.
static const char *const library_names[] = {
    "libharfbuzz.so.0",
    "libharfbuzz.0.dylib",
    "/opt/homebrew/lib/libharfbuzz.0.dylib",
    "/usr/local/lib/libharfbuzz.0.dylib",
};

static void load(void) {
    void *library = NULL;
    // CHAT_LAYOUT_HARFBUZZ_LIBRARY names the library file instead (HarfBuzz installed elsewhere);
    // it gives no power LD_LIBRARY_PATH does not already give.
    const char *chosen = getenv("CHAT_LAYOUT_HARFBUZZ_LIBRARY");
    if (chosen && *chosen) {
        library = dlopen(chosen, RTLD_NOW | RTLD_LOCAL);
        if (!library) {
            snprintf(failure, sizeof failure,
                     "the HarfBuzz library that CHAT_LAYOUT_HARFBUZZ_LIBRARY names cannot be loaded");
            return;
        }
    }
    for (size_t i = 0; i < sizeof library_names / sizeof library_names[0] && !library; i++) {
        library = dlopen(library_names[i], RTLD_NOW | RTLD_LOCAL);
    }
    if (!library) {
        snprintf(failure, sizeof failure,
                 "the HarfBuzz library (libharfbuzz.so.0) is not installed; on Debian or Ubuntu, install libharfbuzz0b");
        return;
    }
    // Each symbol by name into its slot; the first one missing names itself.
#define LOAD(slot, name)                                                                      \
    do {                                                                                      \
        void *symbol = dlsym(library, name);                                                  \
        if (!symbol) {                                                                        \
            snprintf(failure, sizeof failure,                                                 \
                     "the installed HarfBuzz lacks %s (HarfBuzz 2.8.2 or later is needed)", name); \
            return;                                                                           \
        }                                                                                     \
        memcpy(&functions.slot, &symbol, sizeof symbol);                                      \
    } while (0)
    LOAD(blob_create_from_file_or_fail, "hb_blob_create_from_file_or_fail");
    LOAD(blob_destroy, "hb_blob_destroy");
    LOAD(face_create, "hb_face_create");
    LOAD(face_get_upem, "hb_face_get_upem");
    LOAD(face_destroy, "hb_face_destroy");
    LOAD(font_create, "hb_font_create");
    LOAD(font_get_empty, "hb_font_get_empty");
    LOAD(ot_font_set_funcs, "hb_ot_font_set_funcs");
    LOAD(font_set_scale, "hb_font_set_scale");
    LOAD(font_make_immutable, "hb_font_make_immutable");
    LOAD(font_destroy, "hb_font_destroy");
    LOAD(font_get_h_extents, "hb_font_get_h_extents");
    LOAD(unicode_funcs_get_default, "hb_unicode_funcs_get_default");
    LOAD(unicode_script, "hb_unicode_script");
    LOAD(buffer_create, "hb_buffer_create");
    LOAD(buffer_allocation_successful, "hb_buffer_allocation_successful");
    LOAD(buffer_destroy, "hb_buffer_destroy");
    LOAD(buffer_add_utf8, "hb_buffer_add_utf8");
    LOAD(language_from_string, "hb_language_from_string");
    LOAD(buffer_set_language, "hb_buffer_set_language");
    LOAD(buffer_set_script, "hb_buffer_set_script");
    LOAD(script_get_horizontal_direction, "hb_script_get_horizontal_direction");
    LOAD(buffer_set_direction, "hb_buffer_set_direction");
    LOAD(buffer_guess_segment_properties, "hb_buffer_guess_segment_properties");
    LOAD(shape, "hb_shape");
    LOAD(buffer_get_glyph_infos, "hb_buffer_get_glyph_infos");
    LOAD(buffer_get_glyph_positions, "hb_buffer_get_glyph_positions");
#undef LOAD
    loaded = &functions;
}

const clk_harfbuzz_functions *clk_harfbuzz(void) {
    pthread_once(&once, load);
    return loaded;
}

const char *clk_harfbuzz_error(void) {
    return clk_harfbuzz() ? NULL : failure;
}
