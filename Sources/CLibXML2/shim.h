#ifndef EPUBCONTRACT_CLIBXML2_SHIM_H
#define EPUBCONTRACT_CLIBXML2_SHIM_H
/* Foundation bundles its own ICU; libxml2's ICU headers clash with it. */
#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
#include <libxml/tree.h>
#include <libxml/xpath.h>
#include <libxml/xpathInternals.h>
#include <libxml/xmlerror.h>
#include <libxml/HTMLparser.h>
#include <libxml/relaxng.h>
#include <libxml/xmlsave.h>
#include <libxml/xmlreader.h>

/* xmlFree is a mutable C global, which Swift 6 refuses to touch directly. */
static inline void cxml_free(void *p) { xmlFree(p); }

/* libxml2's generic error callback is variadic, which Swift cannot implement: silence it here. */
static void cxml_silent_generic(void *ctx, const char *msg, ...) { (void)ctx; (void)msg; }
static inline void cxml_silence_generic_errors(void) { xmlSetGenericErrorFunc(NULL, cxml_silent_generic); }
#endif
