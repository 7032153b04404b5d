// The style engine's cost (Scripts/bench page, row R): what a reader or word counter does with the cascade,
// `document.body.innerText`, then the computed display, visibility, font size and margins of every element, as
// a visibility heuristic reads them.
var ExtensionPreprocessingJS = {
  run: function (args) {
    var text = document.body ? document.body.innerText : "";
    var shown = 0, pixels = 0;
    var all = document.getElementsByTagName("*");
    for (var i = 0; i < all.length; i++) {
      var style = getComputedStyle(all[i]);
      if (style.display !== "none" && style.visibility === "visible") shown++;
      pixels += parseFloat(style.fontSize) + parseFloat(style.marginTop) || 0;
    }
    args.completionFunction({ characters: text.length, shown: shown, pixels: pixels });
  },
  finalize: function (args) {}
};
