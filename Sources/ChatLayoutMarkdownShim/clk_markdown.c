#include "clk_markdown.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// cmark-gfm's calls, as its headers declare them (the 0.29 API, stable since 2019); its node
// types are opaque here.
typedef void cmark_node;
typedef void cmark_parser;
typedef void cmark_iter;
typedef void cmark_syntax_extension;

static struct {
    cmark_parser *(*parser_new)(int);
    cmark_syntax_extension *(*find_syntax_extension)(const char *);
    int (*parser_attach_syntax_extension)(cmark_parser *, cmark_syntax_extension *);
    void (*parser_feed)(cmark_parser *, const char *, size_t);
    cmark_node *(*parser_finish)(cmark_parser *);
    void (*parser_free)(cmark_parser *);
    void (*node_free)(cmark_node *);
    cmark_iter *(*iter_new)(cmark_node *);
    int (*iter_next)(cmark_iter *);
    cmark_node *(*iter_get_node)(cmark_iter *);
    void (*iter_free)(cmark_iter *);
    int (*node_get_type)(cmark_node *);
    const char *(*node_get_type_string)(cmark_node *);
    const char *(*node_get_literal)(cmark_node *);
    const char *(*node_get_url)(cmark_node *);
    int (*node_get_heading_level)(cmark_node *);
    int (*node_get_list_type)(cmark_node *);
    int (*node_get_list_start)(cmark_node *);
    const char *(*node_get_fence_info)(cmark_node *);
    void (*core_extensions_ensure_registered)(void);
} cm;

static int available = 0;
static char failure[512] = "";
static pthread_once_t once = PTHREAD_ONCE_INIT;
// cmark-gfm keeps the characters its inline extensions react to ('~' for strikethrough) in one
// table for the whole process, which attaching an extension to a parser writes and freeing the
// parser clears: two parsers at once on two threads lose each other's '~'. Parses take turns.
static pthread_mutex_t parsing = PTHREAD_MUTEX_INITIALIZER;

// The sonames Debian and Ubuntu ship (libcmark-gfm0.29.0.gfm.6, libcmark-gfm-extensions0.29.0.gfm.6),
// then the development links, then macOS's.
static const char *const core_names[] = {
    "libcmark-gfm.so.0.29.0.gfm.6", "libcmark-gfm.so", "libcmark-gfm.dylib", "/opt/homebrew/lib/libcmark-gfm.dylib",
};
static const char *const extension_names[] = {
    "libcmark-gfm-extensions.so.0.29.0.gfm.6", "libcmark-gfm-extensions.so", "libcmark-gfm-extensions.dylib",
    "/opt/homebrew/lib/libcmark-gfm-extensions.dylib",
};

static void *open_first(const char *const *names, size_t count) {
    void *library = NULL;
    for (size_t i = 0; i < count && !library; i++) library = dlopen(names[i], RTLD_NOW | RTLD_GLOBAL);
    return library;
}

static void load(void) {
    void *core = NULL, *extensions = NULL;
    // CHAT_LAYOUT_CMARK_GFM_LIBRARIES names the two library files instead, "core:extensions"
    // (cmark-gfm installed elsewhere); it gives no power LD_LIBRARY_PATH does not already give.
    const char *chosen = getenv("CHAT_LAYOUT_CMARK_GFM_LIBRARIES");
    if (chosen && *chosen) {
        char paths[1024];
        snprintf(paths, sizeof paths, "%s", chosen);
        char *colon = strchr(paths, ':');
        if (colon) {
            *colon = 0;
            core = dlopen(paths, RTLD_NOW | RTLD_GLOBAL);
            extensions = core ? dlopen(colon + 1, RTLD_NOW | RTLD_GLOBAL) : NULL;
        }
        if (!core || !extensions) {
            snprintf(failure, sizeof failure,
                     "the cmark-gfm libraries that CHAT_LAYOUT_CMARK_GFM_LIBRARIES names (core:extensions) cannot be loaded");
            return;
        }
    } else {
        core = open_first(core_names, sizeof core_names / sizeof core_names[0]);
        extensions = core ? open_first(extension_names, sizeof extension_names / sizeof extension_names[0]) : NULL;
    }
    if (!core || !extensions) {
        snprintf(failure, sizeof failure,
                 "cmark-gfm is not installed; on Debian or Ubuntu, install libcmark-gfm0.29.0.gfm.6 and libcmark-gfm-extensions0.29.0.gfm.6");
        return;
    }
#define LOAD(library, slot, name)                                                             \
    do {                                                                                      \
        void *symbol = dlsym(library, name);                                                  \
        if (!symbol) {                                                                        \
            snprintf(failure, sizeof failure, "the installed cmark-gfm lacks %s (0.29 is needed)", name); \
            return;                                                                           \
        }                                                                                     \
        memcpy(&cm.slot, &symbol, sizeof symbol);                                             \
    } while (0)
    LOAD(core, parser_new, "cmark_parser_new");
    LOAD(core, find_syntax_extension, "cmark_find_syntax_extension");
    LOAD(core, parser_attach_syntax_extension, "cmark_parser_attach_syntax_extension");
    LOAD(core, parser_feed, "cmark_parser_feed");
    LOAD(core, parser_finish, "cmark_parser_finish");
    LOAD(core, parser_free, "cmark_parser_free");
    LOAD(core, node_free, "cmark_node_free");
    LOAD(core, iter_new, "cmark_iter_new");
    LOAD(core, iter_next, "cmark_iter_next");
    LOAD(core, iter_get_node, "cmark_iter_get_node");
    LOAD(core, iter_free, "cmark_iter_free");
    LOAD(core, node_get_type, "cmark_node_get_type");
    LOAD(core, node_get_type_string, "cmark_node_get_type_string");
    LOAD(core, node_get_literal, "cmark_node_get_literal");
    LOAD(core, node_get_url, "cmark_node_get_url");
    LOAD(core, node_get_heading_level, "cmark_node_get_heading_level");
    LOAD(core, node_get_list_type, "cmark_node_get_list_type");
    LOAD(core, node_get_list_start, "cmark_node_get_list_start");
    LOAD(core, node_get_fence_info, "cmark_node_get_fence_info");
    LOAD(extensions, core_extensions_ensure_registered, "cmark_gfm_core_extensions_ensure_registered");
#undef LOAD
    cm.core_extensions_ensure_registered();
    if (!cm.find_syntax_extension("strikethrough") || !cm.find_syntax_extension("autolink")) {
        snprintf(failure, sizeof failure, "the installed cmark-gfm has no strikethrough or autolink extension");
        return;
    }
    available = 1;
}

int clk_markdown_load(void) {
    pthread_once(&once, load);
    return available;
}

const char *clk_markdown_failure(void) {
    clk_markdown_load();
    return failure;
}

void *clk_markdown_parse(const char *text, size_t length) {
    if (!clk_markdown_load()) return NULL;
    pthread_mutex_lock(&parsing);
    // CMARK_OPT_DEFAULT (0): no smart punctuation, soft breaks kept as nodes.
    cmark_parser *parser = cm.parser_new(0);
    cmark_node *document = NULL;
    if (parser) {
        cm.parser_attach_syntax_extension(parser, cm.find_syntax_extension("strikethrough"));
        cm.parser_attach_syntax_extension(parser, cm.find_syntax_extension("autolink"));
        cm.parser_feed(parser, text, length);
        document = cm.parser_finish(parser);
        cm.parser_free(parser);
    }
    pthread_mutex_unlock(&parsing);
    return document;
}

void clk_markdown_free(void *document) {
    if (document) cm.node_free(document);
}

void *clk_markdown_walk(void *document) { return cm.iter_new(document); }

int clk_markdown_next(void *walk, void **node) {
    // cmark_event_type: NONE 0, DONE 1, ENTER 2, EXIT 3.
    int event = cm.iter_next(walk);
    *node = cm.iter_get_node(walk);
    switch (event) {
    case 2: return 1;
    case 3: return 2;
    default: return 0;
    }
}

void clk_markdown_walk_free(void *walk) { cm.iter_free(walk); }

int clk_markdown_kind(void *node) {
    // cmark_node_type: blocks 0x8000 | n, inlines 0xc000 | n (cmark-gfm.h).
    switch (cm.node_get_type(node)) {
    case 0x8001: return CLK_MD_DOCUMENT;
    case 0x8002: return CLK_MD_BLOCK_QUOTE;
    case 0x8003: return CLK_MD_LIST;
    case 0x8004: return CLK_MD_ITEM;
    case 0x8005: return CLK_MD_CODE_BLOCK;
    case 0x8006: return CLK_MD_HTML_BLOCK;
    case 0x8008: return CLK_MD_PARAGRAPH;
    case 0x8009: return CLK_MD_HEADING;
    case 0x800a: return CLK_MD_THEMATIC_BREAK;
    case 0xc001: return CLK_MD_TEXT;
    case 0xc002: return CLK_MD_SOFTBREAK;
    case 0xc003: return CLK_MD_LINEBREAK;
    case 0xc004: return CLK_MD_CODE;
    case 0xc005: return CLK_MD_HTML_INLINE;
    case 0xc007: return CLK_MD_EMPH;
    case 0xc008: return CLK_MD_STRONG;
    case 0xc009: return CLK_MD_LINK;
    case 0xc00a: return CLK_MD_IMAGE;
    default: {
        // The extensions register their types at run time: known by name.
        const char *name = cm.node_get_type_string(node);
        if (name && strcmp(name, "strikethrough") == 0) return CLK_MD_STRIKETHROUGH;
        return CLK_MD_OTHER;
    }
    }
}

static const char *or_empty(const char *text) { return text ? text : ""; }

const char *clk_markdown_literal(void *node) { return or_empty(cm.node_get_literal(node)); }
const char *clk_markdown_url(void *node) { return or_empty(cm.node_get_url(node)); }
int clk_markdown_heading_level(void *node) { return cm.node_get_heading_level(node); }
int clk_markdown_list_type(void *node) { return cm.node_get_list_type(node); }
int clk_markdown_list_start(void *node) { return cm.node_get_list_start(node); }
const char *clk_markdown_fence_info(void *node) { return or_empty(cm.node_get_fence_info(node)); }
