// A "tag for later" action: marks paragraphs and links with dataset entries, classList changes and inline
// styles (serialized into the page's markup by the browser's CSS serializer).
var ExtensionPreprocessingJS = {
  run: function (args) {
    var first = document.querySelector("p");
    args.completionFunction({ paragraphs: document.getElementsByTagName("p").length,
      firstClasses: first ? Array.prototype.slice.call(first.classList) : [],
      datasetKeys: first ? Object.keys(first.dataset) : [] });
  },
  finalize: function (args) {
    Array.prototype.slice.call(document.querySelectorAll("p"), 0, 5).forEach(function (p, i) {
      p.dataset.readLaterIndex = String(i);
      p.dataset.savedBy = args.by;
      p.classList.add("rl-seen", "rl-p" + i);
      p.classList.toggle("rl-first", i === 0);
      p.style.borderLeft = "3px solid rgb(255, 0, 0)";
      p.style.paddingLeft = "4px";
      p.style.setProperty("--rl-index", String(i));
    });
    var h = document.querySelector("h1, h2");
    if (h) { h.style.cssText = "color: #336699; margin: 0px auto; font-weight: bold"; h.setAttribute("aria-describedby", "rl-note"); h.hidden = false; h.title = "Saved"; }
    var a = document.querySelector("a[href]");
    if (a) { a.classList.replace(a.classList[0] || "none", "rl-link"); a.removeAttribute("title"); a.toggleAttribute("data-rl"); }
  }
};
