// A translation action's text pass: run() collects the page's visible text nodes with a TreeWalker
// (skipping scripts, styles and whitespace), finalize() writes each back transformed (here: upper case, as a
// stand-in for the translation the native side would give).
var Translator = function() {};
Translator.prototype = {
  walker: function () {
    return document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT, {
      acceptNode: function (node) {
        var p = node.parentNode;
        if (!node.nodeValue.trim()) return NodeFilter.FILTER_REJECT;
        if (p && /^(SCRIPT|STYLE|NOSCRIPT|TEXTAREA|CODE|PRE)$/.test(p.nodeName)) return NodeFilter.FILTER_REJECT;
        return NodeFilter.FILTER_ACCEPT;
      }
    });
  },
  run: function (arguments) {
    var w = this.walker(), texts = [], n;
    while ((n = w.nextNode())) texts.push(n.nodeValue.replace(/\s+/g, " ").trim());
    arguments.completionFunction({ count: texts.length, texts: texts.slice(0, 150) });
  },
  finalize: function (arguments) {
    var w = this.walker(), n, nodes = [];
    while ((n = w.nextNode())) nodes.push(n);
    nodes.forEach(function (t) { t.nodeValue = t.nodeValue.toUpperCase(); });
    document.documentElement.lang = arguments.lang;
    document.title = document.title.toUpperCase();
  }
};
var ExtensionPreprocessingJS = new Translator;
