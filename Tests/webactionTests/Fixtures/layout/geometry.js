// Layout geometry of a page, for comparing webaction's layout with real WebKit's (issue 35; Scripts/layout-report,
// references from make-references.sh). Plain ES2017, no modules. The result crosses a property list in
// webaction, which has no null: every "nothing" below is -1 (or false where -1 could be a real value).
//
// Result (every number rounded to 0.01):
//   {
//     v: 1,                          schema version
//     w: innerWidth, h: innerHeight,
//     sx: scrollX, sy: scrollY,
//     sw: documentElement.scrollWidth, sh: documentElement.scrollHeight,
//     n: number of elements,
//     keys: ["tag", "x", ...],       the names of the columns of e, in order (as below)
//     e: [[tag, x, y, width, height, op, ol, ot, ow, oh, cw, ch, display, visibility, position, lh, fs, pa, label],
//         ...]
//          one row per element of document.getElementsByTagName('*'), in document order; an element's id is its
//          index in that list (and in e).
//          tag                      localName, lowercase
//          x, y, width, height      getBoundingClientRect()
//          op                       index of offsetParent, -1 when it is null (-2: not in the list)
//          ol, ot, ow, oh           offsetLeft, offsetTop, offsetWidth, offsetHeight
//          cw, ch                   clientWidth, clientHeight
//          display, visibility, position   getComputedStyle() values, strings
//          lh                       computed line-height in px; -1 when it is 'normal'
//          fs                       computed font-size in px
//          pa                       index of parentElement, -1 for the root
//          label                    "#id", else ".class.class" (the class attribute), else ""; at most 40
//                                   characters: to name the element in a report
//        A number the engine did not give (undefined, NaN, a throw) is false.
//     pts: [x0, y0, x1, y1, ...]     the 50 probe points: 5 columns x 10 rows, cell centres of a 390x844 grid
//                                    (fixed, whatever the viewport)
//     hit: [i0, i1, ...]             index of document.elementFromPoint(x, y) per point; -1 for null
//                                    (-2: not in the list; false: elementFromPoint threw or is missing)
//     errors: ["...", ...]           present only when some part threw
//   }
var ExtensionPreprocessingJS = {
  run: function (arguments) {
    var errors = [];
    function num(v) {
      if (typeof v !== "number" || !isFinite(v)) return false;
      var r = Math.round(v * 100) / 100;
      return r === 0 ? 0 : r; // no -0
    }
    function px(text) {
      if (typeof text !== "string") return false;
      if (text === "normal") return -1;
      return num(parseFloat(text));
    }
    function str(v) { return typeof v === "string" ? v : String(v); }
    function label(el) {
      var text = "";
      try {
        var id = el.getAttribute("id"), cls = el.getAttribute("class");
        if (id) text = "#" + id;
        else if (cls && cls.trim()) text = "." + cls.trim().split(/\s+/).join(".");
      } catch (e) { note("label", e); }
      return text.length > 40 ? text.slice(0, 39) + "\u2026" : text;
    }
    function note(what, e) { if (errors.length < 20) errors.push(what + ": " + str(e && e.message || e)); }

    var list = document.getElementsByTagName("*");
    var elements = [], index = new Map();
    for (var i = 0; i < list.length; i++) { elements.push(list[i]); index.set(list[i], i); }
    function indexOf(el) {
      if (el === null || el === undefined) return -1;
      var k = index.get(el);
      if (k !== undefined) return k;
      k = elements.indexOf(el); // wrappers that are not identical objects
      return k >= 0 ? k : -2;
    }

    var rows = [];
    for (var j = 0; j < elements.length; j++) {
      var el = elements[j], row = [str(el.localName)];
      try {
        var r = el.getBoundingClientRect();
        row.push(num(r.x), num(r.y), num(r.width), num(r.height));
      } catch (e) { note("getBoundingClientRect", e); row.push(false, false, false, false); }
      try { row.push(indexOf(el.offsetParent)); } catch (e) { note("offsetParent", e); row.push(false); }
      var names = ["offsetLeft", "offsetTop", "offsetWidth", "offsetHeight", "clientWidth", "clientHeight"];
      for (var m = 0; m < names.length; m++) {
        try { row.push(num(el[names[m]])); } catch (e) { note(names[m], e); row.push(false); }
      }
      try {
        var s = getComputedStyle(el);
        row.push(str(s.display), str(s.visibility), str(s.position), px(s.lineHeight), px(s.fontSize));
      } catch (e) { note("getComputedStyle", e); row.push("", "", "", false, false); }
      try { row.push(indexOf(el.parentElement)); } catch (e) { note("parentElement", e); row.push(false); }
      row.push(label(el));
      rows.push(row);
    }

    var pts = [], hit = [];
    for (var rowi = 0; rowi < 10; rowi++) {
      for (var col = 0; col < 5; col++) {
        var x = num((col + 0.5) * 390 / 5), y = num((rowi + 0.5) * 844 / 10);
        pts.push(x, y);
        try { hit.push(indexOf(document.elementFromPoint(x, y))); } catch (e) { note("elementFromPoint", e); hit.push(false); }
      }
    }

    var result = {
      v: 1,
      w: num(window.innerWidth), h: num(window.innerHeight),
      sx: num(window.scrollX), sy: num(window.scrollY),
      sw: false, sh: false,
      n: elements.length,
      keys: ["tag", "x", "y", "width", "height", "op", "ol", "ot", "ow", "oh", "cw", "ch",
             "display", "visibility", "position", "lh", "fs", "pa", "label"],
      e: rows, pts: pts, hit: hit
    };
    try {
      result.sw = num(document.documentElement.scrollWidth);
      result.sh = num(document.documentElement.scrollHeight);
    } catch (e) { note("scrollWidth", e); }
    if (errors.length) result.errors = errors;
    arguments.completionFunction(result);
  },
  finalize: function (arguments) {}
};
