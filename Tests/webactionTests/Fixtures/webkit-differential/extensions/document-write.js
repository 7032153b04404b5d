// A "simplify page" action that replaces the whole document with document.open/write/close, keeping the
// title and the first heading (as several print-friendly and reader bookmarklets do).
var Simplify = function () {};
Simplify.prototype.run = function (a) {
  a.completionFunction({ title: document.title, readyState: document.readyState });
};
Simplify.prototype.finalize = function (a) {
  var title = document.title;
  var h1 = document.querySelector("h1");
  var heading = h1 ? h1.textContent.trim() : title;
  var count = document.getElementsByTagName("p").length;
  document.open();
  document.write("<!DOCTYPE html><html lang='" + (a.lang || "en") + "'><head><meta charset='utf-8'><title>");
  document.write(title.replace(/&/g, "&amp;").replace(/</g, "&lt;") + "</title></head><body class='simplified'>");
  document.write("<h1>" + heading.replace(/&/g, "&amp;").replace(/</g, "&lt;") + "</h1><p>" + count + " paragraphs were here.</p>");
  document.writeln("<p>" + a.note + "</p>");
  document.write("</body></html>");
  document.close();
};
var ExtensionPreprocessingJS = new Simplify();
