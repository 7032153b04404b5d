// A page "x-ray" (developer utilities): how many elements of each tag, the deepest nesting, attributes seen.
var ExtensionPreprocessingJS = {
  run({ completionFunction: done }) {
    const tags = {};
    let deepest = 0;
    const attributes = new Set();
    for (const el of document.getElementsByTagName("*")) {
      tags[el.localName] = (tags[el.localName] || 0) + 1;
      let depth = 0;
      for (let p = el; p; p = p.parentElement) depth++;
      deepest = Math.max(deepest, depth);
      for (const a of el.attributes) attributes.add(a.name);
    }
    done({ tags, deepest, attributes: [...attributes].sort(), comments: document.createNodeIterator(document, NodeFilter.SHOW_COMMENT).nextNode() ? "yes" : "no",
           namespaces: [...new Set([...document.getElementsByTagName("*")].map((e) => e.namespaceURI))].sort() });
  },
  finalize({}) {},
};
