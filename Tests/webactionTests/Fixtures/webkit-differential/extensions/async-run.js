// An extension whose run() answers later: it waits for a timer and a promise (reading-list apps wait for
// lazy content) and reports what ran in which order.
const ExtensionPreprocessingJS = {
  run(args) {
    const order = ["sync"];
    Promise.resolve().then(() => order.push("microtask"));
    queueMicrotask(() => order.push("queueMicrotask"));
    setTimeout(() => {
      order.push("timeout");
      new Promise((resolve) => setTimeout(resolve, 5)).then(() => {
        order.push("nested");
        args.completionFunction({ order, title: document.title, readyState: document.readyState, now: typeof performance.now() });
      });
    }, 0);
  },
  finalize(args) {
    document.body.dataset.asyncFinalize = "start";
    setTimeout(() => { document.body.dataset.asyncFinalize = "timer ran"; }, 0);
    Promise.resolve().then(() => { document.body.dataset.asyncMicrotask = "ran"; });
  },
};
