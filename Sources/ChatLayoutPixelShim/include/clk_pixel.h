// A small C surface over FreeType and HarfBuzz with stable, Swift-friendly functions: open a
// font file, ask what it covers and how tall it is, shape UTF-8 text with it. Everything is in
// the font's own units (integers, exact); the Swift side scales to points once.
//
// HarfBuzz is loaded from the system's shared library the first time a font is opened, not
// linked: the package builds without HarfBuzz's headers, and without the library every
// function here but the pixel measurer's works (clk_harfbuzz_error says what is missing).
//
// A clk_font is immutable once opened and safe to use from several threads at once: FreeType
// reads the file only while it is opened (its character map, copied here); HarfBuzz shapes
// from its own read-only copy of the file.
#ifndef CLK_PIXEL_H
#define CLK_PIXEL_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct clk_font clk_font;

/// NULL when HarfBuzz is loaded (or loads now); otherwise a sentence saying what is missing
/// (the library, or a function of it), owned by the shim.
const char *clk_harfbuzz_error(void);

/// Opens the first face of the font file at `path` (UTF-8). NULL when the file cannot be read
/// or is not a font, with FreeType's error code in `*error` (or -1 when HarfBuzz cannot load
/// it, or memory runs out; -2 when HarfBuzz itself is missing: see clk_harfbuzz_error).
clk_font *clk_font_open(const char *path, int32_t *error);

/// Closes a font opened by clk_font_open.
void clk_font_close(clk_font *font);

/// The face's family name as the font file gives it ("Noto Sans Arabic"), UTF-8; "" when it
/// has none. Owned by the font.
const char *clk_font_family(const clk_font *font);

/// The face's units per em (1000 for Noto Sans, 2048 for Noto Color Emoji).
int32_t clk_font_units_per_em(const clk_font *font);

/// The face's horizontal line metrics in font units, as HarfBuzz reads them (OS/2 typographic
/// metrics when the face asks for them, else hhea): the ascender above the baseline
/// (positive), the descender below it (negative) and the gap between lines.
void clk_font_line_metrics(const clk_font *font, int32_t *ascender, int32_t *descender, int32_t *line_gap);

/// Whether the face's Unicode character map has a glyph for `code_point`.
int32_t clk_font_has_glyph(const clk_font *font, uint32_t code_point);

/// The Unicode script of `code_point` as an ISO 15924 tag packed big-endian ('Arab' →
/// 0x41726162), or 0 when HarfBuzz is missing; 'Zyyy' (common) for spaces, digits and punctuation, 'Zinh' (inherited) for
/// combining marks, 'Zzzz' for unassigned code points.
uint32_t clk_script(uint32_t code_point);

/// Shapes `length` bytes of UTF-8 text with `font`, as one run of `script` (a tag from
/// clk_script; 0: guessed from the text) in its horizontal direction, in `language` (BCP 47,
/// such as "und" or "en"; NULL counts as "und" — never the process locale). Returns the number
/// of glyphs and writes the run's total advance in font units to `*total_advance`; when the
/// glyphs fit in `capacity`, also writes each glyph's advance (font units) and cluster (the
/// byte offset in `utf8` of the first character it draws), in visual order. Returns -1 on
/// failure (out of memory).
int32_t clk_font_shape(const clk_font *font, const char *utf8, int32_t length, uint32_t script,
                       const char *language, int64_t *total_advance,
                       int32_t *advances, uint32_t *clusters, int32_t capacity);

#ifdef __cplusplus
}
#endif

#endif
