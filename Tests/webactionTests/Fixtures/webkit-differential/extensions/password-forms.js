// A password manager's form collector and filler (in the manner of the "collect forms, fill, fire events"
// scripts of iOS password managers): run() describes every form and its fields, the native side picks a
// login, finalize() writes it into the fields and fires the events frameworks listen to.
class FormCollector {
  fieldLabel(el) {
    if (el.labels && el.labels.length) {
      return Array.prototype.map.call(el.labels, function (l) { return l.textContent.replace(/\s+/g, " ").trim(); }).join(" | ");
    }
    var aria = el.getAttribute("aria-label");
    if (aria) return aria;
    return el.getAttribute("placeholder") || "";
  }

  describe(el, index) {
    return {
      index: index,
      tag: el.tagName.toLowerCase(),
      type: (el.type || "").toLowerCase(),
      name: el.name || "",
      id: el.id || "",
      autocomplete: el.getAttribute("autocomplete") || "",
      label: this.fieldLabel(el),
      value: el.type === "password" ? "" : String(el.value || ""),
      required: !!el.required,
      disabled: !!el.disabled,
      maxLength: typeof el.maxLength === "number" ? el.maxLength : -1
    };
  }

  run(args) {
    var forms = [];
    for (var f = 0; f < document.forms.length; f++) {
      var form = document.forms[f];
      var fields = [];
      for (var i = 0; i < form.elements.length; i++) {
        var el = form.elements[i];
        if (/^(input|select|textarea)$/i.test(el.tagName)) fields.push(this.describe(el, i));
      }
      forms.push({
        id: form.id || "",
        name: form.getAttribute("name") || "",
        method: form.method,
        actionAttribute: form.getAttribute("action") || "",
        fields: fields,
        hasPassword: fields.some(function (x) { return x.type === "password"; })
      });
    }
    var loose = document.querySelectorAll("input:not(form input)").length;
    args.completionFunction({ url: document.location.pathname.split("/").pop(), forms: forms, inputsOutsideForms: loose });
  }

  setValue(el, value) {
    el.focus();
    el.value = value;
    ["input", "change"].forEach(function (type) { el.dispatchEvent(new Event(type, { bubbles: true })); });
    el.blur();
  }

  finalize(args) {
    var user = document.querySelector('input[autocomplete="username"], input[type="email"], input[name*="user" i], input[type="text"]');
    var pass = document.querySelector('input[type="password"]');
    if (user) { this.setValue(user, args.username); user.setAttribute("data-filled", "username"); }
    if (pass) { this.setValue(pass, args.password); pass.setAttribute("data-filled", "password"); }
  }
}

var ExtensionPreprocessingJS = new FormCollector();
