// Layout's cost (Scripts/bench page, row G): what a password manager's or read-later app's visibility heuristic
// reads — every element's getBoundingClientRect and offsetParent, then elementFromPoint at 50 points of the
// viewport (5 columns × 10 rows), as Tests/webactionTests/Fixtures/layout/geometry.js does for the layout report.
var ExtensionPreprocessingJS = {
  run: function (args) {
    var all = document.getElementsByTagName("*");
    var empty = 0, positioned = 0, area = 0;
    for (var i = 0; i < all.length; i++) {
      var r = all[i].getBoundingClientRect();
      if (r.width * r.height === 0) empty++; else area += r.width * r.height;
      if (all[i].offsetParent) positioned++;
    }
    var hits = 0;
    for (var row = 0; row < 10; row++) {
      for (var column = 0; column < 5; column++) {
        if (document.elementFromPoint((column + 0.5) * innerWidth / 5, (row + 0.5) * innerHeight / 10)) hits++;
      }
    }
    args.completionFunction({ elements: all.length, empty: empty, withOffsetParent: positioned, area: area, hits: hits });
  },
  finalize: function (args) {}
};
