// webaction's WPT runner serves this file in place of the suite's resources/testharnessreport.js (as wptrunner does):
// it is found first because Tests/WPTTests/Harness comes before the WPT folder in --subresources.
// It keeps the harness's results for the reporter extension (wpt-reporter.appex), turns the HTML log off (it only
// costs time here) and halves the harness timeout (5 s, 30 s for <meta name=timeout content=long>).
(function () {
  "use strict";
  var text = function (value) { return value === null || value === undefined ? "" : String(value); };
  var report = { complete: false, status: -1, message: "", stack: "", tests: [] };
  Object.defineProperty(self, "__webactionWPTReport", { value: report, enumerable: false });
  setup({ output: false, timeout_multiplier: 0.5 });
  add_result_callback(function (test) {
    report.tests.push({ name: text(test.name), status: test.status, message: text(test.message) });
  });
  add_completion_callback(function (tests, status) {
    report.complete = true;
    report.status = status.status;
    report.message = text(status.message);
    report.stack = text(status.stack);
    report.tests = tests.map(function (test) {
      return { name: text(test.name), status: test.status, message: text(test.message) };
    });
    // Nothing the page has pending matters now: clear every timer, and schedule no more (a harness that completed on
    // an error during parsing re-arms its timeout when a later script calls setup()), so the host, which runs page
    // timers until none is left, is done at once. Timer ids count up from 1; the newest tells how far.
    var newest = setTimeout(function () {}, 0);
    for (var id = 1; id <= newest; id++) clearTimeout(id);
    self.setTimeout = self.setInterval = function () { return 0; };
  });
})();
