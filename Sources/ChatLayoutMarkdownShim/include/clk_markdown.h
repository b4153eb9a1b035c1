#ifndef CLK_MARKDOWN_H
#define CLK_MARKDOWN_H

#include <stddef.h>
#include <stdint.h>

// cmark-gfm (CommonMark with GitHub's extensions), loaded from the system's shared libraries
// when first used: building needs no cmark headers, and a machine without the libraries runs
// everything but markdown. Only the few calls the parser needs, with stable names.

// Loads libcmark-gfm and its extensions once (thread-safe). 1 when loaded, else 0 and
// `clk_markdown_failure` says why.
int clk_markdown_load(void);
// Why the libraries could not be loaded ("" when they were).
const char *clk_markdown_failure(void);

// Parses `length` bytes of UTF-8 with the strikethrough and autolink extensions; the document
// or NULL. Free it with `clk_markdown_free`.
void *clk_markdown_parse(const char *text, size_t length);
void clk_markdown_free(void *document);

// Node kinds, ours: cmark's core types and the extensions' (found by their names).
enum {
    CLK_MD_OTHER = 0,
    CLK_MD_DOCUMENT, CLK_MD_BLOCK_QUOTE, CLK_MD_LIST, CLK_MD_ITEM, CLK_MD_CODE_BLOCK, CLK_MD_HTML_BLOCK,
    CLK_MD_PARAGRAPH, CLK_MD_HEADING, CLK_MD_THEMATIC_BREAK,
    CLK_MD_TEXT, CLK_MD_SOFTBREAK, CLK_MD_LINEBREAK, CLK_MD_CODE, CLK_MD_HTML_INLINE, CLK_MD_EMPH, CLK_MD_STRONG,
    CLK_MD_LINK, CLK_MD_IMAGE, CLK_MD_STRIKETHROUGH
};

// A walk over the document, depth first, without recursion: each call gives the next node
// and whether it is entered (1), left (2) or the walk is done (0). Leaves are only entered.
void *clk_markdown_walk(void *document);
int clk_markdown_next(void *walk, void **node);
void clk_markdown_walk_free(void *walk);

int clk_markdown_kind(void *node);
// The node's text (text, code, code block, HTML), else "".
const char *clk_markdown_literal(void *node);
// A link's or image's destination, else "".
const char *clk_markdown_url(void *node);
// A heading's level (1–6), else 0.
int clk_markdown_heading_level(void *node);
// 1 for a bullet list, 2 for an ordered one, else 0; an ordered list's first number.
int clk_markdown_list_type(void *node);
int clk_markdown_list_start(void *node);
// A fenced code block's info string ("swift"), else "".
const char *clk_markdown_fence_info(void *node);

#endif
