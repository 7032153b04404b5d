#ifndef WEBACTION_CMALLOC_SHIM_H
#define WEBACTION_CMALLOC_SHIM_H
// glibc's malloc tuning (Swift's Glibc module leaves <malloc.h> out).
#include <malloc.h>

// No fastbins: see Sources/webaction/WebAction.swift. Returns mallopt's answer (1 on success).
static inline int webaction_disable_fastbins(void) {
  return mallopt(M_MXFAST, 0);
}
#endif
