// HarfBuzz, loaded when first needed from the system's shared library (libharfbuzz.so.0)
// rather than linked: building the package needs no HarfBuzz headers, and a machine without
// HarfBuzz runs everything but the pixel measurer, which then says what is missing.
//
// Only the few types and functions clk_pixel.c uses are declared here, as HarfBuzz's stable C
// ABI defines them (unchanged since HarfBuzz 1.0; hb_blob_create_from_file_or_fail since 2.8.2).
#ifndef CLK_HARFBUZZ_LOADER_H
#define CLK_HARFBUZZ_LOADER_H

#include <stdint.h>

typedef int hb_bool_t;
typedef uint32_t hb_codepoint_t;
typedef int32_t hb_position_t;
typedef uint32_t hb_mask_t;
typedef uint32_t hb_script_t;       // an ISO 15924 tag packed big-endian
typedef int hb_direction_t;         // 0 invalid, 4 LTR, 5 RTL, 6 TTB, 7 BTT
typedef union { uint32_t u32; int32_t i32; uint16_t u16[2]; int16_t i16[2]; uint8_t u8[4]; int8_t i8[4]; } hb_var_int_t;
typedef struct hb_blob_t hb_blob_t;
typedef struct hb_face_t hb_face_t;
typedef struct hb_font_t hb_font_t;
typedef struct hb_buffer_t hb_buffer_t;
typedef struct hb_unicode_funcs_t hb_unicode_funcs_t;
typedef const struct hb_language_impl_t *hb_language_t;
typedef struct hb_feature_t hb_feature_t;

typedef struct {
    hb_position_t ascender, descender, line_gap;
    hb_position_t reserved[9];
} hb_font_extents_t;

typedef struct {
    hb_codepoint_t codepoint;
    hb_mask_t mask;
    uint32_t cluster;
    hb_var_int_t var1, var2;
} hb_glyph_info_t;

typedef struct {
    hb_position_t x_advance, y_advance, x_offset, y_offset;
    hb_var_int_t var;
} hb_glyph_position_t;

#define CLK_HB_DIRECTION_INVALID 0
#define CLK_HB_DIRECTION_LTR 4

// Every function clk_pixel.c calls, as pointers filled in by clk_harfbuzz().
typedef struct {
    hb_blob_t *(*blob_create_from_file_or_fail)(const char *file_name);
    void (*blob_destroy)(hb_blob_t *blob);
    hb_face_t *(*face_create)(hb_blob_t *blob, unsigned int index);
    unsigned int (*face_get_upem)(const hb_face_t *face);
    void (*face_destroy)(hb_face_t *face);
    hb_font_t *(*font_create)(hb_face_t *face);
    hb_font_t *(*font_get_empty)(void);
    void (*ot_font_set_funcs)(hb_font_t *font);
    void (*font_set_scale)(hb_font_t *font, int x_scale, int y_scale);
    void (*font_make_immutable)(hb_font_t *font);
    void (*font_destroy)(hb_font_t *font);
    hb_bool_t (*font_get_h_extents)(hb_font_t *font, hb_font_extents_t *extents);
    hb_unicode_funcs_t *(*unicode_funcs_get_default)(void);
    hb_script_t (*unicode_script)(hb_unicode_funcs_t *ufuncs, hb_codepoint_t unicode);
    hb_buffer_t *(*buffer_create)(void);
    hb_bool_t (*buffer_allocation_successful)(hb_buffer_t *buffer);
    void (*buffer_destroy)(hb_buffer_t *buffer);
    void (*buffer_add_utf8)(hb_buffer_t *buffer, const char *text, int text_length,
                            unsigned int item_offset, int item_length);
    hb_language_t (*language_from_string)(const char *str, int len);
    void (*buffer_set_language)(hb_buffer_t *buffer, hb_language_t language);
    void (*buffer_set_script)(hb_buffer_t *buffer, hb_script_t script);
    hb_direction_t (*script_get_horizontal_direction)(hb_script_t script);
    void (*buffer_set_direction)(hb_buffer_t *buffer, hb_direction_t direction);
    void (*buffer_guess_segment_properties)(hb_buffer_t *buffer);
    void (*shape)(hb_font_t *font, hb_buffer_t *buffer, const hb_feature_t *features, unsigned int num_features);
    hb_glyph_info_t *(*buffer_get_glyph_infos)(hb_buffer_t *buffer, unsigned int *length);
    hb_glyph_position_t *(*buffer_get_glyph_positions)(hb_buffer_t *buffer, unsigned int *length);
} clk_harfbuzz_functions;

/// HarfBuzz's functions, loaded once (thread-safe); NULL when the library or one of its
/// functions cannot be found (clk_harfbuzz_error says why).
const clk_harfbuzz_functions *clk_harfbuzz(void);

#endif
