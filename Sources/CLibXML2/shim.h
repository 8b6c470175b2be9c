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
#include <libxml/xmlregexp.h>
#include <libxml/xmlsave.h>
#include <libxml/xmlreader.h>
#include <libxml/xmlschemastypes.h>

/* xmlFree is a mutable C global, which Swift 6 refuses to touch directly. */
static inline void cxml_free(void *p) { xmlFree(p); }

/* libxml2's generic error callback is variadic, which Swift cannot implement: silence it here. */
static void cxml_silent_generic(void *ctx, const char *msg, ...) { (void)ctx; (void)msg; }
static inline void cxml_silence_generic_errors(void) { xmlSetGenericErrorFunc(NULL, cxml_silent_generic); }

/* libxml2 2.9 fills its RELAX NG and XML Schema type tables at first use, unguarded: two threads
 * compiling or validating at once both fill them ("Relax-NG types library failed to register").
 * Filled here, once, on the thread that sets libxml2 up. */
static inline void cxml_init_type_tables(void) {
    xmlSchemaInitTypes();
    xmlRelaxNGInitTypes();
}

/* Parse budgets, checked as libxml2 reports each start tag, before it builds the element: libxml2
 * appends attributes to a list one by one (quadratic in their number) and a tree of millions of
 * elements outgrows memory, so an over-budget document is cut there rather than after. */
typedef struct {
    unsigned long elements;
    unsigned long maxElements;
    int maxAttributes;
    int exceeded;          /* 0 within budget, 1 too many elements, 2 too many attributes on one */
    int attributes;        /* the count that was over budget */
    long line;             /* where the budget ran out */
    startElementNsSAX2Func start;
} cxml_budget;

static void cxml_budget_start(void *ctx, const xmlChar *localname, const xmlChar *prefix, const xmlChar *URI,
                              int nb_namespaces, const xmlChar **namespaces, int nb_attributes,
                              int nb_defaulted, const xmlChar **attributes) {
    xmlParserCtxtPtr ctxt = (xmlParserCtxtPtr)ctx;
    cxml_budget *budget = (cxml_budget *)ctxt->_private;
    if (++budget->elements > budget->maxElements || nb_attributes > budget->maxAttributes) {
        budget->exceeded = nb_attributes > budget->maxAttributes ? 2 : 1;
        budget->attributes = nb_attributes;
        budget->line = ctxt->input != NULL ? ctxt->input->line : 0;
        xmlStopParser(ctxt);
        return;
    }
    budget->start(ctx, localname, prefix, URI, nb_namespaces, namespaces, nb_attributes, nb_defaulted, attributes);
}

/* Routes the context's start tags through the budget; the handler stays through xmlCtxtReadMemory. */
static inline void cxml_install_budget(xmlParserCtxtPtr ctxt, cxml_budget *budget) {
    budget->start = ctxt->sax->startElementNs;
    ctxt->sax->startElementNs = cxml_budget_start;
    ctxt->_private = budget;
}
#endif
