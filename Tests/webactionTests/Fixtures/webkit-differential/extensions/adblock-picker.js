// An ad-blocker's element picker: a unique CSS selector for each candidate element (id, classes, nth-of-type
// path), checked with querySelectorAll; finalize() hides them with an injected style sheet, as the
// "hide this element" action of content blockers does.
var ElementPicker = function () {};
ElementPicker.prototype = {
  selectorFor: function (el) {
    if (el.id && document.querySelectorAll("#" + CSS.escape(el.id)).length === 1) return "#" + CSS.escape(el.id);
    var parts = [];
    while (el && el.nodeType === 1 && el !== document.documentElement) {
      var part = el.localName;
      if (el.classList.length) part += "." + Array.prototype.map.call(el.classList, function (c) { return CSS.escape(c); }).join(".");
      var sib = el, n = 1;
      while ((sib = sib.previousElementSibling)) if (sib.localName === el.localName) n++;
      part += ":nth-of-type(" + n + ")";
      parts.unshift(part);
      if (el.parentElement && el.parentElement.id) { parts.unshift("#" + CSS.escape(el.parentElement.id)); break; }
      el = el.parentElement;
    }
    return parts.length ? parts.join(" > ") : el.localName;
  },
  candidates: function () {
    return Array.prototype.slice.call(document.querySelectorAll("aside, nav, footer, iframe, [class*=ad], [class*=banner], [class*=sidebar], [id*=sidebar], [class*=sponsor]"), 0, 25);
  },
  run: function (arguments) {
    var self = this;
    var picked = this.candidates().map(function (el) {
      var sel = self.selectorFor(el);
      var matches = document.querySelectorAll(sel);
      return { selector: sel, matches: matches.length, same: matches[0] === el, matchesItself: el.matches(sel) };
    });
    arguments.completionFunction({ picked: picked });
  },
  finalize: function (arguments) {
    var self = this;
    var rules = this.candidates().map(function (el) { el.setAttribute("data-blocked", ""); return self.selectorFor(el); });
    var style = document.createElement("style");
    style.id = "picker-rules";
    style.textContent = rules.map(function (r) { return r + " { display: none !important; }"; }).join("\n");
    (document.head || document.documentElement).appendChild(style);
    document.documentElement.setAttribute("data-rules", String(style.sheet ? style.sheet.cssRules.length : -1));
  }
};
var ExtensionPreprocessingJS = new ElementPicker;
