/// A `<script>`'s state: "already started", and whether a script made it (the parser's scripts never run here: the
/// page's own scripts run only while it is parsed, with `--scripts`, through the parser).
///
/// https://html.spec.whatwg.org/multipage/scripting.html#already-started
final class ScriptElementState {
  var alreadyStarted = false
}

/// `<script>`: one that a script made (`createElement`, `createElementNS`, a clone of one) runs, in the page's world,
/// when it becomes connected with text or a `src`, when a connected one that has not run gets its first text, or
/// when it gets a `src`; parsed ones (the saved page's, and those `innerHTML` makes, which HTML marks "already
/// started") never do. Safari's extensions rely on it: an ad blocker inserts a script and checks at once for what
/// it did.
///
/// https://html.spec.whatwg.org/multipage/scripting.html#prepare-the-script-element
struct ScriptElementBehavior: ElementBehavior {
  func connected(_ element: Element) { prepare(element) }

  func childrenChanged(_ element: Element) {
    if element.isConnected { prepare(element) }
  }

  func attributeChanged(_ element: Element, localName: String, namespaceURI: String?, oldValue: String?) {
    // "When a script element el that is not parser-inserted ... has its src attribute set."
    if localName == "src", namespaceURI == nil, oldValue == nil, element.isConnected, element.hasAttribute("src") {
      prepare(element)
    }
  }

  /// "The cloning steps for script elements must set the already started flag on the copy if it is set on the
  /// element being cloned."
  func cloned(_ copy: Element, from original: Element) {
    guard let state = original.behaviorState as? ScriptElementState else { return }
    copy.behaviorState(ScriptElementState.self, make: ScriptElementState.init).alreadyStarted = state.alreadyStarted
  }

  /// Marks a script made by a script as one that may run (``Document/createElement(_:)`` calls it).
  static func madeByScript(_ element: Element) {
    _ = element.behaviorState(ScriptElementState.self, make: ScriptElementState.init)
  }

  private func prepare(_ element: Element) {
    // Step 1 (and the parser's scripts, which have no state: they count as started).
    guard let state = element.behaviorState as? ScriptElementState, !state.alreadyStarted else { return }
    // Steps 5-6: no src and no text: nothing yet (text added later prepares it again).
    let hasSource = element.hasAttribute("src")
    let text = element.childTextContent
    guard hasSource || !text.isEmpty else { return }
    // Step 7.
    guard element.isConnected else { return }
    // Steps 8-12: only classic scripts run here (a module or a data block is left alone, started).
    state.alreadyStarted = true
    guard Self.isClassic(element), !element.hasAttribute("nomodule"),
      let context = element.document.browsingContext
    else { return }
    // Steps 31-32: an external script is fetched (the context says how); an inline one runs now.
    context.executeInsertedScript(element, source: hasSource ? nil : text)
  }

  /// Whether the `type` and `language` attributes make it a classic script (https://html.spec.whatwg.org/#prepare-the-script-element step 12).
  static func isClassic(_ element: Element) -> Bool { javaScriptMIMETypes.contains(typeEssence(of: element)) }

  /// The script's type, from its `type` attribute, else its `language` attribute, else `text/javascript`,
  /// trimmed and lowercased (https://html.spec.whatwg.org/#prepare-the-script-element steps 10-11).
  static func typeEssence(of element: Element) -> String {
    let type: String
    if let attribute = element.getAttribute("type") {
      type = attribute.isEmpty ? "text/javascript" : attribute
    } else if let language = element.getAttribute("language"), !language.isEmpty {
      type = "text/" + language
    } else {
      type = "text/javascript"
    }
    let trimmed = type.utf8.drop(while: isHTMLSpace).reversed().drop(while: isHTMLSpace).reversed()
    return asciiLowercased(String(decoding: trimmed, as: UTF8.self))
  }

  /// https://mimesniff.spec.whatwg.org/#javascript-mime-type
  static let javaScriptMIMETypes: Set<String> = [
    "application/ecmascript", "application/javascript", "application/x-ecmascript", "application/x-javascript",
    "text/ecmascript", "text/javascript", "text/javascript1.0", "text/javascript1.1", "text/javascript1.2",
    "text/javascript1.3", "text/javascript1.4", "text/javascript1.5", "text/jscript", "text/livescript",
    "text/x-ecmascript", "text/x-javascript",
  ]
}
