// A snippet manager's "save code" action: each code block with its language (from class names), line count
// and first line.
const ExtensionPreprocessingJS = new (class SnippetSaver {
  language(el) {
    const m = (el.className + " " + (el.parentElement ? el.parentElement.className : "")).match(/(?:language|lang|highlight)-([\w+#-]+)/);
    return m ? m[1] : "";
  }
  run(args) {
    const blocks = [...document.querySelectorAll("pre")].slice(0, 30).map((pre) => {
      const code = pre.querySelector("code") || pre;
      const text = code.textContent;
      return { language: this.language(code), lines: text.split("\n").length, first: text.split("\n")[0].slice(0, 100), spans: code.querySelectorAll("span").length };
    });
    args.completionFunction({ blocks, inline: document.querySelectorAll(":not(pre) > code").length });
  }
  finalize(args) {
    document.querySelectorAll("pre").forEach((pre, i) => {
      const button = document.createElement("button");
      button.type = "button";
      button.className = "copy-snippet";
      button.dataset.snippet = String(i);
      button.textContent = "Copy";
      pre.before(button);
    });
  }
})();
