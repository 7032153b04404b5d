// A note-taking app's "clip quote": with no selection made by the person, it selects the first real
// paragraph itself (a Range through the Selection API), then reports what is selected.
var Clipper = function() {};
Clipper.prototype = {
  run: function(arguments) {
    var selection = window.getSelection();
    var before = { text: selection.toString(), rangeCount: selection.rangeCount, type: selection.type };
    var p = Array.prototype.find.call(document.querySelectorAll("p"), function (x) { return x.textContent.trim().length > 40; });
    var after = {};
    if (p) {
      var range = document.createRange();
      range.selectNodeContents(p);
      selection.removeAllRanges();
      selection.addRange(range);
      var r = selection.getRangeAt(0);
      after = {
        text: selection.toString().replace(/\s+/g, " ").trim().slice(0, 300),
        rangeCount: selection.rangeCount,
        type: selection.type,
        isCollapsed: selection.isCollapsed,
        anchor: selection.anchorNode.nodeName,
        anchorOffset: selection.anchorOffset,
        focusOffset: selection.focusOffset,
        common: r.commonAncestorContainer.nodeName,
        fragmentChildren: r.cloneContents().childNodes.length
      };
    }
    arguments.completionFunction({ before: before, after: after });
  },
  finalize: function(arguments) {
    var sel = window.getSelection();
    if (sel.rangeCount) {
      var mark = document.createElement("mark");
      mark.className = "clipped";
      try { sel.getRangeAt(0).surroundContents(mark); } catch (e) { document.body.setAttribute("data-clip-error", e.name); }
      sel.removeAllRanges();
    }
  }
};
var ExtensionPreprocessingJS = new Clipper;
