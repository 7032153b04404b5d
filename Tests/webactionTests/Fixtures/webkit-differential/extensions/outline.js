// A note-taking app's "save outline": the headings with their levels and anchors, and the landmarks.
const ExtensionPreprocessingJS = {
  run: ({ completionFunction }) => {
    const headings = [...document.querySelectorAll("h1, h2, h3, h4, h5, h6")].slice(0, 80).map((h) => ({
      level: Number(h.tagName[1]),
      text: h.textContent.replace(/\s+/g, " ").trim(),
      id: h.id || (h.closest("[id]") ? h.closest("[id]").id : ""),
    }));
    const landmarks = [...document.querySelectorAll("header, nav, main, aside, footer, [role]")].map((el) => el.getAttribute("role") || el.localName);
    completionFunction({ headings, landmarks, sections: document.querySelectorAll("section").length });
  },
  finalize: () => {
    let n = 0;
    for (const h of document.querySelectorAll("h2, h3")) {
      if (!h.id) h.id = "outline-" + ++n;
    }
    const nav = document.createElement("nav");
    nav.className = "outline-toc";
    nav.append(...[...document.querySelectorAll("h2")].slice(0, 10).map((h) => {
      const a = document.createElement("a");
      a.href = "#" + h.id;
      a.textContent = h.textContent.trim();
      return a;
    }));
    document.body.prepend(nav);
  },
};
