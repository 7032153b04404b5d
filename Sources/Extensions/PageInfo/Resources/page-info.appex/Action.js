// page-info: describes the page, and on request notes its reading time.
// DOM APIs only: document.URL, title, querySelector/All, getAttribute, setAttribute, createElement,
// createTextNode, textContent, data, localName, appendChild, insertBefore, firstChild, createTreeWalker,
// NodeFilter, documentElement, head, body.

var Action = function() {};

// Elements whose text is not read: scripts, styles, fallbacks and inert templates.
var PAGE_INFO_SKIPPED = "script, style, noscript, template";

function pageInfoArray(list) {
    var result = [];
    for (var i = 0; i < list.length; i++) {
        result.push(list[i]);
    }
    return result;
}

function pageInfoCollapse(text) {
    return (text || "").replace(/\s+/g, " ").trim();
}

function pageInfoCountWords(text) {
    var trimmed = pageInfoCollapse(text);
    return trimmed === "" ? 0 : trimmed.split(" ").length;
}

// Text nodes inside skipped elements, found with one SHOW_TEXT walker per skipped element.
function pageInfoSkippedTextNodes(root) {
    var skipped = [];
    var elements = pageInfoArray(root.querySelectorAll(PAGE_INFO_SKIPPED));
    for (var i = 0; i < elements.length; i++) {
        var walker = document.createTreeWalker(elements[i], NodeFilter.SHOW_TEXT, null);
        for (var node = walker.nextNode(); node; node = walker.nextNode()) {
            skipped.push(node);
        }
    }
    return skipped;
}

function pageInfoWordCount() {
    var body = document.body;
    if (!body) {
        return 0;
    }
    // A set, and no filter function: the walk asks about each text node once, and never calls back into JS.
    var skipped = new Set(pageInfoSkippedTextNodes(body));
    var walker = document.createTreeWalker(body, NodeFilter.SHOW_TEXT, null);
    var words = 0;
    for (var node = walker.nextNode(); node; node = walker.nextNode()) {
        if (!skipped.has(node)) {
            words += pageInfoCountWords(node.data);
        }
    }
    return words;
}

// Headings in document order, with their level (the digit of h1..h6).
function pageInfoHeadings() {
    var all = document.querySelectorAll("h1, h2, h3, h4, h5, h6");
    var headings = [];
    for (var i = 0; i < all.length; i++) {
        headings.push({ "level": Number(all[i].localName.charAt(1)), "text": pageInfoCollapse(all[i].textContent) });
    }
    return headings;
}

function pageInfoMetaContent(selector) {
    var meta = document.querySelector(selector);
    return meta ? pageInfoCollapse(meta.getAttribute("content")) : "";
}

Action.prototype = {

    run: function(arguments) {
        var root = document.documentElement;
        var description = pageInfoMetaContent('meta[name="description"]');
        if (description === "") {
            description = pageInfoMetaContent('meta[property="og:description"]');
        }
        arguments.completionFunction({
            "url": document.URL,
            "title": pageInfoCollapse(document.title),
            "description": description,
            "language": root ? (root.getAttribute("lang") || "") : "",
            "headings": pageInfoHeadings(),
            "wordCount": pageInfoWordCount()
        });
    },

    finalize: function(arguments) {
        if (!arguments || arguments["annotate"] !== true) {
            return;
        }
        var minutes = arguments["readingTimeMinutes"];
        var words = arguments["wordCount"];

        var aside = document.createElement("aside");
        aside.setAttribute("class", "webaction-page-info");
        aside.setAttribute("data-reading-time", String(minutes));
        aside.appendChild(document.createTextNode(minutes + " min read \u00B7 " + words + " words"));
        document.body.insertBefore(aside, document.body.firstChild);

        var meta = document.createElement("meta");
        meta.setAttribute("name", "reading-time");
        meta.setAttribute("content", minutes + " min");
        document.head.appendChild(meta);
    }

};

var ExtensionPreprocessingJS = new Action
