(() => {
  // Window globals whose answers do not depend on the browser's screen, network or URL.
  const r = {};
  const t = (key, f) => { try { r[key] = f(); } catch (e) { r[key] = "throws " + e.name + ": " + e.message; } };
  t("btoa", () => btoa("\u00ff\u00e9abc") + " " + btoa(""));
  t("btoa wide", () => btoa("\u0100"));
  t("atob", () => atob(" YW Jj\nZA== ") + "|" + atob("YWJjZA") + "|" + [...atob(null)].map(c => c.charCodeAt(0)).join(" "));
  t("atob bad length", () => atob("YWJjZ"));
  t("atob bad padding", () => atob("YQ=a"));
  t("atob undefined", () => atob(undefined));
  t("clone graph", () => {
    const shared = { n: 1 };
    const source = { shared, again: shared, list: [1, , 3], date: new Date(5), re: /a+/gi, map: new Map([[shared, "v"]]),
                     set: new Set([shared]), big: 12n, error: new RangeError("m") };
    source.self = source;
    const c = structuredClone(source);
    return [c.self === c, c.shared === c.again, c.list.length, 1 in c.list, c.date.getTime(), c.re.flags,
            c.map.keys().next().value === c.shared, c.set.has(c.shared), typeof c.big, c.error instanceof RangeError,
            c.error.message].join();
  });
  t("clone views", () => {
    const b = new ArrayBuffer(8);
    const c = structuredClone({ v: new Uint8Array(b, 2, 3), d: new DataView(b, 1), b });
    return [c.v.buffer === c.b, c.d.buffer === c.b, c.v.byteOffset, c.v.length, c.d.byteOffset].join();
  });
  t("clone transfer", () => {
    const b = new Uint8Array([9, 8, 7]).buffer;
    const c = structuredClone(b, { transfer: [b] });
    return b.byteLength + " " + c.byteLength;
  });
  t("clone function", () => structuredClone({ a: function foo() {} }));
  t("clone symbol", () => structuredClone(Symbol("s")));
  t("clone node", () => structuredClone(document.body));
  t("clone window", () => structuredClone(window));
  t("clone promise", () => structuredClone(Promise.resolve()));
  t("clone no argument", () => structuredClone());
  t("storage", () => {
    localStorage.clear();
    localStorage.foo = 1;
    localStorage.setItem("key", "v");
    localStorage.length = 7;
    const out = [localStorage.foo, typeof localStorage.key, localStorage.getItem("length"), localStorage.length,
                 JSON.stringify(localStorage), "foo" in localStorage, delete localStorage.foo, localStorage.getItem("foo"),
                 localStorage.key(99), String(localStorage), localStorage === sessionStorage];
    localStorage.clear();
    return out.join(" ; ");
  });
  t("storage key()", () => localStorage.key());
  t("dataset delete", () => {
    const main = document.getElementById("main");
    return [delete main.dataset.kept, main.hasAttribute("data-kept"), delete main.dataset.never].join();
  });
  t("history", () => {
    history.replaceState({ a: 1 }, "", "?x=1#h");
    return [location.search, location.hash, JSON.stringify(history.state), history.state === history.state,
            history.scrollRestoration, history.pushState.length].join(" ; ");
  });
  t("history clone", () => history.pushState(() => {}, ""));
  t("media", () => ["all", "screen", "SCREEN", "only screen", "not print", "print", "screen, print", "not all", "tv",
                    "not screen", "only", "", "  screen  ,  all ", "(min-width:100PX)", "all and (color)", "(color"]
    .map(q => JSON.stringify(q) + " " + matchMedia(q).media).join(" | "));
  t("media types", () => ["all", "screen", "only screen", "not print", "print", "screen, print", "not all", "tv", ""]
    .map(q => matchMedia(q).matches).join());
  t("crypto", () => {
    const a = new Uint8Array(65536);
    return [crypto.getRandomValues(a) === a, /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/.test(crypto.randomUUID()),
            Object.prototype.toString.call(crypto)].join();
  });
  t("crypto too big", () => crypto.getRandomValues(new Uint32Array(16385)));
  t("crypto float", () => crypto.getRandomValues(new Float64Array(1)));
  t("crypto array", () => crypto.getRandomValues([1]));
  t("raf", () => [typeof requestAnimationFrame(() => {}), requestAnimationFrame.length, cancelAnimationFrame.length].join());
  t("raf not a function", () => requestAnimationFrame(5));
  t("error event", () => {
    let seen;
    addEventListener("error", (e) => { seen = [e.constructor.name, e.message, e.error === thrown, e.cancelable]; e.preventDefault(); }, { once: true });
    const thrown = new TypeError("reported");
    reportError(thrown);
    return seen.join();
  });
  t("promise rejection event", () => {
    const p = Promise.resolve();
    const e = new PromiseRejectionEvent("unhandledrejection", { promise: p, cancelable: true });
    return [e.promise === p, e.reason, e.cancelable, e instanceof Event].join();
  });
  t("promise rejection event without promise", () => new PromiseRejectionEvent("x", {}).promise);
  t("navigator", () => [navigator.appCodeName, navigator.appName, navigator.product, navigator.productSub,
                        navigator.vendorSub, navigator.javaEnabled(), navigator === navigator, navigator instanceof Navigator].join());
  return r;
})()
