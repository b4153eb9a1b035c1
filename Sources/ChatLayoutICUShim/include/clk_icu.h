// A small C surface over the system ICU with stable names. ICU appends its major version to
// every C symbol (ubrk_open → ubrk_open_72) through macros that Swift cannot see, so Swift
// calls these functions instead. Text is UTF-16 (ICU's UChar), as ICU wants it.
#ifndef CLK_ICU_H
#define CLK_ICU_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef uint16_t clk_uchar;

// MARK: Versions

/// Writes ICU's version ("72.1") and its Unicode version ("15.0") into the buffers.
void clk_icu_versions(char *icu, int32_t icuCapacity, char *unicode, int32_t unicodeCapacity);

// MARK: Character properties (for building flat lookup tables once)

enum {
    CLK_PROP_LINE_BREAK = 0,
    CLK_PROP_GRAPHEME_CLUSTER_BREAK = 1,
    CLK_PROP_EAST_ASIAN_WIDTH = 2,
    CLK_PROP_GENERAL_CATEGORY = 3,
    CLK_PROP_BIDI_CLASS = 4,
};

enum {
    CLK_BIN_EXTENDED_PICTOGRAPHIC = 0,
    CLK_BIN_EMOJI = 1,
    CLK_BIN_EMOJI_PRESENTATION = 2,
    CLK_BIN_EMOJI_MODIFIER = 3,
    CLK_BIN_EMOJI_MODIFIER_BASE = 4,
    CLK_BIN_DEFAULT_IGNORABLE = 5,
    CLK_BIN_BIDI_MIRRORED = 6,
};

/// The value of an enumerated property for the range of code points starting at `start`;
/// `*end` receives the last code point of the range. Returns -1 past U+10FFFF or on error.
int32_t clk_icu_int_property_range(int32_t property, int32_t start, int32_t *end);

/// The ranges of code points having a binary property, as [start, end] pairs written into
/// `ranges` (capacity counted in int32 values). Returns the number of ranges, or the
/// negative number needed when the capacity is too small.
int32_t clk_icu_binary_property_ranges(int32_t property, int32_t *ranges, int32_t capacity);

/// The ranges of code points in an ICU UnicodeSet pattern ("[\\p{sc=Deva}&\\p{InSC=Virama}]"),
/// as for `clk_icu_binary_property_ranges`. Returns 0 for an invalid pattern.
int32_t clk_icu_pattern_ranges(const clk_uchar *pattern, int32_t length, int32_t *ranges,
                               int32_t capacity);

/// The mirrored counterpart of a code point (itself when it has none).
int32_t clk_icu_mirror(int32_t codePoint);
/// The paired bracket of a code point (UAX #9 BD16: Bidi_Paired_Bracket), and in `type` its
/// Bidi_Paired_Bracket_Type: 0 none, 1 open, 2 close.
int32_t clk_icu_paired_bracket(int32_t codePoint, int32_t *type);

// MARK: Break iterators (the oracle, and dictionary breaking for Thai, Lao, Khmer, Myanmar)

enum { CLK_BREAK_CHARACTER = 0, CLK_BREAK_LINE = 1 };

/// Opens a break iterator of the given kind for a locale; NULL on failure.
void *clk_icu_break_open(int32_t kind, const char *locale);
void clk_icu_break_close(void *iterator);

/// Writes every boundary after position 0 (UTF-16 offsets, ascending, ending with `length`)
/// into `boundaries`; `hard`, when not NULL, receives 1 for a mandatory line break.
/// Returns the count, or -1 when the capacity is too small.
int32_t clk_icu_break_boundaries(void *iterator, const clk_uchar *text, int32_t length,
                                 int32_t *boundaries, uint8_t *hard, int32_t capacity);

// MARK: Bidi (UAX #9)

/// Resolves the embedding levels of one paragraph at `paragraphLevel` (0 LTR, 1 RTL,
/// -2 from the first strong character), then of each of its lines, applying rule L1 per
/// line. Lines are given by their UTF-16 limits (ascending, the last one `length`); the lines
/// cover the paragraph. Writes one level per UTF-16 unit into `levels` (capacity `length`).
/// Returns the paragraph's level, or -1 on error.
int32_t clk_icu_bidi_levels(const clk_uchar *text, int32_t length, int32_t paragraphLevel,
                            const int32_t *lineLimits, int32_t lineCount, uint8_t *levels);

/// Rule L2 over a sequence of levels: `visualToLogical[i]` is the logical index shown at
/// visual position i. Returns 0, or -1 on error.
int32_t clk_icu_bidi_reorder(const uint8_t *levels, int32_t count, int32_t *visualToLogical);

/// The base direction from the first strong character: 0 LTR, 1 RTL, -1 none.
int32_t clk_icu_bidi_base_direction(const clk_uchar *text, int32_t length);

// MARK: Locales, time zones, calendars

/// 1 when ICU has data for the locale's language and the id fits ICU's limits (length,
/// keyword names), else 0.
int32_t clk_icu_locale_is_known(const char *locale);

/// Writes the canonical id of a system time zone ("UTC" → "Etc/UTC"); returns its length, or
/// -1 when ICU does not know it (custom ids such as "GMT+05:00" included). A length greater
/// than `capacity` means the buffer was too small: call again with that capacity.
int32_t clk_icu_time_zone_canonical(const clk_uchar *id, int32_t length, clk_uchar *out,
                                    int32_t capacity);

/// A proleptic Gregorian calendar (no Julian dates before 1582) in a time zone; NULL on
/// failure. ICU silently uses "Etc/Unknown" (UTC) for an unknown zone: validate it first with
/// clk_icu_time_zone_canonical. Not thread-safe; open it once and reuse it (opening costs
/// microseconds, a lookup a fraction of one).
void *clk_icu_calendar_open(const clk_uchar *timeZone, int32_t timeZoneLength);
void clk_icu_calendar_close(void *calendar);

/// Gregorian calendar fields of an instant (milliseconds since 1970, UTC) in the calendar's
/// time zone: fields[0..7] = year (astronomical: 0 is 1 BC), month (1–12), day, weekday
/// (1 = Sunday), hour, minute, second, offset from UTC in milliseconds. Returns 0, or -1 on
/// error.
int32_t clk_icu_calendar_fields(void *calendar, double millis, int32_t *fields);

/// The calendar's time zone transitions around an instant (milliseconds since 1970, UTC):
/// `*previous` the last at or before it, `*next` the first after it; between them the zone's
/// offset does not change. Returns 0, or -1 when ICU names no transition on either side (a
/// zone without any, or one ICU cannot search) or on error.
int32_t clk_icu_zone_transitions(void *calendar, double millis, double *previous, double *next);

// MARK: Formatting

/// A date formatter for a pattern, or for a skeleton when `isSkeleton` (the locale's best
/// pattern for it), or for the locale's short time style when `pattern` is NULL. The
/// locale's calendar is used; a Gregorian one is made proleptic like clk_icu_calendar_open's.
/// Not thread-safe. NULL on failure.
void *clk_icu_date_format_open(const char *locale, const clk_uchar *timeZone,
                               int32_t timeZoneLength, const clk_uchar *pattern,
                               int32_t patternLength, int32_t isSkeleton);
void clk_icu_date_format_close(void *formatter);
/// Formats an instant; returns the length written, or -1 on error. A length greater than
/// `capacity` means the buffer was too small: call again with that capacity.
int32_t clk_icu_date_format(void *formatter, double millis, clk_uchar *out, int32_t capacity);

/// The locale's name for a day relative to today (-1 yesterday, 0 today, 1 tomorrow; other
/// offsets as "in 3 days"), capitalised for a standalone label. Returns the length, or -1;
/// a length greater than `capacity` means: call again with that capacity.
int32_t clk_icu_relative_day(const char *locale, int32_t offset, clk_uchar *out, int32_t capacity);

/// A time relative to now in numeric words ("in 2 hours", "vor 3 Minuten"): `value` of `unit`
/// (0 seconds, 1 minutes, 2 hours, 3 days, 4 weeks, 5 months, 6 years), in the middle of a
/// sentence. Returns the length, or -1; a length greater than `capacity` means: call again
/// with that capacity.
int32_t clk_icu_relative_time(const char *locale, double value, int32_t unit, clk_uchar *out, int32_t capacity);

/// The locale's cardinal plural rules; NULL on failure. Not thread-safe.
void *clk_icu_plural_rules_open(const char *locale);
void clk_icu_plural_rules_close(void *rules);
/// Writes the plural keyword ("one", "other", …, ASCII) for a count; returns its length or -1.
int32_t clk_icu_plural_select(void *rules, double count, char *out, int32_t capacity);

/// A decimal number formatter (the locale's digits and grouping); NULL on failure. Not
/// thread-safe.
void *clk_icu_number_format_open(const char *locale);
void clk_icu_number_format_close(void *formatter);
/// Formats an integer; returns the length, or -1 on error. A length greater than `capacity`
/// means the buffer was too small: call again with that capacity.
int32_t clk_icu_number_format(void *formatter, int64_t value, clk_uchar *out, int32_t capacity);

/// Writes the name of the language of `language` (a BCP 47 or ICU id: "pt", "pt_BR") in
/// `locale`'s language ("Portuguese" in en_US); returns the length, or -1 when ICU has no name
/// for it (it would only echo the code). A length greater than `capacity` means call again.
int32_t clk_icu_display_language(const char *locale, const char *language, clk_uchar *out, int32_t capacity);

/// Whether `count` bytes at `a` and `b` are equal (memcmp; for the measurement cache's keys).
int clk_bytes_equal(const void *a, const void *b, size_t count);

/// The integer at `slot`, read with acquire ordering (a state another thread may set).
static inline intptr_t clk_atomic_load_acquire(const intptr_t *slot) {
    return __atomic_load_n(slot, __ATOMIC_ACQUIRE);
}

/// Stores `value` at `slot` with release ordering.
static inline void clk_atomic_store_release(intptr_t *slot, intptr_t value) {
    __atomic_store_n(slot, value, __ATOMIC_RELEASE);
}

/// Sets the integer at `slot` to `desired` if it is `expected` (compare-and-swap, acquire and
/// release): 1 when set, 0 when it was something else.
static inline int clk_atomic_compare_exchange(intptr_t *slot, intptr_t expected, intptr_t desired) {
    return __atomic_compare_exchange_n(slot, &expected, desired, 0, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE);
}

#ifdef __cplusplus
}
#endif

#endif
