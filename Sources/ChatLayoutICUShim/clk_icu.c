#include "clk_icu.h"

#include <stdlib.h>
#include <string.h>
#include <unicode/ubidi.h>
#include <unicode/ubrk.h>
#include <unicode/uchar.h>
#include <unicode/ucal.h>
#include <unicode/ucpmap.h>
#include <unicode/udat.h>
#include <unicode/udatpg.h>
#include <unicode/uloc.h>
#include <unicode/unum.h>
#include <unicode/upluralrules.h>
#include <unicode/ureldatefmt.h>
#include <unicode/uset.h>
#include <unicode/uversion.h>

void clk_icu_versions(char *icu, int32_t icuCapacity, char *unicode, int32_t unicodeCapacity) {
    UVersionInfo v;
    char buffer[U_MAX_VERSION_STRING_LENGTH];
    u_getVersion(v);
    u_versionToString(v, buffer);
    strncpy(icu, buffer, (size_t)icuCapacity);
    icu[icuCapacity - 1] = 0;
    u_getUnicodeVersion(v);
    u_versionToString(v, buffer);
    strncpy(unicode, buffer, (size_t)unicodeCapacity);
    unicode[unicodeCapacity - 1] = 0;
}

static int32_t set_ranges(const USet *set, int32_t *ranges, int32_t capacity) {
    int32_t count = uset_getItemCount(set);
    if (count * 2 > capacity) return -count;
    int32_t written = 0;
    for (int32_t i = 0; i < count; i++) {
        UChar32 start = 0, end = 0;
        UErrorCode itemStatus = U_ZERO_ERROR;
        int32_t stringLength = uset_getItem(set, i, &start, &end, NULL, 0, &itemStatus);
        if (stringLength != 0) continue; // sets of code points only; skip strings
        ranges[written * 2] = start;
        ranges[written * 2 + 1] = end;
        written++;
    }
    return written;
}

static UProperty int_property(int32_t property) {
    switch (property) {
    case CLK_PROP_LINE_BREAK: return UCHAR_LINE_BREAK;
    case CLK_PROP_GRAPHEME_CLUSTER_BREAK: return UCHAR_GRAPHEME_CLUSTER_BREAK;
    case CLK_PROP_EAST_ASIAN_WIDTH: return UCHAR_EAST_ASIAN_WIDTH;
    case CLK_PROP_GENERAL_CATEGORY: return UCHAR_GENERAL_CATEGORY;
    case CLK_PROP_BIDI_CLASS: return UCHAR_BIDI_CLASS;
    default: return UCHAR_INVALID_CODE;
    }
}

static UProperty binary_property(int32_t property) {
    switch (property) {
    case CLK_BIN_EXTENDED_PICTOGRAPHIC: return UCHAR_EXTENDED_PICTOGRAPHIC;
    case CLK_BIN_EMOJI: return UCHAR_EMOJI;
    case CLK_BIN_EMOJI_PRESENTATION: return UCHAR_EMOJI_PRESENTATION;
    case CLK_BIN_EMOJI_MODIFIER: return UCHAR_EMOJI_MODIFIER;
    case CLK_BIN_EMOJI_MODIFIER_BASE: return UCHAR_EMOJI_MODIFIER_BASE;
    case CLK_BIN_DEFAULT_IGNORABLE: return UCHAR_DEFAULT_IGNORABLE_CODE_POINT;
    case CLK_BIN_BIDI_MIRRORED: return UCHAR_BIDI_MIRRORED;
    default: return UCHAR_INVALID_CODE;
    }
}

int32_t clk_icu_int_property_range(int32_t property, int32_t start, int32_t *end) {
    UErrorCode status = U_ZERO_ERROR;
    UProperty which = int_property(property);
    if (which == UCHAR_INVALID_CODE) return -1;
    if (which == UCHAR_GENERAL_CATEGORY) {
        // General_Category is a mask property; its map is keyed by the plain enum instead.
        which = UCHAR_GENERAL_CATEGORY;
    }
    const UCPMap *map = u_getIntPropertyMap(which, &status);
    if (U_FAILURE(status) || map == NULL) return -1;
    uint32_t value = 0;
    UChar32 last = ucpmap_getRange(map, start, UCPMAP_RANGE_NORMAL, 0, NULL, NULL, &value);
    if (last < 0) return -1;
    *end = last;
    return (int32_t)value;
}

int32_t clk_icu_binary_property_ranges(int32_t property, int32_t *ranges, int32_t capacity) {
    UErrorCode status = U_ZERO_ERROR;
    UProperty which = binary_property(property);
    if (which == UCHAR_INVALID_CODE) return 0;
    const USet *set = u_getBinaryPropertySet(which, &status);
    if (U_FAILURE(status) || set == NULL) return 0;
    return set_ranges(set, ranges, capacity);
}

int32_t clk_icu_pattern_ranges(const clk_uchar *pattern, int32_t length, int32_t *ranges,
                               int32_t capacity) {
    UErrorCode status = U_ZERO_ERROR;
    USet *set = uset_openPattern((const UChar *)pattern, length, &status);
    if (U_FAILURE(status)) {
        if (set) uset_close(set);
        return 0;
    }
    int32_t result = set_ranges(set, ranges, capacity);
    uset_close(set);
    return result;
}

int32_t clk_icu_mirror(int32_t codePoint) { return u_charMirror(codePoint); }

int32_t clk_icu_paired_bracket(int32_t codePoint, int32_t *type) {
    *type = u_getIntPropertyValue(codePoint, UCHAR_BIDI_PAIRED_BRACKET_TYPE);
    return u_getBidiPairedBracket(codePoint);
}

void *clk_icu_break_open(int32_t kind, const char *locale) {
    UErrorCode status = U_ZERO_ERROR;
    UBreakIteratorType type = kind == CLK_BREAK_LINE ? UBRK_LINE : UBRK_CHARACTER;
    UBreakIterator *iterator = ubrk_open(type, locale, NULL, 0, &status);
    if (U_FAILURE(status)) return NULL;
    return iterator;
}

void clk_icu_break_close(void *iterator) {
    if (iterator) ubrk_close((UBreakIterator *)iterator);
}

int32_t clk_icu_break_boundaries(void *iterator, const clk_uchar *text, int32_t length,
                                 int32_t *boundaries, uint8_t *hard, int32_t capacity) {
    UErrorCode status = U_ZERO_ERROR;
    UBreakIterator *bi = (UBreakIterator *)iterator;
    ubrk_setText(bi, (const UChar *)text, length, &status);
    if (U_FAILURE(status)) return -1;
    int32_t count = 0;
    for (int32_t b = ubrk_next(bi); b != UBRK_DONE; b = ubrk_next(bi)) {
        if (count >= capacity) return -1;
        boundaries[count] = b;
        if (hard) {
            int32_t rule = ubrk_getRuleStatus(bi);
            hard[count] = (rule >= UBRK_LINE_HARD && rule < UBRK_LINE_HARD_LIMIT) ? 1 : 0;
        }
        count++;
    }
    // Detach the text so the iterator never points at a freed buffer.
    ubrk_setText(bi, (const UChar *)u"", 0, &status);
    return count;
}

int32_t clk_icu_bidi_levels(const clk_uchar *text, int32_t length, int32_t paragraphLevel,
                            const int32_t *lineLimits, int32_t lineCount, uint8_t *levels) {
    UErrorCode status = U_ZERO_ERROR;
    UBiDi *para = ubidi_openSized(length, 0, &status);
    UBiDi *line = ubidi_openSized(length, 0, &status);
    if (U_FAILURE(status)) {
        if (para) ubidi_close(para);
        if (line) ubidi_close(line);
        return -1;
    }
    UBiDiLevel level = paragraphLevel == -2 ? UBIDI_DEFAULT_LTR : (UBiDiLevel)paragraphLevel;
    ubidi_setPara(para, (const UChar *)text, length, level, NULL, &status);
    int32_t result = U_SUCCESS(status) ? ubidi_getParaLevel(para) : -1;
    int32_t start = 0;
    for (int32_t i = 0; i < lineCount && result >= 0; i++) {
        int32_t limit = lineLimits[i];
        if (limit < start || limit > length) { result = -1; break; }
        if (limit == start) continue;
        ubidi_setLine(para, start, limit, line, &status);
        const UBiDiLevel *resolved = U_SUCCESS(status) ? ubidi_getLevels(line, &status) : NULL;
        if (U_FAILURE(status) || resolved == NULL) { result = -1; break; }
        memcpy(levels + start, resolved, (size_t)(limit - start));
        start = limit;
    }
    ubidi_close(line);
    ubidi_close(para);
    return result;
}

int32_t clk_icu_bidi_reorder(const uint8_t *levels, int32_t count, int32_t *visualToLogical) {
    if (count == 0) return 0;
    ubidi_reorderVisual((const UBiDiLevel *)levels, count, visualToLogical);
    return 0;
}

int32_t clk_icu_bidi_base_direction(const clk_uchar *text, int32_t length) {
    UBiDiDirection direction = ubidi_getBaseDirection((const UChar *)text, length);
    if (direction == UBIDI_LTR) return 0;
    if (direction == UBIDI_RTL) return 1;
    return -1;
}

int32_t clk_icu_locale_is_known(const char *locale) {
    // ICU 72 trusts a locale id to fit its fixed buffers: a longer one overflows a buffer in
    // PluralRules (strcpy), and a keyword name longer than ICU allows crashes SimpleDateFormat.
    // uloc_getName reports both, as a warning or an error: such ids are not known locales.
    char name[ULOC_FULLNAME_CAPACITY];
    UErrorCode nameStatus = U_ZERO_ERROR;
    int32_t nameLength = uloc_getName(locale, name, sizeof name, &nameStatus);
    if (nameStatus != U_ZERO_ERROR || nameLength >= (int32_t)sizeof name) return 0;

    char language[ULOC_LANG_CAPACITY];
    UErrorCode status = U_ZERO_ERROR;
    int32_t length = uloc_getLanguage(locale, language, sizeof language, &status);
    // A language as long as the buffer comes back unterminated (a warning, not a failure).
    if (U_FAILURE(status) || length == 0 || length >= (int32_t)sizeof language) return 0;
    int32_t available = uloc_countAvailable();
    for (int32_t i = 0; i < available; i++) {
        char other[ULOC_LANG_CAPACITY];
        UErrorCode otherStatus = U_ZERO_ERROR;
        uloc_getLanguage(uloc_getAvailable(i), other, sizeof other, &otherStatus);
        if (U_SUCCESS(otherStatus) && strcmp(language, other) == 0) return 1;
    }
    return 0;
}

int32_t clk_icu_time_zone_canonical(const clk_uchar *id, int32_t length, clk_uchar *out,
                                    int32_t capacity) {
    UErrorCode status = U_ZERO_ERROR;
    UBool isSystem = 0;
    int32_t written = ucal_getCanonicalTimeZoneID((const UChar *)id, length, (UChar *)out,
                                                  capacity, &isSystem, &status);
    // Too small: the needed length (> capacity), so that the caller can retry.
    if (status == U_BUFFER_OVERFLOW_ERROR) return isSystem ? written : -1;
    // Custom ids ("GMT+05:00") and "Etc/Unknown", ICU's fallback, are not system zones.
    if (U_FAILURE(status) || !isSystem) return -1;
    return written;
}

// The earliest instant ICU's Gregorian calendar accepts as its Julian→Gregorian switch:
// before it, every date is proleptic Gregorian.
#define CLK_PROLEPTIC_GREGORIAN_CHANGE (-8.64e15)

void *clk_icu_calendar_open(const clk_uchar *timeZone, int32_t timeZoneLength) {
    UErrorCode status = U_ZERO_ERROR;
    UCalendar *calendar = ucal_open((const UChar *)timeZone, timeZoneLength,
                                    "en_US@calendar=gregorian", UCAL_GREGORIAN, &status);
    if (U_FAILURE(status)) return NULL;
    // A proleptic Gregorian calendar: no switch to Julian dates before 1582.
    ucal_setGregorianChange(calendar, CLK_PROLEPTIC_GREGORIAN_CHANGE, &status);
    if (U_FAILURE(status)) {
        ucal_close(calendar);
        return NULL;
    }
    return calendar;
}

void clk_icu_calendar_close(void *calendar) {
    if (calendar) ucal_close((UCalendar *)calendar);
}

int32_t clk_icu_calendar_fields(void *calendar, double millis, int32_t *fields) {
    UErrorCode status = U_ZERO_ERROR;
    UCalendar *cal = (UCalendar *)calendar;
    ucal_setMillis(cal, millis, &status);
    fields[0] = ucal_get(cal, UCAL_EXTENDED_YEAR, &status);
    fields[1] = ucal_get(cal, UCAL_MONTH, &status) + 1;
    fields[2] = ucal_get(cal, UCAL_DATE, &status);
    fields[3] = ucal_get(cal, UCAL_DAY_OF_WEEK, &status);
    fields[4] = ucal_get(cal, UCAL_HOUR_OF_DAY, &status);
    fields[5] = ucal_get(cal, UCAL_MINUTE, &status);
    fields[6] = ucal_get(cal, UCAL_SECOND, &status);
    fields[7] = ucal_get(cal, UCAL_ZONE_OFFSET, &status) + ucal_get(cal, UCAL_DST_OFFSET, &status);
    return U_FAILURE(status) ? -1 : 0;
}

int32_t clk_icu_zone_transitions(void *calendar, double millis, double *previous, double *next) {
    UErrorCode status = U_ZERO_ERROR;
    UCalendar *cal = (UCalendar *)calendar;
    ucal_setMillis(cal, millis, &status);
    UDate before = 0, after = 0;
    UBool hasBefore = ucal_getTimeZoneTransitionDate(cal, UCAL_TZ_TRANSITION_PREVIOUS_INCLUSIVE, &before, &status);
    UBool hasAfter = ucal_getTimeZoneTransitionDate(cal, UCAL_TZ_TRANSITION_NEXT, &after, &status);
    if (U_FAILURE(status) || !hasBefore || !hasAfter) return -1;
    *previous = before;
    *next = after;
    return 0;
}

void *clk_icu_date_format_open(const char *locale, const clk_uchar *timeZone,
                               int32_t timeZoneLength, const clk_uchar *pattern,
                               int32_t patternLength, int32_t isSkeleton) {
    UErrorCode status = U_ZERO_ERROR;
    UDateFormat *format = NULL;
    if (pattern == NULL) {
        format = udat_open(UDAT_SHORT, UDAT_NONE, locale, (const UChar *)timeZone, timeZoneLength,
                           NULL, 0, &status);
    } else if (isSkeleton) {
        UDateTimePatternGenerator *generator = udatpg_open(locale, &status);
        if (U_FAILURE(status)) return NULL;
        UChar small[256];
        UChar *best = small;
        // Hours keep the skeleton's length ("hhmm" → "hh:mm a", "09:41 AM"), as Apple's
        // template formatting does; ICU already keeps the other fields' lengths ("MMMdd").
        int32_t length = udatpg_getBestPatternWithOptions(generator, (const UChar *)pattern, patternLength,
                                                          UDATPG_MATCH_HOUR_FIELD_LENGTH, best, 256, &status);
        if (status == U_BUFFER_OVERFLOW_ERROR) {
            // A long skeleton: ask again with room for the whole pattern.
            status = U_ZERO_ERROR;
            best = (UChar *)malloc(sizeof(UChar) * (size_t)(length + 1));
            if (best == NULL) {
                udatpg_close(generator);
                return NULL;
            }
            length = udatpg_getBestPatternWithOptions(generator, (const UChar *)pattern, patternLength,
                                                      UDATPG_MATCH_HOUR_FIELD_LENGTH, best, length + 1, &status);
        }
        udatpg_close(generator);
        if (U_SUCCESS(status)) {
            format = udat_open(UDAT_PATTERN, UDAT_PATTERN, locale, (const UChar *)timeZone,
                               timeZoneLength, best, length, &status);
        }
        if (best != small) free(best);
    } else {
        format = udat_open(UDAT_PATTERN, UDAT_PATTERN, locale, (const UChar *)timeZone,
                           timeZoneLength, (const UChar *)pattern, patternLength, &status);
    }
    if (U_FAILURE(status)) {
        if (format) udat_close(format);
        return NULL;
    }
    // The same proleptic Gregorian calendar as clk_icu_calendar_fields, so that a formatted
    // date and the calendar fields agree before 1582. Calendars that are not Gregorian
    // (a locale's Buddhist or Japanese calendar) are left as they are.
    UErrorCode calendarStatus = U_ZERO_ERROR;
    UCalendar *calendar = ucal_clone(udat_getCalendar(format), &calendarStatus);
    if (U_SUCCESS(calendarStatus)) {
        ucal_setGregorianChange(calendar, CLK_PROLEPTIC_GREGORIAN_CHANGE, &calendarStatus);
        if (U_SUCCESS(calendarStatus)) udat_setCalendar(format, calendar);
        ucal_close(calendar);
    }
    return format;
}

void clk_icu_date_format_close(void *formatter) {
    if (formatter) udat_close((UDateFormat *)formatter);
}

int32_t clk_icu_date_format(void *formatter, double millis, clk_uchar *out, int32_t capacity) {
    UErrorCode status = U_ZERO_ERROR;
    int32_t length = udat_format((const UDateFormat *)formatter, millis, (UChar *)out, capacity,
                                 NULL, &status);
    if (status == U_BUFFER_OVERFLOW_ERROR) return length;
    if (U_FAILURE(status)) return -1;
    return length;
}

int32_t clk_icu_relative_day(const char *locale, int32_t offset, clk_uchar *out, int32_t capacity) {
    UErrorCode status = U_ZERO_ERROR;
    URelativeDateTimeFormatter *formatter = ureldatefmt_open(
        locale, NULL, UDAT_STYLE_LONG, UDISPCTX_CAPITALIZATION_FOR_BEGINNING_OF_SENTENCE, &status);
    if (U_FAILURE(status)) return -1;
    int32_t length = ureldatefmt_format(formatter, (double)offset, UDAT_REL_UNIT_DAY, (UChar *)out,
                                        capacity, &status);
    ureldatefmt_close(formatter);
    if (status == U_BUFFER_OVERFLOW_ERROR) return length;
    if (U_FAILURE(status)) return -1;
    return length;
}

int32_t clk_icu_relative_time(const char *locale, double value, int32_t unit, clk_uchar *out, int32_t capacity) {
    static const URelativeDateTimeUnit units[] = {
        UDAT_REL_UNIT_SECOND, UDAT_REL_UNIT_MINUTE, UDAT_REL_UNIT_HOUR, UDAT_REL_UNIT_DAY,
        UDAT_REL_UNIT_WEEK, UDAT_REL_UNIT_MONTH, UDAT_REL_UNIT_YEAR
    };
    if (unit < 0 || unit > 6) return -1;
    UErrorCode status = U_ZERO_ERROR;
    URelativeDateTimeFormatter *formatter = ureldatefmt_open(
        locale, NULL, UDAT_STYLE_LONG, UDISPCTX_CAPITALIZATION_FOR_MIDDLE_OF_SENTENCE, &status);
    if (U_FAILURE(status)) return -1;
    int32_t length = ureldatefmt_formatNumeric(formatter, value, units[unit], (UChar *)out, capacity, &status);
    ureldatefmt_close(formatter);
    if (status == U_BUFFER_OVERFLOW_ERROR) return length;
    if (U_FAILURE(status)) return -1;
    return length;
}

void *clk_icu_plural_rules_open(const char *locale) {
    UErrorCode status = U_ZERO_ERROR;
    UPluralRules *rules = uplrules_open(locale, &status);
    return U_FAILURE(status) ? NULL : rules;
}

void clk_icu_plural_rules_close(void *rules) {
    if (rules) uplrules_close((UPluralRules *)rules);
}

int32_t clk_icu_plural_select(void *rules, double count, char *out, int32_t capacity) {
    UErrorCode status = U_ZERO_ERROR;
    UChar keyword[32];
    int32_t length = uplrules_select((const UPluralRules *)rules, count, keyword, 32, &status);
    if (U_FAILURE(status) || length >= capacity || length > 32) return -1;
    for (int32_t i = 0; i < length; i++) out[i] = (char)keyword[i];
    out[length] = 0;
    return length;
}

void *clk_icu_number_format_open(const char *locale) {
    UErrorCode status = U_ZERO_ERROR;
    UNumberFormat *format = unum_open(UNUM_DECIMAL, NULL, 0, locale, NULL, &status);
    return U_FAILURE(status) ? NULL : format;
}

void clk_icu_number_format_close(void *formatter) {
    if (formatter) unum_close((UNumberFormat *)formatter);
}

int32_t clk_icu_number_format(void *formatter, int64_t value, clk_uchar *out, int32_t capacity) {
    UErrorCode status = U_ZERO_ERROR;
    int32_t length = unum_formatInt64((const UNumberFormat *)formatter, value, (UChar *)out,
                                      capacity, NULL, &status);
    if (status == U_BUFFER_OVERFLOW_ERROR) return length;
    if (U_FAILURE(status)) return -1;
    return length;
}

int32_t clk_icu_display_language(const char *locale, const char *language, clk_uchar *out, int32_t capacity) {
    UErrorCode status = U_ZERO_ERROR;
    int32_t length = uloc_getDisplayLanguage(language, locale, (UChar *)out, capacity, &status);
    if (status == U_BUFFER_OVERFLOW_ERROR) return length;
    // U_USING_DEFAULT_WARNING: no name, the code itself was written.
    if (U_FAILURE(status) || status == U_USING_DEFAULT_WARNING || length <= 0) return -1;
    return length;
}

int clk_bytes_equal(const void *a, const void *b, size_t count) {
    return count == 0 || memcmp(a, b, count) == 0;
}
