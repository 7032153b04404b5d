// "Open all links" / link-list action: each link's address (relative to the page's folder), text, rel and
// target; counts of internal, external, mailto and fragment links.
javascript:void(0); // (a bookmarklet pasted into an extension keeps its label)
var ExtensionPreprocessingJS = (function () {
  function rel(url) { var base = location.href.replace(/[#?].*$/, "").replace(/[^\/]*$/, ""); return url.indexOf(base) === 0 ? "./" + url.slice(base.length) : url; }
  return {
    run: function (args) {
      var counts = { internal: 0, external: 0, mailto: 0, fragment: 0, other: 0 };
      var links = [];
      Array.prototype.forEach.call(document.links, function (a, i) {
        var p = a.protocol;
        if (p === "mailto:") counts.mailto++;
        else if (a.getAttribute("href").charAt(0) === "#") counts.fragment++;
        else if (p === "http:" || p === "https:") counts.external++;
        else if (p === "file:") counts.internal++;
        else counts.other++;
        if (i < 40) links.push({ href: rel(a.href), text: a.textContent.replace(/\s+/g, " ").trim().slice(0, 80), rel: a.rel, target: a.target, hash: a.hash, host: a.host });
      });
      args.completionFunction({ total: document.links.length, anchors: document.anchors.length, counts: counts, links: links });
    },
    finalize: function (args) {
      Array.prototype.forEach.call(document.links, function (a) { if (a.protocol === "http:" || a.protocol === "https:") { a.target = "_blank"; a.relList.add("noopener"); } });
    }
  };
})();
