// Debian's node-dompurify (its browser build, after shadow-node.js) sanitizing a page's <body> markup: whether it
// reports itself supported, the clean markup, and what it removed, in order. The same file runs in Chromium
// (Scripts/chromium-reference, chromium.json) and in webaction (BrowserReferenceTests).
(function () {
  var clean = DOMPurify.sanitize(document.body.innerHTML);
  var removed = DOMPurify.removed.map(function (r) {
    return r.element ? "element " + r.element.nodeName : "attribute " + r.attribute.name + " of " + r.from.nodeName;
  });
  var whole = DOMPurify.sanitize(document.documentElement.outerHTML, { WHOLE_DOCUMENT: true });
  return { "supported": DOMPurify.isSupported, "clean": clean, "removed": removed.join("\n"), "whole document": whole };
})()
