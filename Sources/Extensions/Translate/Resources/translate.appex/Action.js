// webaction translate — preprocessing JavaScript.
//
// run() cuts <title> and <body> into block-level segments the way Firefox's in-page translation does: each segment is
// the inline content of one block (a paragraph, a list item, a heading, a table cell), sent as HTML so that word order
// may change across inline tags. Inline elements travel as `<tag data-wa="N">…</tag>` (no attributes), void and
// untranslatable inline elements as `<wbr data-wa="N">` placeholders. The nodes themselves stay in this script's
// memory (on ExtensionPreprocessingJS), so finalize() puts translations back where they belong even if page scripts
// moved things around in between, and it reuses the original inline elements with their attributes.
var ExtensionPreprocessingJS = (function () {

  var SKIP = { SCRIPT: 1, STYLE: 1, NOSCRIPT: 1, TEMPLATE: 1, CODE: 1, PRE: 1, KBD: 1, SAMP: 1, VAR: 1,
               TEXTAREA: 1, SVG: 1, MATH: 1, IFRAME: 1, OBJECT: 1, EMBED: 1, CANVAS: 1, VIDEO: 1, AUDIO: 1,
               SELECT: 1, HEAD: 1 };
  var INLINE = { A: 1, ABBR: 1, B: 1, BDI: 1, BDO: 1, BIG: 1, CITE: 1, DATA: 1, DEL: 1, DFN: 1, EM: 1, FONT: 1,
                 I: 1, INS: 1, LABEL: 1, MARK: 1, Q: 1, S: 1, SMALL: 1, SPAN: 1, STRIKE: 1, STRONG: 1, SUB: 1,
                 SUP: 1, TIME: 1, TT: 1, U: 1 };
  // Inline elements whose content is not sent: they travel as a placeholder and come back untouched.
  var OPAQUE_INLINE = { BR: 1, IMG: 1, WBR: 1, INPUT: 1, BUTTON: 1, CODE: 1, KBD: 1, SAMP: 1, VAR: 1, SVG: 1,
                        MATH: 1, SELECT: 1, TEXTAREA: 1, SCRIPT: 1, STYLE: 1, NOSCRIPT: 1, IFRAME: 1, CANVAS: 1,
                        OBJECT: 1, EMBED: 1, AUDIO: 1, VIDEO: 1 };
  var ATTRIBUTES = [
    ["*", "title"], ["*", "aria-label"],
    ["IMG", "alt"], ["AREA", "alt"], ["INPUT[type=image]", "alt"],
    ["INPUT", "placeholder"], ["TEXTAREA", "placeholder"],
    ["INPUT[type=button]", "value"], ["INPUT[type=reset]", "value"],
    ["OPTION", "label"], ["OPTGROUP", "label"], ["TRACK", "label"]
  ];
  var META = { "description": 1, "keywords": 1, "og:title": 1, "og:description": 1 };
  // Inline elements that only style their words: without attributes, the native side may flatten them when the
  // engine damages a segment's markup (the first step of its fallback ladder), rather than leave the text untranslated.
  var FLATTENABLE = { B: 1, I: 1, EM: 1, STRONG: 1, SPAN: 1, U: 1, SMALL: 1, MARK: 1 };
  // Inline elements nested deeper than this inside one segment travel as placeholders and keep their content: the
  // segments sent stay shallow whatever the page, and no walk below recurses (a page 100,000 elements deep is fine).
  var MAX_INLINE_DEPTH = 32;

  function name(node) { return node.nodeName.toUpperCase(); }

  function isExcluded(element) {
    if (SKIP[name(element)]) return true;
    if (element.getAttribute("translate") === "no") return true;
    if ((" " + element.className + " ").indexOf(" notranslate ") >= 0) return true;
    var editable = element.getAttribute("contenteditable");
    return editable !== null && editable !== "false";
  }

  function isInline(node) {
    return node.nodeType === Node.TEXT_NODE || (node.nodeType === Node.ELEMENT_NODE && (INLINE[name(node)] || OPAQUE_INLINE[name(node)]));
  }

  function escapeText(text) {
    return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/\u00a0/g, "&nbsp;");
  }

  // True when some text below `nodes`, through inline elements that are not excluded, is not blank.
  function hasText(nodes) {
    var pending = Array.prototype.slice.call(nodes).reverse();
    while (pending.length) {
      var node = pending.pop();
      if (node.nodeType === Node.TEXT_NODE) { if (/\S/.test(node.data)) return true; }
      else if (node.nodeType === Node.ELEMENT_NODE && INLINE[name(node)] && !isExcluded(node)) {
        // Last child first onto the stack, so the first is looked at first, as a reader would.
        for (var child = node.lastChild; child; child = child.previousSibling) pending.push(child);
      }
    }
    return false;
  }

  // Whether each element's content is all inline, decided once per element during run() (the page does not
  // change meanwhile), so that nested inline elements are not walked again for each level.
  var inlineOnly = new Map();

  // True when every descendant that matters is inline: the element's content can be one segment.
  // Decides the inline elements below first, with a stack of (element, next child to look at).
  function onlyInline(element) {
    var elements = [element], cursors = [element.firstChild];
    while (elements.length) {
      var top = elements.length - 1, verdict = true, descend = null;
      for (var child = cursors[top]; child; child = child.nextSibling) {
        if (child.nodeType === Node.COMMENT_NODE) continue;
        if (!isInline(child)) { verdict = false; break; }
        if (child.nodeType !== Node.ELEMENT_NODE || !INLINE[name(child)] || isExcluded(child)) continue;
        if (!inlineOnly.has(child)) { descend = child; break; }
        if (!inlineOnly.get(child)) { verdict = false; break; }
      }
      if (descend) {
        cursors[top] = descend;
        elements.push(descend);
        cursors.push(descend.firstChild);
        continue;
      }
      inlineOnly.set(elements.pop(), verdict);
      cursors.pop();
    }
    return inlineOnly.get(element);
  }

  function Collector() {
    this.segments = [];     // {id, html, lang}
    this.places = [];       // id -> {nodes: [Node], parent: Element, inline: [Element], opaque: [Boolean]}
    this.attributes = [];   // {id, text, lang}
    this.attributePlaces = [];
    this.attributeNames = new Map();  // element -> {attribute name: true}, for those collected
    this.languages = new Map();       // element -> its language, for those looked up
  }

  // The element's (or a text node's parent's) language: its own lang attribute or its nearest ancestor's. Each
  // element walked is remembered, so nested segments do not walk the same ancestors again.
  Collector.prototype.languageOf = function (node) {
    var walked = [], lang = "";
    for (var element = node.nodeType === Node.ELEMENT_NODE ? node : node.parentNode; element && element.getAttribute; element = element.parentNode) {
      if (this.languages.has(element)) { lang = this.languages.get(element); break; }
      walked.push(element);
      var own = element.getAttribute("lang");
      if (own !== null && own !== "") { lang = own; break; }
    }
    for (var i = 0; i < walked.length; i++) this.languages.set(walked[i], lang);
    return lang;
  };

  // Serializes inline nodes, remembering each inline element by its placeholder number, and whether it travels
  // as a placeholder (opaque, excluded, or nested deeper than MAX_INLINE_DEPTH). The numbers of the elements that
  // may be flattened go into `flat`. A stack of (nodes, next index, end tag) replaces recursion.
  Collector.prototype.serialize = function (nodes, inline, opaque, flat) {
    var html = "";
    var frames = [{ nodes: nodes, next: 0, end: "" }];
    while (frames.length) {
      var frame = frames[frames.length - 1];
      if (frame.next >= frame.nodes.length) { html += frame.end; frames.pop(); continue; }
      var node = frame.nodes[frame.next++];
      if (node.nodeType === Node.TEXT_NODE) { html += escapeText(node.data); continue; }
      if (node.nodeType !== Node.ELEMENT_NODE) continue;
      var id = inline.length;
      inline.push(node);
      var placeholder = OPAQUE_INLINE[name(node)] || isExcluded(node) || frames.length > MAX_INLINE_DEPTH;
      opaque.push(!!placeholder);
      if (placeholder) { html += '<wbr data-wa="' + id + '">'; continue; }
      var tag = node.localName;
      if (FLATTENABLE[name(node)] && !node.hasAttributes()) flat.push(id);
      html += "<" + tag + ' data-wa="' + id + '">';
      frames.push({ nodes: node.childNodes, next: 0, end: "</" + tag + ">" });
    }
    return html;
  };

  // A run of links with only separators between them (a navigation bar, "Home | Travel | Contact us"): each link
  // is its own segment, so that the items keep their order and the separators their places.
  var LINK_SEPARATORS = /^[\s|·\/•–—,:;>»]*$/;
  function linkList(nodes) {
    var links = [];
    for (var i = 0; i < nodes.length; i++) {
      var node = nodes[i];
      if (node.nodeType === Node.ELEMENT_NODE && name(node) === "A") links.push(node);
      else if (node.nodeType === Node.TEXT_NODE) { if (!LINK_SEPARATORS.test(node.data)) return null; }
      else if (node.nodeType !== Node.COMMENT_NODE) return null;
    }
    return links.length >= 2 ? links : null;
  }

  Collector.prototype.add = function (parent, nodes) {
    if (!hasText(nodes)) return;
    var links = linkList(nodes);
    if (links) {
      for (var l = 0; l < links.length; l++) this.add(links[l], Array.prototype.slice.call(links[l].childNodes));
      return;
    }
    var inline = [], opaque = [], flat = [];
    var html = this.serialize(nodes, inline, opaque, flat);
    var id = this.segments.length;
    var segment = { id: String(id), html: html, lang: this.languageOf(parent) };
    if (flat.length) segment.flat = flat;
    this.segments.push(segment);
    this.places.push({ parent: parent, nodes: nodes.slice(), inline: inline, opaque: opaque });
  };

  // Walks an element: a block with only inline content is one segment; otherwise each run of inline children
  // between blocks is a segment and block children are walked in turn. A stack of blocks being walked replaces
  // recursion, so the depth of the page does not matter.
  Collector.prototype.walk = function (root) {
    var collector = this;
    // Starts on an element: null when it is done at once (excluded, or one segment).
    function enter(element) {
      if (isExcluded(element)) return null;
      collector.collectAttributes(element);
      if (onlyInline(element)) {
        collector.add(element, Array.prototype.slice.call(element.childNodes));
        collector.collectInlineAttributes(element);
        return null;
      }
      return { element: element, children: Array.prototype.slice.call(element.childNodes), next: 0, run: [] };
    }
    var blocks = [];
    var first = enter(root);
    if (first) blocks.push(first);
    while (blocks.length) {
      var block = blocks[blocks.length - 1];
      // One step past the last child flushes the last run.
      if (block.next > block.children.length) { blocks.pop(); continue; }
      var child = block.children[block.next++];
      if (child && (child.nodeType === Node.COMMENT_NODE || (isInline(child) && (child.nodeType === Node.TEXT_NODE || OPAQUE_INLINE[name(child)] || onlyInline(child))))) {
        if (child.nodeType !== Node.COMMENT_NODE) block.run.push(child);
        continue;
      }
      var run = block.run;
      if (run.length) {
        this.add(block.element, run);
        for (var j = 0; j < run.length; j++) if (run[j].nodeType === Node.ELEMENT_NODE) this.collectInlineAttributes(run[j], true);
        block.run = [];
      }
      if (child && child.nodeType === Node.ELEMENT_NODE) {
        var inner = enter(child);
        if (inner) blocks.push(inner);
      }
    }
  };

  Collector.prototype.collectInlineAttributes = function (element, includeSelf) {
    if (includeSelf) this.collectAttributes(element);
    var inner = element.querySelectorAll("*");
    for (var i = 0; i < inner.length; i++) this.collectAttributes(inner[i]);
  };

  Collector.prototype.collectAttributes = function (element) {
    if (!element.hasAttributes()) return;
    for (var i = 0; i < ATTRIBUTES.length; i++) {
      var rule = ATTRIBUTES[i];
      // The attribute first: it is usually absent, and a selector match costs far more than a lookup.
      var value = element.getAttribute(rule[1]);
      if (value === null || !/[A-Za-z\u00C0-\uFFFF]/.test(value)) continue;
      if (rule[0] !== "*" && !element.matches(rule[0].toLowerCase())) continue;
      this.addAttribute(element, rule[1], value);
    }
  };

  Collector.prototype.addAttribute = function (element, attribute, text) {
    var names = this.attributeNames.get(element);
    if (!names) { names = {}; this.attributeNames.set(element, names); }
    if (names[attribute]) return;
    names[attribute] = true;
    var id = this.attributes.length;
    this.attributes.push({ id: String(id), text: text, lang: this.languageOf(element) });
    this.attributePlaces.push({ element: element, attribute: attribute });
  };

  function pageLanguage() {
    var lang = document.documentElement && document.documentElement.getAttribute("lang");
    if (lang) return lang;
    var meta = document.querySelector('meta[http-equiv="content-language" i]');
    return meta ? (meta.getAttribute("content") || "").split(",")[0].trim() : "";
  }

  // Replaces placeholders in a parsed translation by the original elements, emptied and refilled with the
  // translated content. Returns false (and changes nothing) when the markup came back damaged. A `relaxed`
  // translation (flattened or plain text by the native side's fallback) may leave elements out: they go with the
  // original nodes, their words being in the translation.
  function restore(fragment, place, relaxed) {
    var inline = place.inline;
    var placeholders = fragment.querySelectorAll("[data-wa]");
    if (relaxed ? placeholders.length > inline.length : placeholders.length !== inline.length) return false;
    var seen = {};
    for (var i = 0; i < placeholders.length; i++) {
      var n = placeholders[i].getAttribute("data-wa");
      if (seen[n] || !inline[n] || placeholders[i].localName !== (place.opaque[n] ? "wbr" : inline[n].localName)) return false;
      seen[n] = true;
    }
    for (var k = 0; k < placeholders.length; k++) {
      var placeholder = placeholders[k];
      var original = inline[placeholder.getAttribute("data-wa")];
      if (placeholder.localName !== "wbr") {
        while (original.firstChild) original.removeChild(original.firstChild);
        while (placeholder.firstChild) original.appendChild(placeholder.firstChild);
      }
      placeholder.parentNode.replaceChild(original, placeholder);
    }
    return true;
  }

  // "812 segments: 790 translated, 12 with plain inline elements flattened, ..., 0 left untranslated".
  function summary(coverage, untranslated) {
    var parts = [coverage.translated + " translated"];
    if (coverage.flattened) parts.push(coverage.flattened + " with plain inline elements flattened");
    if (coverage.split) parts.push(coverage.split + " split at their inline elements");
    if (coverage.plainText) parts.push(coverage.plainText + " as plain text");
    parts.push(untranslated + " left untranslated");
    return coverage.sent + " segments: " + parts.join(", ");
  }

  return {
    run: function (arguments) {
      inlineOnly = new Map();
      var collector = new Collector();
      var title = document.querySelector("title");
      var titleId = null;
      if (title && /\S/.test(title.textContent)) {
        titleId = "title";
        collector.segments.push({ id: titleId, html: escapeText(title.textContent), lang: collector.languageOf(document.documentElement) });
        collector.places.push(null);
      }
      var metas = document.querySelectorAll("meta[name], meta[property]");
      for (var i = 0; i < metas.length; i++) {
        var key = (metas[i].getAttribute("name") || metas[i].getAttribute("property") || "").toLowerCase();
        if (META[key] && metas[i].getAttribute("content")) collector.addAttribute(metas[i], "content", metas[i].getAttribute("content"));
      }
      if (document.body) collector.walk(document.body);
      this.state = { collector: collector, titleId: titleId };
      arguments.completionFunction({
        url: document.URL,
        pageLanguage: pageLanguage(),
        segments: collector.segments,
        attributes: collector.attributes
      });
    },

    finalize: function (arguments) {
      var state = this.state;
      if (!state) return;
      var collector = state.collector;
      var translations = arguments["translations"] || {};
      var attributes = arguments["attributes"] || {};
      var relaxed = {};
      (arguments["relaxed"] || []).forEach(function (id) { relaxed[id] = true; });
      var damaged = 0;
      for (var id in translations) {
        if (id === state.titleId) { document.title = translations[id].replace(/<[^>]*>/g, ""); continue; }
        var place = collector.places[Number(id)];
        if (!place) continue;
        // Where the segment sits, taken before restore() moves the original inline elements into the translation.
        var parent = place.nodes[0].parentNode;
        var last = place.nodes[place.nodes.length - 1];
        if (!parent) continue;
        var next = last.parentNode === parent ? last.nextSibling : null;
        var template = document.createElement("template");
        template.innerHTML = translations[id];
        if (!restore(template.content, place, relaxed[id])) { damaged++; continue; }
        for (var k = 0; k < place.nodes.length; k++) {
          if (place.nodes[k].parentNode === parent) parent.removeChild(place.nodes[k]);
        }
        var nodes = Array.prototype.slice.call(template.content.childNodes);
        for (var j = 0; j < nodes.length; j++) parent.insertBefore(nodes[j], next);
      }
      for (var a in attributes) {
        var target = collector.attributePlaces[Number(a)];
        if (target) target.element.setAttribute(target.attribute, attributes[a]);
      }
      if (arguments["lang"] && document.documentElement) document.documentElement.setAttribute("lang", arguments["lang"]);
      if (arguments["note"]) console.info("translate: " + arguments["note"]);
      var coverage = arguments["coverage"];
      if (coverage) console.info("translate: " + summary(coverage, coverage.untranslated + damaged));
      damaged += arguments["damaged"] || 0;
      if (damaged > 0) console.warn("translate: " + damaged + " segment(s) or attribute(s) left untranslated: the engine damaged their markup and no fallback step translated them");
    }
  };
})();
