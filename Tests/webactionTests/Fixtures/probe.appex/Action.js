// Reports what a script sees of the page, waiting a timer and a promise first; finalize marks the body.
var ExtensionPreprocessingJS = {
  run: function (arguments) {
    var completion = arguments.completionFunction;  // `arguments` inside the callbacks below is their own.
    setTimeout(function () {
      Promise.resolve().then(function () {
        completion({
          "characterSet": document.characterSet,
          "url": document.URL,
          "baseURI": document.baseURI,
          "title": document.title,
          "selection": window.getSelection().toString(),
          "userAgent": navigator.userAgent,
          "paragraphs": document.querySelectorAll("p").length,
          "integer": 42, "real": 1.5, "flag": true, "nothing": null, "skipped": undefined,
          "when": new Date(Date.UTC(2026, 0, 2, 3, 4, 5)),
          "bytes": new Uint8Array([104, 105])
        });
      });
    }, 20);
  },
  finalize: function (arguments) {
    document.body.setAttribute("data-finalized", arguments["mark"]);
    console.log("finalized with " + arguments["mark"]);
  }
};
