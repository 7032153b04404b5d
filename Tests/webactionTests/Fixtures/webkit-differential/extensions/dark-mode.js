// A "dark mode" action: reads the page's colour scheme and theme colour, then injects a style sheet,
// sets a class and inline styles on the root.
const ExtensionPreprocessingJS = {
  run: (args) => {
    const root = document.documentElement;
    const cs = getComputedStyle(document.body);
    args.completionFunction({
      colorSchemeMeta: document.querySelector('meta[name="color-scheme"]')?.content ?? "",
      themeColor: document.querySelector('meta[name="theme-color"]')?.content ?? "",
      prefersDark: matchMedia("(prefers-color-scheme: dark)").matches,
      narrow: matchMedia("(max-width: 600px)").matches,
      bodyColor: cs.color,
      bodyBackground: cs.backgroundColor,
      rootClasses: [...root.classList],
      styleSheets: document.styleSheets.length,
    });
  },
  finalize: (args) => {
    const style = document.createElement("style");
    style.setAttribute("data-dark-mode", "");
    style.append(document.createTextNode(":root.dark-mode { filter: invert(1) hue-rotate(180deg); }\nimg, video { filter: invert(1) hue-rotate(180deg); }"));
    document.head.append(style);
    document.documentElement.classList.add("dark-mode");
    document.documentElement.style.setProperty("color-scheme", "dark");
    document.documentElement.style.backgroundColor = args.background;
    document.body.style.cssText += "; transition: none; caret-color: " + args.caret;
  },
};
