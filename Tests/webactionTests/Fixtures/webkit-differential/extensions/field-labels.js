// An accessibility checker's form pass (as in "audit this page" actions): for each field, its labels from
// every source (label[for], wrapping label, aria-label, aria-labelledby, title, placeholder).
var ExtensionPreprocessingJS = {
  run: function (args) {
    var fields = Array.prototype.slice.call(document.querySelectorAll("input:not([type=hidden]), select, textarea, button"), 0, 40).map(function (el) {
      var ids = (el.getAttribute("aria-labelledby") || "").split(/\s+/).filter(Boolean);
      var labels = el.labels ? Array.prototype.map.call(el.labels, function (l) { return l.textContent.replace(/\s+/g, " ").trim(); }) : ["(no labels)"];
      var wrapping = el.closest("label");
      return {
        field: el.tagName.toLowerCase() + (el.type ? "[" + el.type + "]" : "") + (el.id ? "#" + el.id : ""),
        labels: labels,
        labelCount: el.labels ? el.labels.length : -1,
        wrapped: !!wrapping,
        forMatches: !!(el.id && document.querySelector('label[for="' + el.id + '"]')),
        control: wrapping && wrapping.control ? wrapping.control === el : false,
        aria: el.getAttribute("aria-label") || "",
        labelledBy: ids.map(function (id) { var n = document.getElementById(id); return n ? n.textContent.trim() : "?"; }),
        title: el.title, placeholder: el.getAttribute("placeholder") || "",
        form: el.form ? (el.form.id || "form") : ""
      };
    });
    var orphans = Array.prototype.filter.call(document.querySelectorAll("label"), function (l) { return !l.control; }).length;
    args.completionFunction({ fields: fields, labels: document.querySelectorAll("label").length, orphanLabels: orphans });
  },
  finalize: function (args) {
    document.querySelectorAll("input:not([type=hidden])").forEach(function (el) {
      if (!el.labels || el.labels.length === 0) el.setAttribute("aria-label", el.name || el.type || "field");
    });
  }
};
