/// `<iframe>`: a nested browsing context while it is connected, navigated again when its `src` or `srcdoc`
/// changes.
///
/// https://html.spec.whatwg.org/multipage/iframe-embed-object.html#the-iframe-element
struct IFrameElementBehavior: ElementBehavior {
  func connected(_ element: Element) { element.document.browsingContext?.frameWasConnected(element) }

  func disconnected(_ element: Element) { element.document.browsingContext?.frameWasDisconnected(element) }

  func attributeChanged(_ element: Element, localName: String, namespaceURI: String?, oldValue: String?) {
    // Its srcdoc changed, or its src while it has no srcdoc.
    guard namespaceURI == nil, localName == "srcdoc" || (localName == "src" && !element.hasAttribute("srcdoc")),
      element.isConnected, let context = element.document.browsingContext
    else { return }
    context.frameAttributesDidChange(element)
  }
}

/// `<body>` and `<frameset>`: their window-reflecting event handler content attributes (`onload`, `onhashchange`…)
/// are the window's handlers.
///
/// https://html.spec.whatwg.org/multipage/webappapis.html#event-handler-attributes:event-handler-content-attributes-3
struct BodyElementBehavior: ElementBehavior {
  func attributeChanged(_ element: Element, localName: String, namespaceURI: String?, oldValue: String?) {
    guard localName.hasPrefix("on"), namespaceURI == nil, element.hasAttribute(localName),
      let context = element.document.browsingContext
    else { return }
    context.bodyEventHandlerAttributeWasSet(localName, on: element)
  }
}
