// Debian's node-turndown (its CommonJS build, after cjs-module.js) converting a saved page's <body> to Markdown,
// with its default options and with ATX headings and fenced code. The same file runs in Chromium
// (Scripts/chromium-reference, chromium.json) and in webaction (BrowserReferenceTests).
(function () {
  var TurndownService = module.exports;
  return {
    "default": new TurndownService().turndown(document.body),
    "atx, fenced": new TurndownService({ headingStyle: "atx", codeBlockStyle: "fenced", bulletListMarker: "-" })
      .turndown(document.body),
  };
})()
