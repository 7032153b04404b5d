// The native side sends back processed HTML (a translator, a summariser) and finalize() puts it in place
// with innerHTML, then appends a notice with insertAdjacentHTML.
var ExtensionPreprocessingJS = {
  run: function (args) {
    args.completionFunction({ html: document.body.innerHTML.length, text: document.body.textContent.length });
  },
  finalize: function (args) {
    document.body.innerHTML = args.html;
    document.body.insertAdjacentHTML("beforeend", args.notice);
    document.body.insertAdjacentHTML("afterbegin", "<!-- replaced -->");
    document.title = args.title;
  }
};
