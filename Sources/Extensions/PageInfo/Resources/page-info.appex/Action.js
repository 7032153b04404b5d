// page-info: describes the page, and on request notes its reading time.
// DOM APIs only: document.URL, title, querySelector/All, getAttribute, setAttribute, createElement,
// createTextNode, textContent, appendChild, insertBefore, firstChild, createTreeWalker, NodeFilter,
// documentElement, head, body.

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
    var skipped = pageInfoSkippedTextNodes(body);
    var filter = {
        acceptNode: function(node) {
            return skipped.indexOf(node) === -1 ? NodeFilter.FILTER_ACCEPT : NodeFilter.FILTER_REJECT;
        }
    };
    var walker = document.createTreeWalker(body, NodeFilter.SHOW_TEXT, filter);
    var words = 0;
    for (var node = walker.nextNode(); node; node = walker.nextNode()) {
        words += pageInfoCountWords(node.textContent);
    }
    return words;
}

// Headings in document order; the level comes from which h1..h6 query found the element.
function pageInfoHeadings() {
    var byLevel = [];
    for (var level = 1; level <= 6; level++) {
        byLevel.push(pageInfoArray(document.querySelectorAll("h" + level)));
    }
    var all = pageInfoArray(document.querySelectorAll("h1, h2, h3, h4, h5, h6"));
    var headings = [];
    for (var i = 0; i < all.length; i++) {
        for (var l = 0; l < 6; l++) {
            if (byLevel[l].indexOf(all[i]) !== -1) {
                headings.push({ "level": l + 1, "text": pageInfoCollapse(all[i].textContent) });
                break;
            }
        }
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
