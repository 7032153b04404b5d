var ExtensionPreprocessingJS = {
  run: function (arguments) {
    arguments.completionFunction({ "title": document.title ;
  },
  finalize: function (arguments) {}
};
