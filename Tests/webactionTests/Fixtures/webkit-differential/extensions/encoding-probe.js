// A dictionary/lookup action that needs the page's text right: declared and used encodings, and the
// non-ASCII characters of the title and first paragraphs as code points.
var ExtensionPreprocessingJS = {
  run: function (args) {
    var sample = (document.title + " " + Array.prototype.slice.call(document.querySelectorAll("h1, p"), 0, 4).map(function (e) { return e.textContent; }).join(" "));
    var nonAscii = {};
    for (var i = 0; i < sample.length; i++) { var c = sample.charCodeAt(i); if (c > 127) nonAscii["U+" + c.toString(16).toUpperCase()] = sample.charAt(i); }
    var metaCharset = document.querySelector("meta[charset]");
    var httpEquiv = document.querySelector('meta[http-equiv="Content-Type" i]');
    args.completionFunction({ characterSet: document.characterSet, declared: metaCharset ? metaCharset.getAttribute("charset") : (httpEquiv ? httpEquiv.content : "none"),
      title: document.title, sample: sample.replace(/\s+/g, " ").slice(0, 300), nonAscii: nonAscii,
      inputValues: Array.prototype.map.call(document.querySelectorAll("input[value]"), function (i) { return i.value; }).slice(0, 5) });
  },
  finalize: function (args) {
    var p = document.createElement("p");
    p.textContent = args.text;
    document.body.appendChild(p);
  }
};
