// A highlighter (note-taking apps' "highlight on the page"): wraps every occurrence of a word in <mark>,
// splitting text nodes, and counts them.
var ExtensionPreprocessingJS = {
  run: function (args) {
    var text = document.body.textContent;
    var words = (text.toLowerCase().match(/[a-z\u00c0-\u024f]{4,}/g) || []);
    var freq = {};
    words.forEach(function (w) { freq[w] = (freq[w] || 0) + 1; });
    var top = Object.keys(freq).sort(function (a, b) { return freq[b] - freq[a] || (a < b ? -1 : 1); }).slice(0, 10);
    args.completionFunction({ top: top.map(function (w) { return [w, freq[w]]; }), words: words.length });
  },
  finalize: function (args) {
    var re = new RegExp("\\b(" + args.words.join("|") + ")\\b", "gi");
    var walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT, null);
    var nodes = [], n, count = 0;
    while ((n = walker.nextNode())) if (!/^(SCRIPT|STYLE|TEXTAREA)$/.test(n.parentNode.nodeName)) nodes.push(n);
    nodes.forEach(function (node) {
      var m;
      re.lastIndex = 0;
      while ((m = re.exec(node.nodeValue))) {
        var hit = node.splitText(m.index);
        node = hit.splitText(m[0].length);
        var mark = document.createElement("mark");
        mark.setAttribute("data-hl", String(++count));
        hit.parentNode.replaceChild(mark, hit);
        mark.appendChild(hit);
        re.lastIndex = 0;
      }
    });
    document.body.setAttribute("data-highlights", String(count));
    document.body.normalize();
  }
};
