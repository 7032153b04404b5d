var ExtensionPreprocessingJS = {
  run: function (arguments) {
    while (true) {}
  },
  finalize: function (arguments) {}
};
