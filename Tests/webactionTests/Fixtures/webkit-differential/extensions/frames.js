// Frames inventory (a "save page with frames" action): each iframe/frame, its attributes, and the title,
// text and links of its document when the frame is same-origin.
var FrameCollector = function () {};
FrameCollector.prototype = {
  describe: function (frame) {
    var d = { tag: frame.tagName.toLowerCase(), id: frame.id, srcAttribute: frame.getAttribute("src") || "",
              hasSrcdoc: frame.hasAttribute("srcdoc"), srcdocLength: (frame.getAttribute("srcdoc") || "").length,
              title: frame.title, width: frame.getAttribute("width") || "", loading: frame.getAttribute("loading") || "" };
    var doc = null;
    try { doc = frame.contentDocument; } catch (e) { d.error = e.name; }
    d.accessible = !!doc;
    if (doc) {
      d.url = /^about:/.test(doc.URL) ? doc.URL : "(" + doc.URL.split(":")[0] + ")";
      d.readyState = doc.readyState;
      d.docTitle = doc.title;
      d.text = doc.body ? doc.body.textContent.trim().slice(0, 200) : "";
      d.links = doc.links ? doc.links.length : 0;
    }
    d.hasWindow = !!frame.contentWindow;
    return d;
  },
  run: function (arguments) {
    var frames = Array.prototype.map.call(document.querySelectorAll("iframe, frame"), this.describe);
    arguments.completionFunction({ framesLength: window.frames.length, isTop: window.top === window, frames: frames });
  },
  finalize: function (arguments) {
    var f = document.querySelector("iframe[srcdoc]");
    if (f && f.contentDocument && f.contentDocument.body) {
      var note = f.contentDocument.createElement("p");
      note.textContent = "annotated";
      f.contentDocument.body.appendChild(note);
      f.setAttribute("data-inner", f.contentDocument.body.innerHTML);
    }
    document.querySelectorAll("iframe").forEach(function (x) { x.setAttribute("data-seen", "1"); });
  }
};
var ExtensionPreprocessingJS = new FrameCollector;
