// A view-source action that shows the DOM as XML (XMLSerializer of the whole document): the length, a
// checksum, the start and the namespaces that appear.
function fnv1a(s) {
  var h = 0x811c9dc5;
  for (var i = 0; i < s.length; i++) { h ^= s.charCodeAt(i); h = Math.imul(h, 0x01000193) >>> 0; }
  return ("0000000" + h.toString(16)).slice(-8);
}
var ExtensionPreprocessingJS = {
  run: function (args) {
    var xml = new XMLSerializer().serializeToString(document);
    var body = new XMLSerializer().serializeToString(document.body);
    var ns = {};
    (xml.match(/xmlns(:\w+)?="[^"]*"/g) || []).forEach(function (d) { ns[d] = (ns[d] || 0) + 1; });
    args.completionFunction({ length: xml.length, hash: fnv1a(xml), start: xml.slice(0, 600), end: xml.slice(-200),
      bodyLength: body.length, bodyHash: fnv1a(body), namespaces: ns, doctype: document.doctype ? new XMLSerializer().serializeToString(document.doctype) : "" });
  },
  finalize: function (args) {}
};
