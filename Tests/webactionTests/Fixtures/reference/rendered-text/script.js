// Runs the cases of cases.js (loaded first): each replaces the <html> element's content, then reads its value.
(function () {
  var result = {};
  CASES.forEach(function (c) {
    document.documentElement.innerHTML = c.html;
    var value;
    try { value = String(c.probe()); } catch (e) { value = "threw " + e.name + ": " + e.message; }
    if (result[c.name] !== undefined) throw new Error("two cases named " + c.name);
    result[c.name] = value;
  });
  return result;
})()
