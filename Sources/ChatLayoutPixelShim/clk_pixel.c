#include "clk_pixel.h"

#include <stdlib.h>
#include <string.h>

#include <ft2build.h>
#include FT_FREETYPE_H
#include "harfbuzz_loader.h"

struct clk_font {
    hb_font_t *font;
    int32_t units_per_em;
    // The character map as sorted, disjoint ranges: first[i] ... last[i].
    uint32_t *first;
    uint32_t *last;
    int32_t range_count;
    // The face's family name (FreeType's), owned; "" when the face has none.
    char *family;
};

// Reads the face's Unicode character map into ranges. FreeType walks it in code-point order.
static int read_coverage(FT_Face face, clk_font *font) {
    if (FT_Select_Charmap(face, FT_ENCODING_UNICODE) != 0) return 0;  // no Unicode map: covers nothing
    int32_t capacity = 256;
    font->first = malloc(sizeof(uint32_t) * (size_t)capacity);
    font->last = malloc(sizeof(uint32_t) * (size_t)capacity);
    if (!font->first || !font->last) return -1;
    FT_UInt glyph = 0;
    FT_ULong code = FT_Get_First_Char(face, &glyph);
    while (glyph != 0) {
        int32_t n = font->range_count;
        if (n > 0 && font->last[n - 1] + 1 == (uint32_t)code) {
            font->last[n - 1] = (uint32_t)code;
        } else {
            if (n == capacity) {
                capacity *= 2;
                uint32_t *first = realloc(font->first, sizeof(uint32_t) * (size_t)capacity);
                if (first) font->first = first;
                uint32_t *last = realloc(font->last, sizeof(uint32_t) * (size_t)capacity);
                if (last) font->last = last;
                if (!first || !last) return -1;
            }
            font->first[n] = font->last[n] = (uint32_t)code;
            font->range_count = n + 1;
        }
        code = FT_Get_Next_Char(face, code, &glyph);
    }
    return 0;
}

clk_font *clk_font_open(const char *path, int32_t *error) {
    *error = 0;
    const clk_harfbuzz_functions *hb = clk_harfbuzz();
    if (!hb) { *error = -2; return NULL; }
    clk_font *font = calloc(1, sizeof(clk_font));
    if (!font) { *error = -1; return NULL; }

    // FreeType: is it a font, and what does it cover?
    FT_Library library = NULL;
    FT_Error status = FT_Init_FreeType(&library);
    if (status != 0) { *error = status; free(font); return NULL; }
    FT_Face face = NULL;
    status = FT_New_Face(library, path, 0, &face);
    if (status != 0) { *error = status; FT_Done_FreeType(library); free(font); return NULL; }
    int coverage = read_coverage(face, font);
    font->family = strdup(face->family_name ? face->family_name : "");
    FT_Done_Face(face);
    if (!font->family) { *error = -1; FT_Done_FreeType(library); clk_font_close(font); return NULL; }
    FT_Done_FreeType(library);
    if (coverage != 0) { *error = -1; clk_font_close(font); return NULL; }

    // HarfBuzz: its own read-only copy of the file, at the face's own scale (font units), with
    // its OpenType functions: advances unhinted, the same at every size.
    hb_blob_t *blob = hb->blob_create_from_file_or_fail(path);
    if (!blob) { *error = -1; clk_font_close(font); return NULL; }
    hb_face_t *hb_face = hb->face_create(blob, 0);
    hb->blob_destroy(blob);
    font->units_per_em = (int32_t)hb->face_get_upem(hb_face);
    font->font = hb->font_create(hb_face);
    hb->face_destroy(hb_face);
    if (font->units_per_em <= 0 || hb->font_get_empty() == font->font) { *error = -1; clk_font_close(font); return NULL; }
    hb->ot_font_set_funcs(font->font);
    hb->font_set_scale(font->font, font->units_per_em, font->units_per_em);
    hb->font_make_immutable(font->font);
    return font;
}

void clk_font_close(clk_font *font) {
    if (!font) return;
    if (font->font) clk_harfbuzz()->font_destroy(font->font);
    free(font->first);
    free(font->last);
    free(font->family);
    free(font);
}

const char *clk_font_family(const clk_font *font) { return font->family; }

int32_t clk_font_units_per_em(const clk_font *font) { return font->units_per_em; }

void clk_font_line_metrics(const clk_font *font, int32_t *ascender, int32_t *descender, int32_t *line_gap) {
    hb_font_extents_t extents = {0};
    clk_harfbuzz()->font_get_h_extents(font->font, &extents);
    *ascender = extents.ascender;
    *descender = extents.descender;
    *line_gap = extents.line_gap;
}

int32_t clk_font_has_glyph(const clk_font *font, uint32_t code_point) {
    int32_t low = 0, high = font->range_count - 1;
    while (low <= high) {
        int32_t middle = low + (high - low) / 2;
        if (code_point < font->first[middle]) high = middle - 1;
        else if (code_point > font->last[middle]) low = middle + 1;
        else return 1;
    }
    return 0;
}

uint32_t clk_script(uint32_t code_point) {
    const clk_harfbuzz_functions *hb = clk_harfbuzz();
    if (!hb) return 0;
    return (uint32_t)hb->unicode_script(hb->unicode_funcs_get_default(), code_point);
}

int32_t clk_font_shape(const clk_font *font, const char *utf8, int32_t length, uint32_t script,
                       const char *language, int64_t *total_advance,
                       int32_t *advances, uint32_t *clusters, int32_t capacity) {
    *total_advance = 0;
    const clk_harfbuzz_functions *hb = clk_harfbuzz();  // loaded: the font was opened with it
    hb_buffer_t *buffer = hb->buffer_create();
    if (!hb->buffer_allocation_successful(buffer)) { hb->buffer_destroy(buffer); return -1; }
    hb->buffer_add_utf8(buffer, utf8, length, 0, length);
    // The language first: guessing would take the process locale's.
    hb->buffer_set_language(buffer, hb->language_from_string(language ? language : "und", -1));
    if (script != 0) {
        hb->buffer_set_script(buffer, (hb_script_t)script);
        hb_direction_t direction = hb->script_get_horizontal_direction((hb_script_t)script);
        hb->buffer_set_direction(buffer, direction == CLK_HB_DIRECTION_INVALID ? CLK_HB_DIRECTION_LTR : direction);
    }
    hb->buffer_guess_segment_properties(buffer);
    hb->shape(font->font, buffer, NULL, 0);
    if (!hb->buffer_allocation_successful(buffer)) { hb->buffer_destroy(buffer); return -1; }

    unsigned int count = 0;
    hb_glyph_info_t *infos = hb->buffer_get_glyph_infos(buffer, &count);
    hb_glyph_position_t *positions = hb->buffer_get_glyph_positions(buffer, &count);
    int64_t total = 0;
    for (unsigned int i = 0; i < count; i++) total += positions[i].x_advance;
    *total_advance = total;
    if ((int64_t)count <= (int64_t)capacity) {
        for (unsigned int i = 0; i < count; i++) {
            advances[i] = positions[i].x_advance;
            clusters[i] = infos[i].cluster;
        }
    }
    hb->buffer_destroy(buffer);
    return (int32_t)count;
}
