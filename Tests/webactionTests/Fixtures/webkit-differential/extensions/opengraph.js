// A link-preview builder (as messaging and bookmarking apps have): every meta name/property with its
// content, the canonical and alternate links, the icons.
window.ExtensionPreprocessingJS = {
  run: function (args) {
    var metas = [];
    document.querySelectorAll("meta").forEach(function (m) {
      var key = m.getAttribute("property") || m.getAttribute("name") || m.getAttribute("http-equiv") || (m.hasAttribute("charset") ? "charset" : "");
      var value = m.getAttribute("content") || m.getAttribute("charset") || "";
      if (key) metas.push([key, value]);
    });
    var links = [];
    document.querySelectorAll("link[rel]").forEach(function (l) {
      links.push({ rel: l.rel, relList: Array.from(l.relList), type: l.type, title: l.title, hrefAttribute: l.getAttribute("href") || "", sizes: l.getAttribute("sizes") || "" });
    });
    var og = {};
    metas.forEach(function (kv) { if (/^og:/.test(kv[0]) && !(kv[0] in og)) og[kv[0].slice(3)] = kv[1]; });
    args.completionFunction({ metas: metas, links: links, og: og, title: document.title });
  },
  finalize: function (args) {}
};
