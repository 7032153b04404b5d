var ExtensionPreprocessingJS = {
  run: function (arguments) {
    // Forgets to call arguments.completionFunction.
    var title = document.title;
  },
  finalize: function (arguments) {}
};
