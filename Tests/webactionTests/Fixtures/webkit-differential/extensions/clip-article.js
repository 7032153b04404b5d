// A web clipper (note apps' "clip to notebook"): clones the main content with cloneNode, cleans the copy
// (no scripts, styles, forms, event attributes), and returns it as HTML; finalize() adds a clip marker made
// with a template and importNode.
class WebClipper {
  main() { return document.querySelector("article, main, [role=main], .body, #content") || document.body; }
  clean(root) {
    root.querySelectorAll("script, style, noscript, form, iframe, button, input, nav").forEach((n) => n.remove());
    for (const el of root.querySelectorAll("*")) {
      for (const a of [...el.attributes]) if (/^on/i.test(a.name) || a.name === "style") el.removeAttribute(a.name);
    }
    return root;
  }
  run(args) {
    const copy = this.clean(this.main().cloneNode(true));
    const html = copy.innerHTML.replace(/\n\s*\n+/g, "\n");
    args.completionFunction({ html: html.slice(0, 6000), length: html.length, text: copy.textContent.replace(/\s+/g, " ").trim().slice(0, 500),
      childElements: copy.childElementCount, originalStillHasScripts: document.scripts.length });
  }
  finalize(args) {
    const tpl = document.createElement("template");
    tpl.innerHTML = '<aside class="clip-marker" role="note"><strong>Clipped</strong> to <span></span><tr><td>stray</td></tr></aside>';
    const node = document.importNode(tpl.content, true);
    node.querySelector("span").textContent = args.notebook;
    document.body.insertBefore(node, document.body.firstChild);
    document.body.append(tpl);
  }
}
var ExtensionPreprocessingJS = new WebClipper();
