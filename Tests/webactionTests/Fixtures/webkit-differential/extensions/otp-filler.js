// One-time-code filler: finds the code field (autocomplete=one-time-code, or a short numeric field whose
// name or label says code/otp/2fa), and types the code the app copied, firing keyboard and input events.
const ExtensionPreprocessingJS = {
  findField: () => {
    const byHint = document.querySelector('input[autocomplete="one-time-code"]');
    if (byHint) return byHint;
    return Array.from(document.querySelectorAll("input")).find((el) =>
      /otp|code|2fa|token|totp/i.test(el.name + " " + el.id + " " + Array.from(el.labels || []).map((l) => l.textContent).join(" "))) || null;
  },
  run: (args) => {
    const field = ExtensionPreprocessingJS.findField();
    args.completionFunction(field ? {
      found: true, name: field.name, maxLength: field.maxLength, inputMode: field.inputMode || "",
      pattern: field.pattern, labels: Array.from(field.labels || []).map((l) => l.textContent.trim()),
    } : { found: false, inputs: document.getElementsByTagName("input").length });
  },
  finalize: (args) => {
    const field = ExtensionPreprocessingJS.findField();
    const log = [];
    if (!field) { document.documentElement.setAttribute("data-otp", "no field"); return; }
    ["keydown", "keypress", "input", "keyup", "change"].forEach((t) => field.addEventListener(t, (e) => log.push(e.type + ":" + e.isTrusted)));
    field.value = "";
    for (const ch of args.code) {
      field.dispatchEvent(new KeyboardEvent("keydown", { key: ch, bubbles: true }));
      field.dispatchEvent(new KeyboardEvent("keypress", { key: ch, bubbles: true }));
      field.value += ch;
      field.dispatchEvent(new InputEvent("input", { data: ch, inputType: "insertText", bubbles: true }));
      field.dispatchEvent(new KeyboardEvent("keyup", { key: ch, bubbles: true }));
    }
    field.dispatchEvent(new Event("change", { bubbles: true }));
    field.setAttribute("data-otp-events", log.join(" "));
    field.setAttribute("data-otp-value", field.value);
  },
};
