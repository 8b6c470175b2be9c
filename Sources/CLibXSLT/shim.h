#ifndef EPUBCONTRACT_CLIBXSLT_SHIM_H
#define EPUBCONTRACT_CLIBXSLT_SHIM_H
#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED
#include <libxslt/xslt.h>
#include <libxslt/xsltInternals.h>
#include <libxslt/transform.h>
#include <libxslt/xsltutils.h>
#endif
