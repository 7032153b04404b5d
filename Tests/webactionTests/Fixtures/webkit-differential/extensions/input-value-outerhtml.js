// A form-filler's self-check: it sets values through the IDL properties (value, checked, selected), then
// reads the first form's outerHTML, as a "share this form" action would send it. Properties are not
// attributes: the markup keeps the page's original values.
var ExtensionPreprocessingJS = {
  fill: function () {
    var log = [];
    document.querySelectorAll("input, textarea, select").forEach(function (el, i) {
      if (el.type === "checkbox" || el.type === "radio") { el.checked = !el.checked; log.push(el.name + ":" + el.checked); }
      else if (el.tagName === "SELECT") { if (el.options.length) { el.selectedIndex = el.options.length - 1; log.push(el.name + ":" + el.value); } }
      else if (el.type !== "file" && el.type !== "hidden" && el.type !== "submit" && el.type !== "button" && el.type !== "image" && el.type !== "reset") { el.value = "v" + i; log.push(el.name + "=" + el.value); }
    });
    return log;
  },
  run: function (args) {
    var log = this.fill();
    var form = document.forms[0] || document.querySelector("input, textarea, select");
    args.completionFunction({ filled: log, markup: form ? form.outerHTML.slice(0, 4000) : "",
      defaults: Array.prototype.map.call(document.querySelectorAll("input"), function (i) { return i.defaultValue; }).slice(0, 20) });
  },
  finalize: function (args) {
    var t = document.querySelector("textarea");
    if (t) { t.value = "changed in finalize"; }
    var i = document.querySelector("input[type=text], input:not([type])");
    if (i) { i.value = "typed"; i.setAttribute("value", "attribute"); }
  }
};
