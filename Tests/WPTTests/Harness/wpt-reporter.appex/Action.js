// The WPT runner's reporter: hands the harness's results (kept by Harness/resources/testharnessreport.js) to the host.
// The page's timers have run by now (the runner gives --page-timers longer than the harness timeout), so the harness
// is complete unless the page never loaded it, or something held it past its timeout.
//
// The extension runs in a world of its own, as in Safari: the harness's global (self.__webactionWPTReport) is the
// page's. So, as shipping extensions do, it inserts a script, which runs in the page's world at once, to copy the
// report into the DOM both worlds share.
var ExtensionPreprocessingJS = {
  run: function (arguments) {
    var root = document.documentElement;
    var key = "data-webaction-wpt-report";
    var script = document.createElementNS("http://www.w3.org/1999/xhtml", "script");
    script.textContent = "(function () { var r = self.__webactionWPTReport; document.documentElement.setAttribute('" + key +
      "', JSON.stringify(r ? { complete: r.complete, status: r.status, message: r.message, stack: r.stack, " +
      "tests: r.tests.map(function (t) { return { name: t.name, status: t.status, message: t.message }; }) } : null)); })();";
    root.appendChild(script);
    root.removeChild(script);
    var report = JSON.parse(root.getAttribute(key) || "null");
    root.removeAttribute(key);
    if (!report) {
      arguments.completionFunction({ complete: false, status: -1, message: "testharness.js did not load", stack: "", tests: [] });
      return;
    }
    arguments.completionFunction(report);
  },
  finalize: function (arguments) {},
};
