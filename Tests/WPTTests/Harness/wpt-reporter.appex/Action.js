// The WPT runner's reporter: hands the harness's results (kept by Harness/resources/testharnessreport.js) to the host.
// The page's timers have run by now (the runner gives --page-timers longer than the harness timeout), so the harness
// is complete unless the page never loaded it, or something held it past its timeout.
var ExtensionPreprocessingJS = {
  run: function (arguments) {
    var report = self.__webactionWPTReport;
    if (!report) {
      arguments.completionFunction({ complete: false, status: -1, message: "testharness.js did not load", stack: "", tests: [] });
      return;
    }
    arguments.completionFunction({
      complete: report.complete, status: report.status, message: report.message, stack: report.stack,
      tests: report.tests.map(function (t) { return { name: t.name, status: t.status, message: t.message }; }),
    });
  },
  finalize: function (arguments) {},
};
