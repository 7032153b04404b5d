// A read-later app's "save to queue" action: the article's title, byline, excerpt, lead image, language
// and reading time, found the way such apps do it (meta tags first, then the page's own markup).
var ReadLater = {
  meta: function (names) {
    for (var i = 0; i < names.length; i++) {
      var el = document.querySelector('meta[name="' + names[i] + '"], meta[property="' + names[i] + '"]');
      if (el && el.getAttribute("content")) return el.getAttribute("content").trim();
    }
    return "";
  },
  mainElement: function () {
    return document.querySelector("article, [role=main], main, #content, .content, .body") || document.body;
  },
  run: function (args) {
    var main = this.mainElement();
    var text = (main.textContent || "").replace(/\s+/g, " ").trim();
    var words = text ? text.split(" ").length : 0;
    var paragraphs = Array.prototype.slice.call(main.querySelectorAll("p"), 0, 3).map(function (p) {
      return p.textContent.replace(/\s+/g, " ").trim().slice(0, 200);
    });
    var h1 = document.querySelector("h1");
    args.completionFunction({
      title: this.meta(["og:title", "twitter:title"]) || document.title,
      heading: h1 ? h1.textContent.replace(/\s+/g, " ").trim() : "",
      byline: this.meta(["author", "article:author"]),
      excerpt: this.meta(["description", "og:description"]) || paragraphs[0] || "",
      image: this.meta(["og:image", "twitter:image"]),
      lang: document.documentElement.lang || "",
      mainTag: main.tagName.toLowerCase() + (main.id ? "#" + main.id : ""),
      words: words,
      minutes: Math.max(1, Math.round(words / 230)),
      paragraphs: paragraphs
    });
  },
  finalize: function (args) {}
};
var ExtensionPreprocessingJS = ReadLater;
