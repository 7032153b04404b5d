// Script injection with a src (a data: URL, since an extension cannot count on the network), and an
// inline one appended to body; the src script runs later (asynchronously), the inline one at once.
window.ExtensionPreprocessingJS = {
  run({ completionFunction }) {
    completionFunction({ before: document.querySelectorAll("script").length });
  },
  finalize(args) {
    const ext = document.createElement("script");
    ext.src = "data:text/javascript," + encodeURIComponent("document.body.appendChild(Object.assign(document.createElement('div'), {id: 'from-src', textContent: 'src script ran'}));");
    document.body.appendChild(ext);
    const inline = document.createElement("script");
    inline.text = "var el = document.createElement('div'); el.id = 'from-inline'; el.textContent = 'inline ran, src ' + (document.getElementById('from-src') ? 'before' : 'not yet'); document.body.appendChild(el);";
    document.body.appendChild(inline);
    const noModule = document.createElement("script");
    noModule.type = "text/plain";
    noModule.textContent = "document.body.appendChild(document.createElement('hr'))";
    document.body.appendChild(noModule);
  },
};
