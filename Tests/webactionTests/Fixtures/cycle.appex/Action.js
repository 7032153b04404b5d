var ExtensionPreprocessingJS = {
  run: function (arguments) {
    var page = { "title": document.title, "links": [] };
    page.links.push({ "href": "/", "page": page });
    arguments.completionFunction(page);
  },
  finalize: function (arguments) {}
};
