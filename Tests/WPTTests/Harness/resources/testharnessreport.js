// webaction's WPT runner serves this file in place of the suite's resources/testharnessreport.js (as wptrunner does):
// it is found first because Tests/WPTTests/Harness comes before the WPT folder in --subresources.
// It keeps the harness's results for the reporter extension (wpt-reporter.appex), turns the HTML log off (it only
// costs time here) and halves the harness timeout (5 s, 30 s for <meta name=timeout content=long>).
(function () {
  "use strict";
  var timers = [];
  var nativeSetTimeout = self.setTimeout, nativeSetInterval = self.setInterval;
  // Track the page's timers, so a test that leaves an interval running does not hold the page open once the harness
  // is done (the host runs page timers until none is left, or until --page-timers).
  self.setTimeout = function setTimeout() {
    var id = nativeSetTimeout.apply(this, arguments);
    timers.push(id);
    return id;
  };
  self.setInterval = function setInterval() {
    var id = nativeSetInterval.apply(this, arguments);
    timers.push(id);
    return id;
  };
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
    timers.forEach(function (id) { clearTimeout(id); });
  });
})();
