// View source as HTML: the doctype and the document element's outerHTML (length, checksum, start and end),
// head and body innerHTML lengths.
var ViewSource = function () {};
ViewSource.prototype.hash = function (s) {
  var h = 0x811c9dc5;
  for (var i = 0; i < s.length; i++) { h ^= s.charCodeAt(i); h = Math.imul(h, 0x01000193) >>> 0; }
  return ("0000000" + h.toString(16)).slice(-8);
};
ViewSource.prototype.run = function (args) {
  var html = document.documentElement.outerHTML;
  var dt = document.doctype;
  args.completionFunction({
    doctype: dt ? [dt.name, dt.publicId, dt.systemId] : [],
    length: html.length, hash: this.hash(html), start: html.slice(0, 400), end: html.slice(-200),
    head: document.head.innerHTML.length, body: document.body.innerHTML.length,
    headHash: this.hash(document.head.innerHTML), bodyHash: this.hash(document.body.innerHTML),
    compatMode: document.compatMode
  });
};
ViewSource.prototype.finalize = function (args) {};
var ExtensionPreprocessingJS = new ViewSource();
