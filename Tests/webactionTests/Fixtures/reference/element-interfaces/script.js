// The interface of the element each tag name creates, in an HTML document: document.createElement(tag) and the
// parser (innerHTML) must agree. The same file runs in Chromium (Scripts/chromium-reference) and in webaction.
(function () {
  var tags = [
    // The HTML spec's element index, with the obsolete elements it still defines.
    "a", "abbr", "acronym", "address", "applet", "area", "article", "aside", "audio", "b", "base", "basefont", "bdi",
    "bdo", "bgsound", "big", "blink", "blockquote", "body", "br", "button", "canvas", "caption", "center", "cite",
    "code", "col", "colgroup", "data", "datalist", "dd", "del", "details", "dfn", "dialog", "dir", "div", "dl", "dt",
    "em", "embed", "fieldset", "figcaption", "figure", "font", "footer", "form", "frame", "frameset", "h1", "h2",
    "h3", "h4", "h5", "h6", "head", "header", "hgroup", "hr", "html", "i", "iframe", "image", "img", "input", "ins",
    "isindex", "kbd", "keygen", "label", "legend", "li", "link", "listing", "main", "map", "mark", "marquee", "menu",
    "menuitem", "meta", "meter", "multicol", "nav", "nextid", "nobr", "noembed", "noframes", "noscript", "object",
    "ol", "optgroup", "option", "output", "p", "param", "picture", "plaintext", "pre", "progress", "q", "rb", "rp",
    "rt", "rtc", "ruby", "s", "samp", "script", "search", "section", "select", "slot", "small", "source", "spacer",
    "span", "strike", "strong", "style", "sub", "summary", "sup", "table", "tbody", "td", "template", "textarea",
    "tfoot", "th", "thead", "time", "title", "tr", "track", "tt", "u", "ul", "var", "video", "wbr", "xmp",
    // Unknown names, valid custom-element names, and names that only look like them.
    "foo", "blah", "x-foo", "my-element", "a-", "font-face", "annotation-xml", "Upper-Case", "x-", "i-\u00e9",
  ];
  var result = {};
  tags.forEach(function (tag) {
    var created = document.createElement(tag).constructor.name;
    var holder = document.createElement("div");
    holder.innerHTML = "<" + tag + "></" + tag + ">";
    var parsed = holder.firstChild && holder.firstChild.nodeType === 1 ? holder.firstChild.constructor.name : null;
    result[tag] = created === parsed || parsed === null ? created : created + " / parsed: " + parsed;
  });
  return result;
})()
