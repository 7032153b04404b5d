// A form-automation action (shortcut-style "fill and press"): finalize() listens and dispatches focus,
// input, change, click and custom events, records their order in attributes, and cancels a submit.
var Automator = function () {};
Automator.prototype = {
  run: function (arguments) {
    arguments.completionFunction({ buttons: document.querySelectorAll("button, input[type=submit]").length, fields: document.querySelectorAll("input:not([type=hidden]), textarea").length });
  },
  finalize: function (arguments) {
    var order = [];
    var record = function (e) { order.push(e.type + "@" + (e.currentTarget.id || e.currentTarget.nodeName || "window") + (e.eventPhase === 2 ? "" : "." + e.eventPhase)); };
    ["click", "submit", "input", "change", "focus", "blur", "focusin", "webaction:filled"].forEach(function (t) {
      document.addEventListener(t, record, true);
      document.body.addEventListener(t, record);
    });
    document.addEventListener("submit", function (e) { e.preventDefault(); order.push("prevented:" + e.defaultPrevented); }, true);
    var field = document.querySelector("input:not([type=hidden]):not([type=submit]):not([type=checkbox]), textarea");
    if (field) {
      field.addEventListener("input", record);
      field.focus();
      field.value = arguments.text;
      field.dispatchEvent(new Event("input", { bubbles: true, composed: true }));
      field.dispatchEvent(new Event("change", { bubbles: true }));
      field.blur();
    }
    var box = document.querySelector("input[type=checkbox]");
    if (box) { box.click(); order.push("checked:" + box.checked); }
    var button = document.querySelector("form button, form input[type=submit]");
    if (button) button.click();
    var custom = new CustomEvent("webaction:filled", { detail: { count: 1 }, bubbles: true, cancelable: true });
    var notCancelled = document.body.dispatchEvent(custom);
    order.push("custom:" + notCancelled + ":" + custom.detail.count);
    document.body.setAttribute("data-event-order", order.join(" "));
  }
};
var ExtensionPreprocessingJS = new Automator;
