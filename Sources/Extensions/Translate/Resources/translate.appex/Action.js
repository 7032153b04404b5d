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

  function hasText(nodes) {
    for (var i = 0; i < nodes.length; i++) {
      var node = nodes[i];
      if (node.nodeType === Node.TEXT_NODE) { if (/\S/.test(node.data)) return true; }
      else if (node.nodeType === Node.ELEMENT_NODE && INLINE[name(node)] && !isExcluded(node) && hasText(node.childNodes)) return true;
    }
    return false;
  }

  // True when every descendant that matters is inline: the element's content can be one segment.
  function onlyInline(element) {
    var children = element.childNodes;
    for (var i = 0; i < children.length; i++) {
      var child = children[i];
      if (child.nodeType === Node.COMMENT_NODE) continue;
      if (!isInline(child)) return false;
      if (child.nodeType === Node.ELEMENT_NODE && INLINE[name(child)] && !isExcluded(child) && !onlyInline(child)) return false;
    }
    return true;
  }

  function Collector() {
    this.segments = [];     // {id, html, lang}
    this.places = [];       // id -> {nodes: [Node], parent: Element, inline: [Element]}
    this.attributes = [];   // {id, text, lang}
    this.attributePlaces = [];
  }

  Collector.prototype.languageOf = function (node) {
    for (var element = node.nodeType === Node.ELEMENT_NODE ? node : node.parentNode; element && element.getAttribute; element = element.parentNode) {
      var lang = element.getAttribute("lang");
      if (lang !== null && lang !== "") return lang;
    }
    return "";
  };

  // Serializes inline nodes, remembering each inline element by its placeholder number.
  Collector.prototype.serialize = function (nodes, inline) {
    var html = "";
    for (var i = 0; i < nodes.length; i++) {
      var node = nodes[i];
      if (node.nodeType === Node.TEXT_NODE) { html += escapeText(node.data); continue; }
      if (node.nodeType !== Node.ELEMENT_NODE) continue;
      var id = inline.length;
      inline.push(node);
      if (OPAQUE_INLINE[name(node)] || isExcluded(node)) { html += '<wbr data-wa="' + id + '">'; continue; }
      var tag = node.localName;
      html += "<" + tag + ' data-wa="' + id + '">' + this.serialize(node.childNodes, inline) + "</" + tag + ">";
    }
    return html;
  };

  Collector.prototype.add = function (parent, nodes) {
    if (!hasText(nodes)) return;
    var inline = [];
    var html = this.serialize(nodes, inline);
    var id = this.segments.length;
    this.segments.push({ id: String(id), html: html, lang: this.languageOf(parent) });
    this.places.push({ parent: parent, nodes: nodes.slice(), inline: inline });
  };

  // Walks an element: a block with only inline content is one segment; otherwise each run of inline children
  // between blocks is a segment and block children are walked in turn.
  Collector.prototype.walk = function (element) {
    if (isExcluded(element)) return;
    this.collectAttributes(element);
    if (onlyInline(element)) {
      this.add(element, Array.prototype.slice.call(element.childNodes));
      this.collectInlineAttributes(element);
      return;
    }
    var run = [];
    var children = Array.prototype.slice.call(element.childNodes);
    for (var i = 0; i <= children.length; i++) {
      var child = children[i];
      if (child && (child.nodeType === Node.COMMENT_NODE || (isInline(child) && (child.nodeType === Node.TEXT_NODE || OPAQUE_INLINE[name(child)] || onlyInline(child))))) {
        if (child.nodeType !== Node.COMMENT_NODE) run.push(child);
        continue;
      }
      if (run.length) {
        this.add(element, run);
        for (var j = 0; j < run.length; j++) if (run[j].nodeType === Node.ELEMENT_NODE) this.collectInlineAttributes(run[j], true);
        run = [];
      }
      if (child && child.nodeType === Node.ELEMENT_NODE) this.walk(child);
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
    for (var i = 0; i < this.attributePlaces.length; i++) {
      var place = this.attributePlaces[i];
      if (place.element === element && place.attribute === attribute) return;
    }
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
  // translated content. Returns false (and changes nothing) when the markup came back damaged.
  function restore(fragment, inline) {
    var placeholders = fragment.querySelectorAll("[data-wa]");
    if (placeholders.length !== inline.length) return false;
    var seen = {};
    for (var i = 0; i < placeholders.length; i++) {
      var n = placeholders[i].getAttribute("data-wa");
      if (seen[n] || !inline[n] || placeholders[i].localName !== (OPAQUE_INLINE[name(inline[n])] || isExcluded(inline[n]) ? "wbr" : inline[n].localName)) return false;
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

  return {
    run: function (arguments) {
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
        if (!restore(template.content, place.inline)) { damaged++; continue; }
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
      damaged += arguments["damaged"] || 0;
      if (damaged > 0) console.warn("translate: " + damaged + " segment(s) came back with damaged markup; their original text was kept");
    }
  };
})();
