#include "CCLD2.h"

#include <cstdio>  // compact_lang_det.h uses FILE without including it.
#include <cstring>
#include <cld2/public/compact_lang_det.h>

extern "C" void webaction_detect_language(const char *text, int length, char code[16], int *percent, int *reliable) {
  CLD2::Language languages[3];
  int percents[3] = {0, 0, 0};
  int textBytes = 0;
  bool isReliable = false;
  CLD2::Language language =
      CLD2::DetectLanguageSummary(text, length, true, languages, percents, &textBytes, &isReliable);
  std::strncpy(code, CLD2::LanguageCode(language), 15);
  code[15] = '\0';
  *percent = percents[0];
  *reliable = isReliable ? 1 : 0;
}
