// What a careless extension hands back: null, undefined, NaN, Infinity, a Date, negative zero, nested empty
// values. Real extensions do this; the host must not crash, and what it keeps is a choice.
var ExtensionPreprocessingJS = {
  run: function (args) {
    var firstImage = document.querySelector("img");
    args.completionFunction({
      title: document.title,
      missingMeta: document.querySelector('meta[name="no-such-meta"]'),
      maybeAlt: firstImage ? firstImage.getAttribute("alt") : null,
      undefinedValue: undefined,
      notANumber: parseInt("x", 10),
      infinite: 1 / 0,
      negativeZero: -0,
      big: 12345678901234567890,
      fraction: 0.1 + 0.2,
      date: new Date(Date.UTC(2024, 0, 2, 3, 4, 5)),
      list: [1, null, "two", undefined, [], {}],
      nested: { empty: "", zero: 0, no: false, none: null }
    });
  },
  finalize: function (args) {}
};
