// Choosing the "hero" image as share sheets do: the largest image box on screen, from the layout.
var ExtensionPreprocessingJS = {
  run: (args) => {
    const boxes = Array.from(document.querySelectorAll("img, svg, iframe, video, canvas")).slice(0, 30).map((el) => {
      const r = el.getBoundingClientRect();
      return { tag: el.tagName.toLowerCase(), box: [r.left, r.top, r.width, r.height].map(Math.round),
               offset: [el.offsetWidth || 0, el.offsetHeight || 0], client: [el.clientWidth, el.clientHeight],
               rects: el.getClientRects().length };
    });
    const largest = boxes.reduce((best, b) => (b.box[2] * b.box[3] > (best ? best.box[2] * best.box[3] : -1) ? b : best), null);
    args.completionFunction({
      inner: [window.innerWidth, window.innerHeight],
      outer: [window.outerWidth, window.outerHeight],
      screen: [screen.width, screen.height, screen.availWidth, screen.colorDepth],
      dpr: window.devicePixelRatio,
      scroll: [window.scrollX, window.scrollY, document.documentElement.scrollWidth, document.documentElement.scrollHeight],
      bodyBox: [document.body.offsetWidth, document.body.offsetHeight],
      boxes: boxes,
      largest: largest ? largest.tag : "none",
    });
  },
  finalize: (args) => {},
};
