#ifndef EPUBCONTRACT_CLIBZIP_SHIM_H
#define EPUBCONTRACT_CLIBZIP_SHIM_H
#include <zip.h>
#endif
