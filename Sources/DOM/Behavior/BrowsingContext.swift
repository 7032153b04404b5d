/// What the window a document is shown in provides to the DOM: event handler content attributes, nested
/// browsing contexts, script execution and tasks. The DOM holds it weakly (``Document/browsingContext``); with none
/// (a document made by `DOMParser`, `createHTMLDocument`, or a DOM used without JS), these steps do nothing.
///
/// Element behaviours (``ElementBehavior``) call it; generic DOM code never does.
public protocol BrowsingContext: AnyObject {
  /// Registers the handler of the event handler content attribute `name` for `target` if it is not yet: dispatch
  /// calls it for an element that has the attribute (`onclick`), and for the window itself.
  ///
  /// https://html.spec.whatwg.org/multipage/webappapis.html#event-handler-attributes:event-handler-content-attributes-3
  func activateEventHandlerAttribute(_ name: String, for target: EventTarget)

  /// The event handler content attribute `name` was set on `element`, an HTML `body` or `frameset`: a
  /// window-reflecting one (`onload`) becomes the window's handler.
  func bodyEventHandlerAttributeWasSet(_ name: String, on element: Element)

  /// An HTML `iframe` became connected: it gets a nested browsing context.
  ///
  /// https://html.spec.whatwg.org/multipage/iframe-embed-object.html#the-iframe-element:html-element-post-connection-steps
  func frameWasConnected(_ element: Element)

  /// A connected `iframe`'s `src` or `srcdoc` was set, changed or removed: its frame navigates again.
  func frameAttributesDidChange(_ element: Element)

  /// An HTML `iframe` left the document: its browsing context is discarded.
  func frameWasDisconnected(_ element: Element)

  /// Runs a `<script>` element that a script inserted (or gave its text or `src` to), in the page's own world, now:
  /// the "execute the script element" step of https://html.spec.whatwg.org/#prepare-the-script-element, for a
  /// classic script. `source` is its text, or nil for an external script (`src`), which the context fetches if it
  /// can and otherwise fires `error` at the element.
  func executeInsertedScript(_ element: Element, source: String?)

  /// Queues `task` on the event loop (after the current script and its microtasks).
  ///
  /// https://html.spec.whatwg.org/multipage/webappapis.html#queue-a-global-task
  func queueTask(_ task: @escaping () -> Void)
}
