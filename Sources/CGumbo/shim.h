#ifndef WEBACTION_CGUMBO_SHIM_H
#define WEBACTION_CGUMBO_SHIM_H
#include <gumbo.h>
#endif
