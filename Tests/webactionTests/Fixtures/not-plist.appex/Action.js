var ExtensionPreprocessingJS = {
  run: function (arguments) {
    arguments.completionFunction({ "items": ["a", "b", "c", { "node": document.body }] });
  },
  finalize: function (arguments) {}
};
