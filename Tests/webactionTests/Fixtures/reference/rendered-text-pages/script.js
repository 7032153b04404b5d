// A saved page's rendered text and computed styles: the innerText of <body> and of each element other than <p>
// that holds text directly; for every element, the computed values that differ from the usual ones (listed in
// "usual style"). The same file runs in Chromium (Scripts/chromium-reference, chromium.json) and in webaction
// (BrowserReferenceTests).
(function () {
  var usual = { "display": "inline", "white-space": "normal", "font-weight": "400", "font-style": "normal",
    "text-align": "start", "color": "rgb(0, 0, 0)", "text-transform": "none", "visibility": "visible",
    "position": "static", "float": "none" };
  var result = { "usual style": JSON.stringify(usual), "text body": document.body.innerText };
  var elements = document.querySelectorAll("*");
  for (var i = 0; i < elements.length; i++) {
    var element = elements[i];
    var name = ("000" + i).slice(-4) + " " + element.localName + (element.id ? "#" + element.id : "") +
      (element.className && typeof element.className === "string" ? "." + element.className.trim().split(/\s+/).join(".") : "");
    var computed = getComputedStyle(element);
    result["style " + name] = Object.keys(usual).filter(function (p) { return computed.getPropertyValue(p) !== usual[p]; })
      .map(function (p) { return p + "=" + computed.getPropertyValue(p); }).join("; ");
    var holdsText = Array.prototype.some.call(element.childNodes, function (n) { return n.nodeType === 3 && n.data.trim(); });
    if (holdsText && element.localName !== "p") result["text " + name] = element.innerText;
  }
  return result;
})()
