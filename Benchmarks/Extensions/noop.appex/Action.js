// Benchmark baseline extension: the host's fixed cost per page (load, window, run, finalize, serialize, write).
var ExtensionPreprocessingJS = {
  run: function (args) { args.completionFunction({}); },
  finalize: function (args) {}
};
