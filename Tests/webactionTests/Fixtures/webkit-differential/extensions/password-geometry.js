// Which fields can a person see? Password managers skip hidden and zero-sized inputs: they read the
// layout box of each field, its offset size and the computed visibility before offering a fill.
var PasswordFieldFinder = function () {};
PasswordFieldFinder.prototype.isVisible = function (el) {
  var style = window.getComputedStyle(el);
  var rect = el.getBoundingClientRect();
  return style.display !== "none" && style.visibility !== "hidden" && rect.width > 0 && rect.height > 0;
};
PasswordFieldFinder.prototype.run = function (args) {
  var self = this;
  var inputs = Array.prototype.slice.call(document.querySelectorAll("input, select, textarea, button"), 0, 40);
  var out = inputs.map(function (el) {
    var r = el.getBoundingClientRect();
    return {
      name: el.name || el.id || el.tagName,
      type: el.type || "",
      visible: self.isVisible(el),
      rect: [Math.round(r.x), Math.round(r.y), Math.round(r.width), Math.round(r.height)],
      offset: [el.offsetLeft, el.offsetTop, el.offsetWidth, el.offsetHeight],
      client: [el.clientWidth, el.clientHeight],
      hasOffsetParent: el.offsetParent !== null,
      display: window.getComputedStyle(el).display
    };
  });
  args.completionFunction({
    viewport: [window.innerWidth, window.innerHeight],
    documentClient: [document.documentElement.clientWidth, document.documentElement.clientHeight],
    fields: out
  });
};
PasswordFieldFinder.prototype.finalize = function (args) {};
var ExtensionPreprocessingJS = new PasswordFieldFinder();
