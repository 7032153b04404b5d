var ExtensionPreprocessingJS = {
  run: function (arguments) {
    var missing = document.getElementById("no-such-element");
    arguments.completionFunction({ "text": missing.textContent });
  },
  finalize: function (arguments) {}
};
