var ExtensionPreprocessingJS = {
  run: function (arguments) {
    var links = Array.prototype.map.call(document.querySelectorAll("a[href]"), function (a) { return a.href; });
    arguments.completionFunction({ "title": document.title, "links": links });
  },
  finalize: function (arguments) {
    document.body.insertAdjacentHTML("afterbegin", "<p>" + arguments["summary"] + "</p>");
  }
};
