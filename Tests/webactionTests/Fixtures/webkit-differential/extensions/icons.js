// A bookmark/home-screen action: icons (sizes, types), the web app manifest, theme colour, and the page's
// absolute base URL shape.
var ExtensionPreprocessingJS = {
  run: function (args) {
    var icons = Array.prototype.map.call(document.querySelectorAll('link[rel~="icon"], link[rel="apple-touch-icon"], link[rel="mask-icon"], link[rel="shortcut icon"]'), function (l) {
      return { rel: l.getAttribute("rel"), sizes: l.sizes ? Array.prototype.slice.call(l.sizes) : [], type: l.type, href: l.getAttribute("href") };
    });
    var manifest = document.querySelector('link[rel="manifest"]');
    var base = document.querySelector("base[href]");
    args.completionFunction({ icons: icons, manifest: manifest ? manifest.getAttribute("href") : "",
      base: base ? base.getAttribute("href") : "", baseURIIsDocument: document.baseURI === document.URL,
      appleTitle: (document.querySelector('meta[name="apple-mobile-web-app-title"]') || {}).content || "" });
  },
  finalize: function (args) {
    var link = document.createElement("link");
    link.rel = "icon";
    link.href = args.icon;
    link.sizes = "32x32";
    document.head.appendChild(link);
  }
};
