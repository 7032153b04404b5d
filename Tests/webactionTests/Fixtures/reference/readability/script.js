// Mozilla's Readability.js (Firefox's reader mode, from Debian's firefox-esr: Scripts/install-deps --tests) on a
// clone of a saved page: every field of the article it extracts. The page's origin is written ORIGIN (Chromium
// serves the page from a loopback port; webaction gets the same path with --url). The same file runs in Chromium
// (Scripts/chromium-reference, chromium.json) and in webaction (BrowserReferenceTests).
(function () {
  var article = new Readability(document.cloneNode(true)).parse();
  if (article === null) return { "article": "null" };
  var result = {};
  Object.keys(article).sort().forEach(function (key) {
    var value = article[key];
    result[key] = typeof value === "string" ? value.split(location.origin).join("ORIGIN") : JSON.stringify(value);
  });
  return result;
})()
