// Bookmarklet-style "search for the selection": the selected text, or the document title when nothing is
// selected, with the Selection API's own report of an empty selection.
var ExtensionPreprocessingJS = {
  run: function ({ completionFunction }) {
    var s = document.getSelection();
    var text = s ? s.toString() : "";
    completionFunction({
      query: text || document.title,
      fromSelection: text.length > 0,
      rangeCount: s.rangeCount,
      type: s.type,
      isCollapsed: s.isCollapsed,
      sameObject: s === window.getSelection(),
      activeElement: document.activeElement ? document.activeElement.tagName : "none",
      hasFocus: document.hasFocus()
    });
  },
  finalize: function () {}
};
