// An icon/vector grabber (designers' "save SVGs"): each inline svg's size, viewBox, title and markup, and
// finalize() builds an SVG badge with createElementNS.
var ExtensionPreprocessingJS = {
  run: function (args) {
    var svgs = Array.prototype.slice.call(document.getElementsByTagNameNS("http://www.w3.org/2000/svg", "svg"), 0, 12).map(function (s) {
      var title = s.querySelector("title");
      return { ns: s.namespaceURI, tagName: s.tagName, width: s.getAttribute("width") || "", viewBox: s.getAttribute("viewBox") || "",
               title: title ? title.textContent : "", children: s.childElementCount, className: typeof s.className === "string" ? "string" : typeof s.className,
               markup: s.outerHTML.slice(0, 800), uses: s.querySelectorAll("use").length };
    });
    args.completionFunction({ count: document.querySelectorAll("svg").length, svgs: svgs, math: document.getElementsByTagNameNS("http://www.w3.org/1998/Math/MathML", "math").length });
  },
  finalize: function (args) {
    var NS = "http://www.w3.org/2000/svg";
    var svg = document.createElementNS(NS, "svg");
    svg.setAttribute("viewBox", "0 0 16 16");
    svg.setAttribute("width", "16");
    svg.setAttributeNS("http://www.w3.org/2000/xmlns/", "xmlns:xlink", "http://www.w3.org/1999/xlink");
    var c = document.createElementNS(NS, "circle");
    c.setAttribute("cx", "8"); c.setAttribute("cy", "8"); c.setAttribute("r", "7");
    c.setAttribute("fill", args.color);
    var t = document.createElementNS(NS, "title");
    t.textContent = "saved <ok> & done";
    var u = document.createElementNS(NS, "use");
    u.setAttributeNS("http://www.w3.org/1999/xlink", "xlink:href", "#c");
    svg.appendChild(t); svg.appendChild(c); svg.appendChild(u);
    var host = document.createElement("span");
    host.className = "svg-badge";
    host.appendChild(svg);
    document.body.appendChild(host);
    document.body.insertAdjacentHTML("beforeend", '<svg viewBox="0 0 4 4"><foreignObject><p>html in svg</p></foreignObject><path d="M0 0L4 4"/></svg>');
  }
};
