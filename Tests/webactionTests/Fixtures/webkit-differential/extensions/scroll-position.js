// "Continue reading where I left off": saves the scroll position and the element at the top of the view,
// and the document's extent, using the CSSOM View measurements.
var Bookmark = function () {};
Bookmark.prototype = {
  run: function (args) {
    var el = document.elementFromPoint ? document.elementFromPoint(Math.floor(window.innerWidth / 2), 10) : null;
    var se = document.scrollingElement || document.documentElement;
    var h = document.querySelector("h1, h2");
    var r = h ? h.getBoundingClientRect() : null;
    args.completionFunction({
      scrollY: window.pageYOffset, scrollTop: se.scrollTop, scrollHeight: se.scrollHeight, clientHeight: se.clientHeight,
      scrollingElement: se.tagName, atTop: el ? el.tagName : "none",
      headingTop: r ? Math.round(r.top + window.scrollY) : -1, headingVisible: r ? r.top < window.innerHeight : false,
      bodyRectWidth: Math.round(document.body.getBoundingClientRect().width)
    });
  },
  finalize: function (args) { window.scrollTo(0, args.y); document.documentElement.setAttribute("data-scrolled-to", String(window.scrollY)); }
};
var ExtensionPreprocessingJS = new Bookmark;
