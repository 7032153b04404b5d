// A word-count/reading-time action: innerText (what a person sees) against textContent (everything).
var ExtensionPreprocessingJS = {
  run: function (args) {
    var seen = document.body.innerText;
    var all = document.body.textContent;
    function count(s) { var m = s.match(/\S+/g); return m ? m.length : 0; }
    args.completionFunction({
      innerTextWords: count(seen), textContentWords: count(all),
      innerTextLines: seen.split("\n").length,
      innerTextStart: seen.slice(0, 300),
      characters: seen.replace(/\s/g, "").length,
      titleWords: count(document.title)
    });
  },
  finalize: function (args) {}
};
