// Layout's price of entry (Scripts/bench page, row O): one geometry read, the body's border box, which lays out the
// whole page; issue 35's target is O at most 3× the no-op (row N). Everything else is the no-op's.
var ExtensionPreprocessingJS = {
  run: function (args) {
    var r = document.body ? document.body.getBoundingClientRect() : null;
    args.completionFunction({ height: r ? r.height : 0 });
  },
  finalize: function (args) {}
};
