#ifndef EPUBCONTRACT_CLIBXSLT_SHIM_H
#define EPUBCONTRACT_CLIBXSLT_SHIM_H
#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED
#include <libxslt/xslt.h>
#include <libxslt/xsltInternals.h>
#include <libxslt/transform.h>
#include <libxslt/xsltutils.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

/* libxslt reports through a variadic callback, which Swift cannot implement: a transform's
 * messages are collected here (as much as fits), and whether it stopped on an error. */
typedef struct {
    char message[512];
    int count;
} cxslt_errors;

static void cxslt_record(void *ctx, const char *msg, ...) {
    cxslt_errors *errors = (cxslt_errors *)ctx;
    size_t used = strlen(errors->message);
    errors->count++;
    if (used + 1 >= sizeof errors->message) return;
    va_list args;
    va_start(args, msg);
    vsnprintf(errors->message + used, sizeof errors->message - used, msg, args);
    va_end(args);
}

/* Applies a stylesheet with its messages collected; *failed is set when the transform stopped
 * on an error, whose output is then incomplete whatever it holds. */
static inline xmlDocPtr cxslt_apply(xsltStylesheetPtr sheet, xmlDocPtr doc, cxslt_errors *errors, int *failed) {
    xsltTransformContextPtr ctxt = xsltNewTransformContext(sheet, doc);
    if (ctxt == NULL) { *failed = 1; return NULL; }
    xsltSetTransformErrorFunc(ctxt, errors, cxslt_record);
    xmlDocPtr result = xsltApplyStylesheetUser(sheet, doc, NULL, NULL, NULL, ctxt);
    *failed = result == NULL || ctxt->state == XSLT_STATE_ERROR || ctxt->state == XSLT_STATE_STOPPED;
    xsltFreeTransformContext(ctxt);
    return result;
}
#endif
