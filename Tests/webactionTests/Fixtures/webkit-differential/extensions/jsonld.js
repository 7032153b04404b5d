// Structured data for a recipe/bookmark app: every JSON-LD block parsed, its @type(s), and errors for
// blocks that do not parse (kept as strings, so the result stays a property list).
(function () {
  function types(node, out) {
    if (Array.isArray(node)) { node.forEach(function (n) { types(n, out); }); return out; }
    if (node && typeof node === "object") {
      if (node["@type"]) out.push([].concat(node["@type"]).join(","));
      Object.keys(node).forEach(function (k) { if (k !== "@type") types(node[k], out); });
    }
    return out;
  }
  window.ExtensionPreprocessingJS = {
    run: function (args) {
      var blocks = [], errors = [];
      var scripts = document.querySelectorAll('script[type="application/ld+json"]');
      for (var i = 0; i < scripts.length; i++) {
        try { blocks.push(JSON.parse(scripts[i].textContent)); }
        catch (e) { errors.push(String(e.name)); }
      }
      args.completionFunction({ count: scripts.length, types: types(blocks, []), blocks: blocks, errors: errors,
        microdata: Array.prototype.map.call(document.querySelectorAll("[itemprop]"), function (el) {
          return [el.getAttribute("itemprop"), (el.getAttribute("content") || el.getAttribute("datetime") || el.textContent).trim()];
        }) });
    },
    finalize: function (args) {}
  };
})();
