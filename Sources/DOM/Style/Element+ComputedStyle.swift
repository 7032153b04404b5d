/// Computed style, from Swift.
extension Element {
  /// The element's computed style (https://drafts.csswg.org/cssom/#dom-window-getcomputedstyle), or nil when the
  /// element is not in its document (a browser then reports every property as "").
  ///
  /// Cached by the document until it changes; asking for many elements of one page costs one cascade each.
  public var computedStyle: ComputedStyle? { document.styleEngine.style(of: self) }

  /// The concatenated data of the Text children (a `<style>` element's sheet).
  ///
  /// https://dom.spec.whatwg.org/#concept-child-text-content
  public var childTextContent: String {
    var text = ""
    var cursor = firstChild
    while let node = cursor {
      if let textNode = node as? Text { text += textNode.data }
      cursor = node.nextSibling
    }
    return text
  }
}

extension Document {
  /// The document's cascade, made on first use.
  var styleEngine: StyleEngine {
    if let engine = styleEngineStorage { return engine }
    let engine = StyleEngine(document: self)
    styleEngineStorage = engine
    return engine
  }
}
