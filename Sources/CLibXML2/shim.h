#ifndef WEBACTION_CLIBXML2_SHIM_H
#define WEBACTION_CLIBXML2_SHIM_H
#include <libxml/tree.h>
#include <libxml/HTMLparser.h>
#include <libxml/HTMLtree.h>
#include <libxml/xmlmemory.h>
#include <libxml/encoding.h>
#include <libxml/uri.h>
#include <iconv.h>

// xmlFree is a global function-pointer variable, which Swift cannot call directly.
static inline void webaction_xmlFree(void *p) { xmlFree(p); }
#endif
