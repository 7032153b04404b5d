import DOM
import JSBridge
import URLStandard

/// What the host answers for a `fetch()`: a response body, or why there is none.
public enum FetchOutcome {
  /// A response (status 200 for a file that was found, 404 for a same-origin path that has none).
  case response(status: Int, body: [UInt8], contentType: String?)
  /// A network error: `fetch()` rejects with a TypeError carrying this message.
  case networkError(String)
}

/// `fetch()` and `XMLHttpRequest`: GET requests the host answers (``WindowOptions/fetch``); there is no network.
///
/// https://fetch.spec.whatwg.org/#fetch-method, reduced to what a saved page can have: the URL is parsed against
/// the document base URL, the host answers, and the promise settles in a later task with a `Response` that has
/// `status`, `ok`, `statusText`, `url`, `headers.get("content-type")`, `text()`, `json()` and `arrayBuffer()`.
/// `XMLHttpRequest` (Window+XMLHttpRequest.swift) uses the same native loader.
extension Window {
  /// The globals ``installFetch(owned:)`` defines (on first use: Window.init).
  static let fetchGlobalNames = ["fetch", "Response", "XMLHttpRequest"] + disabledNetworkConstructors

  /// Interfaces that would open a connection or load a script: they exist, as in a browser, and constructing one
  /// throws a SecurityError saying that network access is disabled (the sandbox: docs/security.md).
  static let disabledNetworkConstructors = ["WebSocket", "EventSource", "Worker", "SharedWorker"]

  /// Defines `fetch`, `Response` and `XMLHttpRequest` but those `owned(name)` says a page script made its own.
  func installFetch(owned: ScriptValue) throws(ScriptError) {
    let load = context.makeFunction(name: "load", length: 1) { [weak self] args in
      guard let self else { return args.context.makeUndefined() }
      let input = try args.string(0)
      guard let url = self.document.resolveURL(input) else { throw ScriptError.typeError("fetch: \(input) is not a valid URL") }
      let method = try args.string(1).uppercased()
      guard method == "GET" || method == "HEAD" else {
        throw ScriptError.typeError("fetch: only GET requests are answered (this one is \(method) \(url.href)); there is no network")
      }
      switch self.options.fetch(url) {
      case .networkError(let message):
        self.emit(.warn, "fetch(\"\(url.href)\") failed: \(message)")
        throw ScriptError.typeError("fetch: \(message)")
      case .response(let status, let body, let contentType):
        return try ScriptRecord([
          ("url", url.serialized(excludingFragment: true)), ("status", status),
          ("text", String(decoding: body, as: UTF8.self)), ("bytes", args.context.makeArrayBuffer(bytes: body)),
          ("contentType", contentType ?? ""),
        ]).scriptValue(in: args.context)
      }
    }
    let parse = context.makeFunction(name: "parse", length: 1) { [weak self] args in
      guard let self, let url = self.document.resolveURL(try args.string(0)) else { return args.context.makeNull() }
      return args.context.makeString(url.href)
    }
    try context.evaluate(Self.fetchPrelude, sourceURL: "webaction:fetch", keepCompiled: true)
      .call(args: [load, context.global, owned])
    try context.evaluate(Self.xhrPrelude, sourceURL: "webaction:xhr", keepCompiled: true)
      .call(args: [load, parse, context.global, owned])
    try context.evaluate(Self.disabledNetworkPrelude, sourceURL: "webaction:network-disabled", keepCompiled: true)
      .call(args: [context.global, owned, context.makeString(Self.disabledNetworkConstructors.joined(separator: ","))])
  }

  static let disabledNetworkPrelude = #"""
    (function (global, owned, names) {
      "use strict";
      for (const name of names.split(",")) {
        if (owned(name)) continue;
        const constructor = { [name]: class {
          constructor(url) {
            throw new global.DOMException(`${name}(${url === undefined ? "" : JSON.stringify(String(url))}): network access is disabled: webaction opens no connections and loads no scripts from a page`, "SecurityError");
          }
        } }[name];
        Object.defineProperty(global, name, { value: constructor, writable: true, enumerable: false, configurable: true });
      }
    })
    """#

  static let fetchPrelude = #"""
    (function (load, global, owned) {
      "use strict";
      const schedule = global.setTimeout;
      const statusTexts = { 200: "OK", 404: "Not Found" };
      const bodies = new WeakMap();
      class Response {
        constructor() { throw new TypeError("Response: webaction makes responses only through fetch()"); }
        get ok() { return this.status >= 200 && this.status < 300; }
        get bodyUsed() { return bodies.get(this).used; }
        get redirected() { return false; }
        get type() { return "basic"; }
        text() { return consume(this, (body) => body.text); }
        json() { return consume(this, (body) => JSON.parse(body.text)); }
        arrayBuffer() { return consume(this, (body) => body.bytes.slice(0)); }
      }
      function consume(response, read) {
        const body = bodies.get(response);
        if (body === undefined) return Promise.reject(new TypeError("Illegal invocation"));
        if (body.used) return Promise.reject(new TypeError("Response body is already used"));
        body.used = true;
        return new Promise((resolve) => resolve(read(body)));
      }
      function makeResponse(answer) {
        const response = Object.create(Response.prototype);
        const contentType = answer.contentType;
        Object.defineProperties(response, {
          status: { value: answer.status, enumerable: true }, url: { value: answer.url, enumerable: true },
          statusText: { value: statusTexts[answer.status] || "", enumerable: true },
          headers: { value: Object.freeze({
            get(name) { return String(name).toLowerCase() === "content-type" && contentType !== "" ? contentType : null; },
            has(name) { return this.get(name) !== null; } }), enumerable: true },
        });
        bodies.set(response, { text: answer.text, bytes: answer.bytes, used: false });
        return response;
      }
      if (!owned("Response")) Object.defineProperty(global, "Response", { value: Response, writable: true, enumerable: false, configurable: true });
      if (!owned("fetch")) Object.defineProperty(global, "fetch", { value: function fetch(input, init = {}) {
        return new Promise((resolve, reject) => {
          const url = typeof input === "object" && input !== null && "url" in input && !(input instanceof global.URL)
            ? String(input.url) : String(input);
          const method = init !== null && init.method !== undefined ? String(init.method) : "GET";
          schedule(() => {
            try { resolve(makeResponse(load(url, method))); } catch (error) { reject(error); }
          }, 0);
        });
      }, writable: true, enumerable: true, configurable: true });
    })
    """#
}
