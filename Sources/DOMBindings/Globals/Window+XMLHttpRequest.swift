import JSBridge

/// `XMLHttpRequest` over the same host answers as `fetch()` (``Window/installFetch(owned:)`` installs it).
///
/// https://xhr.spec.whatwg.org/, reduced to what a saved page can have: `open` (a URL that does not parse throws a
/// SyntaxError), `send` (async: readystatechange, load and loadend in a later task; sync: at once), `abort`, the
/// response getters and the `on…` handlers. Request headers and bodies are accepted and ignored.
extension Window {
  static let xhrPrelude = #"""
    (function (load, parse, global, owned) {
      "use strict";
      const schedule = global.setTimeout, DOMException = global.DOMException, EventTarget = global.EventTarget;
      const states = new WeakMap();
      const state = (xhr) => {
        const s = states.get(xhr);
        if (s === undefined) throw new TypeError("Illegal invocation");
        return s;
      };
      const fire = (xhr, type) => xhr.dispatchEvent(new Event(type));
      const levels = ["UNSENT", "OPENED", "HEADERS_RECEIVED", "LOADING", "DONE"];
      class XMLHttpRequest extends EventTarget {
        constructor() {
          super();
          states.set(this, { readyState: 0, method: "GET", url: null, async: true, sent: false, answer: null,
                             responseType: "", error: false, handlers: {} });
        }
        get readyState() { return state(this).readyState; }
        get status() { const a = state(this).answer; return a ? a.status : 0; }
        get statusText() { const a = state(this).answer; return a ? ({ 200: "OK", 404: "Not Found" })[a.status] || "" : ""; }
        get responseURL() { const a = state(this).answer; return a ? a.url : ""; }
        get responseType() { return state(this).responseType; }
        set responseType(value) {
          const s = state(this);
          if (s.readyState >= 3) throw new DOMException("responseType cannot change once loading", "InvalidStateError");
          if (["", "arraybuffer", "blob", "document", "json", "text"].includes(`${value}`)) s.responseType = `${value}`;
        }
        get responseText() {
          const s = state(this);
          if (s.responseType !== "" && s.responseType !== "text")
            throw new DOMException("responseText needs responseType '' or 'text'", "InvalidStateError");
          return s.readyState === 4 && s.answer ? s.answer.text : "";
        }
        get response() {
          const s = state(this);
          if (s.responseType === "" || s.responseType === "text") return this.responseText;
          if (s.readyState !== 4 || !s.answer) return null;
          if (s.responseType === "json") { try { return JSON.parse(s.answer.text); } catch (e) { return null; } }
          if (s.responseType === "arraybuffer") return s.answer.bytes;
          return null;
        }
        get timeout() { return 0; }
        set timeout(value) {}
        get withCredentials() { return false; }
        set withCredentials(value) {}
        open(method, url, async = true, username = null, password = null) {
          const s = state(this);
          if (arguments.length < 2) throw new TypeError("XMLHttpRequest.open: 2 arguments required");
          method = `${method}`;
          if (!/^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/.test(method))
            throw new DOMException(`XMLHttpRequest.open: '${method}' is not a valid method`, "SyntaxError");
          if (/^(connect|trace|track)$/i.test(method))
            throw new DOMException(`XMLHttpRequest.open: ${method} is forbidden`, "SecurityError");
          const href = parse(`${url}`);
          if (href === null) throw new DOMException(`XMLHttpRequest.open: '${url}' is not a valid URL`, "SyntaxError");
          Object.assign(s, { method: /^(delete|get|head|options|post|put)$/i.test(method) ? method.toUpperCase() : method,
                             url: href, async: !!async, sent: false, answer: null, error: false });
          if (s.readyState !== 1) { s.readyState = 1; fire(this, "readystatechange"); }
        }
        setRequestHeader(name, value) {
          const s = state(this);
          if (s.readyState !== 1 || s.sent) throw new DOMException("setRequestHeader: call open() first", "InvalidStateError");
        }
        send(body = null) {
          const s = state(this);
          if (s.readyState !== 1 || s.sent) throw new DOMException("send: call open() first", "InvalidStateError");
          s.sent = true;
          const finish = () => {
            try { s.answer = load(s.url, s.method); } catch (e) { s.error = true; }
            s.readyState = 4;
            fire(this, "readystatechange");
            if (!s.async) { if (s.error) throw new DOMException(`send: ${s.url} could not be loaded`, "NetworkError"); return; }
            fire(this, s.error ? "error" : "load");
            fire(this, "loadend");
          };
          if (!s.async) return finish();
          fire(this, "loadstart");
          schedule(() => { if (s.sent && s.readyState === 1) finish(); }, 0);
        }
        abort() {
          const s = state(this);
          const wasSending = s.sent && s.readyState === 1;
          Object.assign(s, { sent: false, answer: null });
          if (wasSending) { s.readyState = 4; fire(this, "readystatechange"); fire(this, "abort"); fire(this, "loadend"); }
          s.readyState = 0;
        }
        getResponseHeader(name) {
          const a = state(this).answer;
          return a && `${name}`.toLowerCase() === "content-type" && a.contentType !== "" ? a.contentType : null;
        }
        getAllResponseHeaders() {
          const a = state(this).answer;
          return a && a.contentType !== "" ? `content-type: ${a.contentType}\r\n` : "";
        }
        overrideMimeType(mime) {}
      }
      levels.forEach((name, value) => {
        Object.defineProperty(XMLHttpRequest, name, { value, enumerable: true });
        Object.defineProperty(XMLHttpRequest.prototype, name, { value, enumerable: true });
      });
      for (const type of ["readystatechange", "loadstart", "progress", "abort", "error", "load", "timeout", "loadend"]) {
        Object.defineProperty(XMLHttpRequest.prototype, "on" + type, {
          get() { return state(this).handlers[type] || null; },
          set(handler) {
            const s = state(this);
            if (s.handlers[type]) this.removeEventListener(type, s.handlers[type].listener);
            if (typeof handler !== "function") { delete s.handlers[type]; return; }
            const listener = (event) => { const h = s.handlers[type]; if (h) return h.call(this, event); };
            this.addEventListener(type, listener);
            s.handlers[type] = handler;
            handler.listener = listener;
          }, enumerable: true, configurable: true });
      }
      if (!owned("XMLHttpRequest")) Object.defineProperty(global, "XMLHttpRequest", { value: XMLHttpRequest, writable: true, enumerable: false, configurable: true });
    })
    """#
}
