// login-forms.js: a login-form collector of the kind password managers embed in pages (modelled on Bitwarden's
// autofill "collectPageDetails" and the older autofill.js collector it grew from), as a Safari Action extension's
// preprocessing script. Plain ES2017, no page script needed; run() hands back a property-list-compatible
// dictionary (strings, numbers, booleans, arrays and dictionaries only: never null or undefined).
//
// What it collects
//   forms:  every <form> of document.forms, in order: index, elementNumber, htmlID, htmlName, htmlAction (the
//           resolved form.action), htmlMethod (form.method), htmlClass, fieldCount (its listed fields).
//   fields: every input, select, textarea and button in document order (querySelectorAll), each with
//     elementNumber  its index among document.getElementsByTagName('*') (Bitwarden's opid "__N")
//     tagName, type (the IDL value: "text" for an unknown input type, "select-one", "textarea", "submit"...),
//     htmlName, htmlID, htmlClass, autocomplete (the attribute as written), form (index of el.form in
//     document.forms, -1 when none), placeholder, title, maxLength (-1 when unset), tabIndex,
//     disabled, readOnly, required, checked (checkbox/radio), hiddenAttr (the hidden attribute),
//     ariaHidden (aria-hidden on it or an ancestor), isPassword (type password), isHiddenInput (type hidden)
//     labelTag       text of the <label for=id> elements and the label it sits in, joined by a space
//     ariaLabel      its aria-label; ariaLabelledBy: the text of the elements aria-labelledby names
//     label          the first non-empty of labelTag, ariaLabel, ariaLabelledBy, placeholder, title
//     buttonText     a <button>'s text, or an input button's (submit, reset, button, image) value / alt
//     (texts are textContent with runs of white space made one space, trimmed: no layout involved)
//     visible        from computed style alone: the element and no ancestor has display:none, its computed
//                    visibility is "visible", its opacity times its ancestors' is at least 0.1, and it is not
//                    <input type=hidden>
//     viewable       Bitwarden's test that a user can see it: visible, and
//                    - its getBoundingClientRect() is at least 1x1 CSS px,
//                    - offsetParent is not null, or its computed position is fixed,
//                    - it is not clipped away (computed clip rect(0 0 0 0), or clip-path inset(50%)),
//                    - it lies inside the document (not wholly left of or above the origin, nor past
//                      the scroll width / height: the "left:-9999px" honeypot),
//                    - and it is not covered: document.elementFromPoint() at its centre is the element, an
//                      element inside it, or one of its labels (or inside one). When the centre is outside
//                      the viewport (below the fold) no hit test is possible: hit is "offscreen", and the
//                      field counts as viewable on the other tests alone.
//     hit            what the hit test found: "self", "descendant", "label", "covered:TAG#id.class",
//                    "offscreen", "none" (elementFromPoint gave nothing), "" (not tested: not visible or sized)
//     why            the first test that made viewable false ("" when viewable)
//     rect           {x, y, width, height} of getBoundingClientRect(), rounded to 1/100 px
//   url, title, viewport {width, height} (innerWidth, innerHeight), documentSize {width, height},
//   formCount, fieldCount, passwordCount, viewableCount, visibleCount.
var ExtensionPreprocessingJS = {
  run: function (args) {
    var result;
    try {
      result = collectPageDetails(document);
    } catch (e) {
      result = { error: String(e && e.message ? e.message : e) };
    }
    args.completionFunction(result);
  },
  finalize: function (args) {}
};

function text(node) {
  return node ? String(node.textContent || "").replace(/\s+/g, " ").trim() : "";
}

function attr(el, name) {
  var v = el.getAttribute(name);
  return v === null ? "" : String(v);
}

function round(n) {
  return typeof n === "number" && isFinite(n) ? Math.round(n * 100) / 100 : 0;
}

function labelTagText(el, doc) {
  var parts = [], seen = [];
  if (el.id) {
    var all = doc.getElementsByTagName("label");
    for (var i = 0; i < all.length; i++) {
      if (all[i].htmlFor === el.id && seen.indexOf(all[i]) < 0) { seen.push(all[i]); parts.push(text(all[i])); }
    }
  }
  for (var p = el.parentElement; p; p = p.parentElement) {
    if (p.tagName === "LABEL") {
      if (seen.indexOf(p) < 0) { seen.push(p); parts.push(text(p)); }
      break;
    }
  }
  return { text: parts.filter(function (s) { return s !== ""; }).join(" "), labels: seen };
}

function labelledByText(el, doc) {
  var ids = attr(el, "aria-labelledby").split(/\s+/), parts = [];
  for (var i = 0; i < ids.length; i++) {
    if (!ids[i]) continue;
    var t = doc.getElementById(ids[i]);
    if (t) parts.push(text(t));
  }
  return parts.filter(function (s) { return s !== ""; }).join(" ");
}

function styleVisible(el, win) {
  var style = win.getComputedStyle(el);
  if (!style) return { visible: false, why: "no computed style" };
  if (el.tagName === "INPUT" && String(el.type).toLowerCase() === "hidden") return { visible: false, why: "type hidden" };
  var opacity = 1;
  for (var n = el; n && n.nodeType === 1; n = n.parentElement) {
    var s = n === el ? style : win.getComputedStyle(n);
    if (!s) continue;
    if (s.display === "none") return { visible: false, why: n === el ? "display none" : "ancestor display none" };
    var o = parseFloat(s.opacity);
    if (!isNaN(o)) opacity *= o;
  }
  if (style.visibility !== "visible") return { visible: false, why: "visibility " + style.visibility };
  if (opacity < 0.1) return { visible: false, why: "opacity " + round(opacity) };
  return { visible: true, why: "" };
}

function describe(el) {
  var s = el.tagName.toLowerCase();
  if (el.id) s += "#" + el.id;
  var c = typeof el.className === "string" ? el.className.trim().split(/\s+/)[0] : "";
  if (c) s += "." + c;
  return s;
}

function hitTest(el, rect, labels, doc, win) {
  var x = rect.left + rect.width / 2, y = rect.top + rect.height / 2;
  if (x < 0 || y < 0 || x >= win.innerWidth || y >= win.innerHeight) return "offscreen";
  var hit = doc.elementFromPoint(x, y);
  if (!hit) return "none";
  if (hit === el) return "self";
  if (el.contains(hit)) return "descendant";
  for (var i = 0; i < labels.length; i++) {
    if (labels[i] === hit || labels[i].contains(hit)) return "label";
  }
  return "covered:" + describe(hit);
}

function clipped(style) {
  var clip = String(style.clip || "");
  if (/^rect\(\s*0(px)?[\s,]+0(px)?[\s,]+0(px)?[\s,]+0(px)?\s*\)$/.test(clip)) return true;
  var clipPath = String(style.clipPath || style.webkitClipPath || "");
  return /^inset\(\s*50%\s*\)$/.test(clipPath);
}

function collectPageDetails(doc) {
  var win = doc.defaultView || window;
  var all = doc.getElementsByTagName("*");
  var index = new Map();
  for (var i = 0; i < all.length; i++) index.set(all[i], i);
  var root = doc.documentElement, body = doc.body;
  var docWidth = Math.max(root ? root.scrollWidth : 0, body ? body.scrollWidth : 0);
  var docHeight = Math.max(root ? root.scrollHeight : 0, body ? body.scrollHeight : 0);
  var scrollX = win.pageXOffset || 0, scrollY = win.pageYOffset || 0;

  var forms = [];
  for (var f = 0; f < doc.forms.length; f++) {
    var form = doc.forms[f];
    forms.push({
      index: f,
      elementNumber: index.has(form) ? index.get(form) : -1,
      htmlID: attr(form, "id"),
      htmlName: attr(form, "name"),
      htmlAction: String(form.action || ""),
      htmlMethod: String(form.method || ""),
      htmlClass: attr(form, "class"),
      fieldCount: form.elements.length
    });
  }

  var fields = [], nodes = doc.querySelectorAll("input, select, textarea, button");
  var counts = { password: 0, viewable: 0, visible: 0 };
  for (var k = 0; k < nodes.length; k++) {
    var el = nodes[k], tag = el.tagName.toLowerCase();
    var type = String(el.type || (tag === "input" ? "text" : tag)).toLowerCase();
    var lt = labelTagText(el, doc);
    var ariaLabel = attr(el, "aria-label").replace(/\s+/g, " ").trim();
    var ariaLabelledBy = labelledByText(el, doc);
    var placeholder = attr(el, "placeholder"), title = attr(el, "title");
    var label = [lt.text, ariaLabel, ariaLabelledBy, placeholder.trim(), title.trim()].filter(function (s) { return s !== ""; })[0] || "";
    var ariaHidden = false;
    for (var a = el; a && a.nodeType === 1; a = a.parentElement) {
      if (attr(a, "aria-hidden") === "true") { ariaHidden = true; break; }
    }
    var vis = styleVisible(el, win);
    var rect = el.getBoundingClientRect();
    var style = win.getComputedStyle(el);
    var viewable = vis.visible, why = vis.why, hit = "";
    if (viewable && (rect.width < 1 || rect.height < 1)) { viewable = false; why = "size " + round(rect.width) + "x" + round(rect.height); }
    if (viewable && el.offsetParent === null && style.position !== "fixed") { viewable = false; why = "no offsetParent"; }
    if (viewable && clipped(style)) { viewable = false; why = "clipped"; }
    if (viewable) {
      var left = rect.left + scrollX, top = rect.top + scrollY;
      if (left + rect.width <= 0 || top + rect.height <= 0 || left >= docWidth || top >= docHeight) {
        viewable = false; why = "outside document";
      }
    }
    if (viewable) {
      hit = hitTest(el, rect, lt.labels, doc, win);
      if (hit.indexOf("covered:") === 0 || hit === "none") { viewable = false; why = "hit " + hit; }
    }
    var field = {
      elementNumber: index.has(el) ? index.get(el) : -1,
      tagName: tag,
      type: type,
      htmlName: attr(el, "name"),
      htmlID: attr(el, "id"),
      htmlClass: attr(el, "class"),
      autocomplete: attr(el, "autocomplete"),
      form: el.form ? Array.prototype.indexOf.call(doc.forms, el.form) : -1,
      placeholder: placeholder,
      title: title,
      maxLength: typeof el.maxLength === "number" ? el.maxLength : -1,
      tabIndex: typeof el.tabIndex === "number" ? el.tabIndex : 0,
      disabled: !!el.disabled,
      readOnly: !!el.readOnly,
      required: !!el.required,
      checked: (type === "checkbox" || type === "radio") ? !!el.checked : false,
      hiddenAttr: el.hasAttribute("hidden"),
      ariaHidden: ariaHidden,
      isPassword: type === "password",
      isHiddenInput: tag === "input" && type === "hidden",
      labelTag: lt.text,
      ariaLabel: ariaLabel,
      ariaLabelledBy: ariaLabelledBy,
      label: label,
      buttonText: tag === "button" ? text(el) :
        (tag === "input" && /^(submit|reset|button|image)$/.test(type) ? String(type === "image" ? attr(el, "alt") : el.value || "").replace(/\s+/g, " ").trim() : ""),
      visible: vis.visible,
      viewable: viewable,
      hit: hit,
      why: viewable ? "" : why,
      rect: { x: round(rect.left), y: round(rect.top), width: round(rect.width), height: round(rect.height) }
    };
    if (field.isPassword) counts.password++;
    if (field.viewable) counts.viewable++;
    if (field.visible) counts.visible++;
    fields.push(field);
  }
  return {
    url: String(doc.URL || ""),
    title: String(doc.title || ""),
    viewport: { width: win.innerWidth, height: win.innerHeight },
    documentSize: { width: docWidth, height: docHeight },
    formCount: forms.length,
    fieldCount: fields.length,
    passwordCount: counts.password,
    viewableCount: counts.viewable,
    visibleCount: counts.visible,
    forms: forms,
    fields: fields
  };
}
