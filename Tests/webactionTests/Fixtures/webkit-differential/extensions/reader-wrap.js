// A reader view that restyles the page in place: finalize() moves the body's children into a wrapper,
// puts a toolbar above it and a style sheet in the head.
var ReaderView = function () {};
ReaderView.prototype = {
  run: function (arguments) {
    arguments.completionFunction({ childCount: document.body.children.length, hasArticle: !!document.querySelector("article") });
  },
  finalize: function (arguments) {
    var wrapper = document.createElement("div");
    wrapper.id = "reader-wrapper";
    wrapper.className = "reader " + (arguments.theme || "light");
    while (document.body.firstChild) wrapper.appendChild(document.body.firstChild);
    var bar = document.createElement("header");
    bar.setAttribute("role", "toolbar");
    bar.innerHTML = '<button type="button" data-action="close">Close</button> <span class="reader-title"></span>';
    bar.querySelector(".reader-title").textContent = document.title;
    document.body.appendChild(bar);
    document.body.appendChild(wrapper);
    var style = document.createElement("style");
    style.textContent = "#reader-wrapper { max-width: 38em; margin: 0 auto; font: 19px/1.5 Georgia, serif; }";
    document.head.appendChild(style);
    document.body.setAttribute("data-reader", "on");
  }
};
var ExtensionPreprocessingJS = new ReaderView;
