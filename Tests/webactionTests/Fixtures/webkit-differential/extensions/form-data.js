// A "save form entries" action (form-restoring apps): FormData of each form as name/value pairs, and the
// form's elements collection by name.
window.ExtensionPreprocessingJS = {
  run: function (args) {
    var forms = Array.prototype.map.call(document.forms, function (form) {
      var entries = [];
      try { new FormData(form).forEach(function (v, k) { entries.push([k, typeof v === "string" ? v : "(file)"]); }); }
      catch (e) { entries.push(["error", e.name]); }
      var names = [];
      for (var i = 0; i < form.elements.length; i++) if (form.elements[i].name) names.push(form.elements[i].name);
      return { entries: entries, elementNames: names, length: form.length, noValidate: form.noValidate, enctype: form.enctype, target: form.target,
               valid: form.checkValidity() };
    });
    args.completionFunction({ forms: forms });
  },
  finalize: function (args) {
    Array.prototype.forEach.call(document.forms, function (form, i) { form.setAttribute("data-form-index", String(i)); form.reset(); });
  }
};
