#ifndef WEBACTION_CLIBXML2_SHIM_H
#define WEBACTION_CLIBXML2_SHIM_H
// Debian's libxml2 is built with ICU, so its encoding.h includes the system's <unicode/ucnv.h>. Foundation ships its
// own ICU (_FoundationICU) whose types clash with the system's in any module that sees both (test discovery does).
// webaction converts encodings with iconv and never touches xmlCharEncodingHandler's ICU fields, so hide them.
#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED
#include <libxml/tree.h>
#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <libxml/entities.h>
#include <libxml/valid.h>
#include <libxml/HTMLparser.h>
#include <libxml/HTMLtree.h>
#include <libxml/xmlmemory.h>
#include <libxml/uri.h>
#include <iconv.h>

// xmlFree is a global function-pointer variable, which Swift cannot call directly.
static inline void webaction_xmlFree(void *p) { xmlFree(p); }
#endif
