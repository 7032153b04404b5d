var ExtensionPreprocessingJS = {
  run: function (arguments) { arguments.completionFunction({}); },
  finalize: function (arguments) {}
};
