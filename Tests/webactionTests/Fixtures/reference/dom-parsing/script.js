// DOMParser, XMLSerializer and markup in XML documents: the same file runs in Chromium (Scripts/chromium-reference)
// and in webaction. A parse error's message is libxml2's in webaction, so the <parsererror>'s message is blanked.
(function () {
  var result = {};
  var serialize = function (node) { return new XMLSerializer().serializeToString(node); };
  var blank = function (doc) {
    var errors = doc.getElementsByTagName("parsererror");
    for (var i = 0; i < errors.length; i++) errors[i].children[1].textContent = "MESSAGE";
    return doc;
  };
  var xml = {
    "plain": ["<root><a x='1'>t</a><b/></root>", "text/xml"],
    "declaration": ["<?xml version='1.0' encoding='ISO-8859-2' standalone='yes'?><r/>", "application/xml"],
    "prolog": ["<!DOCTYPE r PUBLIC 'p' 's'><!--c--><?pi data?><r><![CDATA[a<b]]></r><!--after-->", "text/xml"],
    "namespaces": ["<r xmlns='urn:d' xmlns:p='urn:p' p:a='1'><p:c><d xmlns=''/></p:c><e xml:lang='en'/></r>", "text/xml"],
    "xhtml": ["<html xmlns='http://www.w3.org/1999/xhtml'><body><p>a<br/>b</p><template><i>t</i></template></body></html>", "application/xhtml+xml"],
    "svg": ["<svg xmlns='http://www.w3.org/2000/svg' xmlns:xlink='http://www.w3.org/1999/xlink'><use xlink:href='#a'/></svg>", "image/svg+xml"],
    "entities": ["<!DOCTYPE f [<!ENTITY x 'y<b>z</b>'><!ENTITY t 'a&#9;b'>]><f k='&t;!'>1&x;2&amp;&#65;&lt;</f>", "text/xml"],
    "external entity": ["<!DOCTYPE x [<!ENTITY e SYSTEM 'file:///etc/passwd'>]><x>&e;</x>", "text/xml"],
    "whitespace": ["<r>\n  <a> x </a>\r\n</r>", "text/xml"],
    "xhtml entities": ["<!DOCTYPE html PUBLIC '-//W3C//DTD XHTML 1.1//EN' 'x.dtd'><html xmlns='http://www.w3.org/1999/xhtml' title='&eacute;&amp;'>&nbsp;&LT;&NotNestedGreaterGreater;</html>", "application/xhtml+xml"],
    "error unclosed": ["<foo>", "text/xml"],
    "error undeclared entity": ["<!DOCTYPE html PUBLIC '-//W3C//DTD XHTML 1.0 Strict//EN' 'x'><x>&bogus;</x>", "text/xml"],
    "error system doctype entity": ["<!DOCTYPE html SYSTEM 'x.dtd'><x>&nbsp;</x>", "text/xml"],
    "error partial": ["<root><a>1</a><b>2<c></root>", "text/xml"],
    "error two roots": ["<a/><b/>", "text/xml"],
    "error empty": ["", "text/xml"],
    "error prefix": ["<span x:test='testing'>1</span>", "application/xhtml+xml"],
    "error entity": ["<x>&nbsp;</x>", "text/xml"],
    "error xhtml": ["<html xmlns='http://www.w3.org/1999/xhtml'><body><p>1</p><p></body></html>", "application/xhtml+xml"],
    "error svg": ["<svg xmlns='http://www.w3.org/2000/svg'><g></svg>", "image/svg+xml"]
  };
  Object.keys(xml).forEach(function (key) {
    var doc = blank(new DOMParser().parseFromString(xml[key][0], xml[key][1]));
    // (Chromium leaves readyState "loading" in most error documents; webaction says "complete" for all.)
    result["xml " + key] = [serialize(doc), doc.contentType, doc.constructor.name, doc.childNodes.length,
      doc.documentElement && doc.documentElement.namespaceURI, key.indexOf("error") === 0 ? "" : doc.readyState,
      doc.characterSet].join(" | ");
  });

  var html = new DOMParser().parseFromString("<meta charset=latin2><body><noscript><p>x</p></noscript><script>window.ran = 1</script>", "text/html");
  result["html"] = [html.body.innerHTML, html.characterSet, html.compatMode, String(window.ran), html instanceof Document].join(" | ");
  result["page noscript"] = document.querySelector("noscript").innerHTML;
  var made = document.implementation.createHTMLDocument("t");
  made.body.innerHTML = "<noscript><p>a&amp;</p></noscript>";
  result["createHTMLDocument noscript"] = made.body.innerHTML + " | " + made.body.firstChild.childNodes.length;

  var root = new DOMParser().parseFromString("<r xmlns='urn:r' xmlns:p='urn:p'><c/></r>", "text/xml").documentElement;
  var c = root.firstChild;
  c.innerHTML = "<e a='1'/><p:f/>t&amp;<!--x--><?pi d?>";
  result["xml innerHTML"] = [c.innerHTML, root.outerHTML, c.childNodes.length, c.firstChild.namespaceURI].join(" | ");
  // (Chromium accepts an undeclared prefix here, "<q:x/>", which the XML fragment parsing algorithm rejects.)
  ["<open>", "&nbsp;", "a</c>b"].forEach(function (markup) {
    try { c.innerHTML = markup; result["xml innerHTML " + markup] = "no error: " + c.innerHTML; }
    catch (e) { result["xml innerHTML " + markup] = e.name; }
  });
  c.insertAdjacentHTML("beforeend", "<g/>");
  result["xml insertAdjacentHTML"] = c.innerHTML;
  c.lastChild.outerHTML = "<h/><i/>";
  result["xml outerHTML setter"] = c.innerHTML;
  var range = root.ownerDocument.createRange();
  range.selectNodeContents(c);
  result["xml createContextualFragment"] = serialize(range.createContextualFragment("<j/>"));

  var element = document.createElement("div");
  element.setAttribute("a", "\t\n\r\"<>&\u00a0");
  element.appendChild(document.createTextNode("\t\n\r\"<>&\u00a0"));
  element.appendChild(document.createElementNS("http://www.w3.org/2000/svg", "svg"));
  element.appendChild(document.createElement("br"));
  element.appendChild(document.createComment("c"));
  result["html element"] = serialize(element);
  var detached = (new Document()).createElement("root");
  detached.setAttributeNS("http://www.w3.org/1999/xlink", "xl:type", "v");
  detached.setAttributeNS("urn:1", "p:a", "1");
  detached.setAttributeNS("urn:2", "b", "2");
  detached.setAttributeNS("http://www.w3.org/2000/xmlns/", "xmlns:q", "urn:q");
  result["attribute prefixes"] = serialize(detached);
  result["document"] = serialize(document).replace(/\s+/g, " ");
  result["parseHTMLUnsafe"] = typeof Document.parseHTMLUnsafe === "function"
    ? [Document.parseHTMLUnsafe("<p>u</p>").body.innerHTML, Document.parseHTMLUnsafe("").URL].join(" | ") : "missing";
  var range2 = document.createRange();
  range2.selectNodeContents(document.documentElement);
  result["createContextualFragment html"] = serialize(range2.createContextualFragment("<body><p>x<td>y"));
  return result;
})()
