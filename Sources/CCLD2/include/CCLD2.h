#ifndef WEBACTION_CCLD2_H
#define WEBACTION_CCLD2_H
// Compact Language Detector 2 (Debian's libcld2-dev, Chrome's detector), behind a C function: its API is C++.
#ifdef __cplusplus
extern "C" {
#endif

/// Detects the language of `length` bytes of UTF-8 plain text. Writes the language's code (ISO 639-1 where it has
/// one, "un" when unknown; NUL-terminated, at most 15 bytes) to `code`, the share of the text in it (0-100) to
/// `percent`, and whether CLD2 calls the answer reliable (0 or 1) to `reliable`.
void webaction_detect_language(const char *text, int length, char code[16], int *percent, int *reliable);

#ifdef __cplusplus
}
#endif
#endif
