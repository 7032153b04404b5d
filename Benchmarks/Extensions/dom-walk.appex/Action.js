// Benchmark extension: what reader-mode and metadata extensions do to a page. Selector queries, live collections
// read in a loop (length and index on every step), a recursive walk through firstChild/nextSibling, attribute
// reads, textContent, and a finalize() that inserts and rewrites.
var ExtensionPreprocessingJS = {
  run: function (args) {
    var links = document.querySelectorAll("a[href]"), hrefChars = 0;
    for (var i = 0; i < links.length; i++) hrefChars += links[i].getAttribute("href").length;
    var headings = document.querySelectorAll("h1, h2, h3").length;
    var all = document.getElementsByTagName("*"), leaves = 0;
    for (var j = 0; j < all.length; j++) if (all[j].childNodes.length === 0) leaves++;
    var nodes = 0;
    (function walk(node) {
      for (var c = node.firstChild; c; c = c.nextSibling) { nodes++; walk(c); }
    })(document);
    var paragraphs = document.getElementsByTagName("p"), words = 0;
    for (var k = 0; k < paragraphs.length; k++) words += paragraphs[k].textContent.split(/\s+/).length;
    args.completionFunction({ title: document.title, hrefChars: hrefChars, headings: headings, leaves: leaves,
                              nodes: nodes, words: words, text: document.body.textContent.length });
  },
  finalize: function (args) {
    var note = document.createElement("p");
    note.className = "summary";
    note.textContent = "Read in " + Math.ceil((args.words || 0) / 200) + " min";
    document.body.insertBefore(note, document.body.firstChild);
    var codes = document.querySelectorAll("code");
    for (var i = 0; i < codes.length; i++) codes[i].setAttribute("data-seen", "1");
  }
};
