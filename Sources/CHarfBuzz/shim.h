#ifndef WEBACTION_CHARFBUZZ_SHIM_H
#define WEBACTION_CHARFBUZZ_SHIM_H
// Text measurement for layout: fontconfig picks the font for a CSS font-family list (as WebKitGTK does), FreeType
// loads it, HarfBuzz shapes runs of text into advances.
#include <fontconfig/fontconfig.h>
#include <ft2build.h>
#include FT_FREETYPE_H
#include FT_TRUETYPE_TABLES_H
#include <hb.h>
#include <hb-ft.h>
#endif
