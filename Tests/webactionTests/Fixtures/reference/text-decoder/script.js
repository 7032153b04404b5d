(() => {
  // FNV-1a over UTF-16 code units: a compact fingerprint of a long decoded text.
  const fingerprint = (text) => {
    let h = 0x811c9dc5;
    for (let i = 0; i < text.length; i++) { h ^= text.charCodeAt(i); h = Math.imul(h, 0x01000193) >>> 0; }
    return h.toString(16) + "/" + text.length;
  };
  const codePoints = (text) => Array.from(text, (c) => c.codePointAt(0).toString(16).toUpperCase()).join(" ");
  const result = {};
  const singleByte = ["ibm866", "iso-8859-2", "iso-8859-3", "iso-8859-4", "iso-8859-5", "iso-8859-6", "iso-8859-7",
    "iso-8859-8", "iso-8859-8-i", "iso-8859-10", "iso-8859-13", "iso-8859-14", "iso-8859-15", "iso-8859-16", "koi8-r",
    "koi8-u", "macintosh", "windows-874", "windows-1250", "windows-1251", "windows-1252", "windows-1253",
    "windows-1254", "windows-1255", "windows-1256", "windows-1257", "windows-1258", "x-mac-cyrillic", "x-user-defined"];
  const multiByte = ["gbk", "gb18030", "big5", "euc-jp", "iso-2022-jp", "shift_jis", "euc-kr", "utf-16le", "utf-16be"];
  // A fresh decoder for every sequence: Chromium 156's decoders carry state from one decode() call to the next after
  // some errors (an ESC at the end of ISO-2022-JP input makes the next call start with U+FFFD), though the standard
  // starts each call without stream afresh.
  const decode = (label, bytes) => new TextDecoder(label).decode(Uint8Array.from(bytes));
  // The single-byte encodings' bytes 0x80 to 0xFF.
  for (const label of singleByte) {
    result[label + " bytes"] = codePoints(decode(label, Array.from({ length: 128 }, (_, i) => 0x80 + i)));
  }
  // Every byte alone in the multi-byte encodings (what a decoder does at the end of its input).
  for (const label of multiByte) {
    const texts = [];
    for (let b = 0; b < 256; b++) texts.push(decode(label, [b]));
    result[label + " bytes"] = fingerprint(texts.join("|"));
  }
  // Pairs of bytes in the multi-byte encodings: every second byte after every fifth first byte from 0x80 and the first
  // bytes where ranges start and end (for UTF-16, some around the surrogates); one call per first byte, each pair
  // followed by a newline (so a pair's leftover state meets the newline, as inside a page). Left out: the four Big5 pointers that
  // decode to two code points (0x88 0x62, 0x88 0x64, 0x88 0xA3, 0x88 0xA5), where Chromium 156 gives U+0093 and a
  // lone surrogate instead of the standard's U+00CA U+0304 and so on (TextDecoderTests.testBig5 checks them).
  const twoCodePoints = [0x8862, 0x8864, 0x88A3, 0x88A5];
  const edges = [0x80, 0x81, 0x82, 0x87, 0x88, 0x8E, 0x8F, 0x9F, 0xA0, 0xA1, 0xA2, 0xA3, 0xA6, 0xC6, 0xC7, 0xC8, 0xDF,
    0xE0, 0xED, 0xEE, 0xF0, 0xF9, 0xFA, 0xFC, 0xFD, 0xFE, 0xFF];
  const utf16Edges = [0x00, 0x0A, 0x41, 0xD7, 0xD8, 0xDA, 0xDB, 0xDC, 0xDE, 0xDF, 0xE0, 0xFE, 0xFF];
  for (const label of multiByte) {
    const utf16 = label.startsWith("utf-16");
    const newline = label === "utf-16le" ? [0x0A, 0x00] : label === "utf-16be" ? [0x00, 0x0A] : [0x0A];
    const texts = [];
    for (let lead = utf16 ? 0 : 0x80; lead < 256; lead++) {
      if (utf16 ? !utf16Edges.includes(lead) : lead % 5 !== 0 && !edges.includes(lead)) continue;
      const bytes = [];
      for (let trail = 0; trail < 256; trail++)
        if (label !== "big5" || !twoCodePoints.includes(lead * 256 + trail)) bytes.push(lead, trail, ...newline);
      texts.push(decode(label, bytes));
    }
    result[label + " pairs"] = fingerprint(texts.join("|"));
  }
  // gb18030's four-byte sequences: all third and fourth bytes after some first two, one call per first two.
  const four = [];
  for (const b1 of [0x81, 0x84, 0x8F, 0x90, 0xE3, 0xFE])
    for (const b2 of [0x30, 0x31, 0x35, 0x39]) {
      const bytes = [];
      for (let b3 = 0x81; b3 <= 0xFE; b3++) for (let b4 = 0x30; b4 <= 0x39; b4++) bytes.push(b1, b2, b3, b4, 0x0A);
      four.push(decode("gb18030", bytes));
    }
  result["gb18030 four-byte"] = fingerprint(four.join("|"));
  // Sequences that glibc's iconv reads differently (Tests/TextEncodingsTests/IconvDifferenceTests.swift), and a few
  // with errors, escapes and restored bytes.
  const cases = [
    ["gbk", [0x80]], ["gbk", [0xA3, 0xA0]], ["gbk", [0xFE, 0x51]], ["gb18030", [0x81, 0x30, 0x81, 0x41]],
    ["gb18030", [0x81, 0x30, 0x20]], ["gb18030", [0x84, 0x31, 0xA5, 0x30]], ["gb18030", [0xE3, 0x32, 0x9A, 0x35]],
    ["big5", [0x8E, 0x69]], ["big5", [0x81, 0x80]], ["big5", [0x87, 0x45]],
    ["shift_jis", [0x80]], ["shift_jis", [0x81, 0xAD]], ["shift_jis", [0xF0, 0x40]], ["euc-jp", [0xA1, 0xC1]],
    ["euc-jp", [0xAD, 0xA1]], ["euc-jp", [0x8F, 0xA1, 0xA1]], ["euc-jp", [0x8F, 0xB0, 0xA1]], ["euc-kr", [0x81, 0x80]],
    ["iso-2022-jp", [0x1B, 0x24, 0x42, 0x46, 0x7C, 0x4B, 0x5C, 0x1B, 0x28, 0x42, 0x61]],
    ["iso-2022-jp", [0x1B, 0x28, 0x42, 0x1B, 0x28, 0x42, 0x61]], ["iso-2022-jp", [0x1B, 0x28, 0x43, 0x61]],
    ["iso-2022-jp", [0x1B, 0x28, 0x4A, 0x5C, 0x7E]], ["iso-2022-jp", [0x1B, 0x28, 0x49, 0x21, 0x5F]],
    ["iso-2022-jp", [0x1B, 0x24, 0x42, 0x46]], ["iso-2022-jp", [0x1B, 0x28]], ["iso-2022-jp", [0x0E, 0x80]],
    ["utf-16le", [0x3D, 0xD8, 0x41, 0x00]], ["utf-16le", [0x00, 0xDE, 0x41, 0x00]], ["utf-8", [0xF0, 0x9F, 0x41]],
    ["utf-8", [0xED, 0xA0, 0x80]], ["utf-8", [0xE0, 0x80, 0xBF]],
  ];
  for (const [label, bytes] of cases) {
    result[label + " " + bytes.map((b) => b.toString(16).toUpperCase().padStart(2, "0")).join(" ")] =
      codePoints(decode(label, bytes));
  }
  return result;
})()
