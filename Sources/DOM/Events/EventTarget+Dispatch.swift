/// Event dispatch over a fixed path: capture, target, bubble.
extension EventTarget {
  /// Dispatches `event` to this target; returns false when a listener canceled it.
  ///
  /// - Throws: ``DOMException`` `InvalidStateError` when the event is already being dispatched.
  ///
  /// https://dom.spec.whatwg.org/#dom-eventtarget-dispatchevent
  @discardableResult
  public func dispatchEvent(_ event: Event) throws -> Bool {
    // Step 1.
    if event.isDispatching {
      throw DOMException(.invalidStateError, "dispatchEvent: the '\(event.type)' event is already being dispatched")
    }
    if !event.isInitialized {
      throw DOMException(.invalidStateError, "dispatchEvent: the event was created but not initialized (call initEvent first)")
    }
    // Step 2.
    event.isTrusted = false
    // Step 3.
    return dispatch(event)
  }

  /// https://dom.spec.whatwg.org/#concept-event-dispatch (no shadow trees, no activation behaviour).
  func dispatch(_ event: Event, targetOverride: EventTarget? = nil) -> Bool {
    // Step 1.
    event.isDispatching = true
    // Steps 5 and 9-10. The path is computed once, before any listener runs.
    // Step 5.4 (isActivationEvent) and 5.5, 5.9.6: the activation target is the first element on the path
    // with activation behaviour (a parent only when the click bubbles).
    let isActivationEvent = event.type == "click" && (event as? DictionaryEvent)?.isMouseEvent == true
    var activationTarget: Element? = nil
    if isActivationEvent, let element = self as? Element, element.activationBehavior != nil { activationTarget = element }
    var path: [EventTarget] = [self]
    var parent = self.parent(for: event)
    while let next = parent {
      path.append(next)
      if isActivationEvent, event.bubbles, activationTarget == nil, let element = next as? Element,
        element.activationBehavior != nil
      {
        activationTarget = element
      }
      parent = next.parent(for: event)
    }
    // Step 5.11.
    let activationState = activationTarget?.legacyPreActivation()
    // Steps 2 and 5.
    event.target = targetOverride ?? self
    event.path = path
    // Step 11. Capturing, from the top down to the target.
    for target in path.reversed() {
      event.eventPhase = target === self ? .atTarget : .capturing
      invoke(target, event, capturing: true)
    }
    // Step 12. Bubbling, from the target up (only the target when the event does not bubble).
    for target in path {
      if target === self {
        event.eventPhase = .atTarget
      } else {
        guard event.bubbles else { continue }
        event.eventPhase = .bubbling
      }
      invoke(target, event, capturing: false)
    }
    // Steps 13-14.
    event.eventPhase = .none
    event.currentTarget = nil
    event.path = []
    event.isDispatching = false
    event.stopPropagationFlag = false
    event.stopImmediatePropagationFlag = false
    // Step 11.
    if let activationTarget, let activationState {
      if event.canceledFlag {
        activationTarget.legacyCanceledActivation(activationState)
      } else {
        activationTarget.runActivationBehavior(event, activationState)
      }
    }
    // Step 15.
    return !event.canceledFlag
  }

  /// https://dom.spec.whatwg.org/#concept-event-listener-invoke and #concept-event-listener-inner-invoke
  private func invoke(_ target: EventTarget, _ event: Event, capturing: Bool) {
    // Step 3.
    if event.stopPropagationFlag { return }
    // Step 4.
    event.currentTarget = target
    // An event handler content attribute (`onclick="…"`, a body's `onload="…"` for the window) is compiled
    // when an event first needs it.
    if let element = target as? Element {
      let name = "on" + event.type
      if let context = element.document.browsingContext, element.hasAttribute(name) {
        context.activateEventHandlerAttribute(name, for: element)
      }
    } else if let window = target as? any BrowsingContext {
      window.activateEventHandlerAttribute("on" + event.type, for: target)
    }
    // Step 5. A snapshot: listeners added now do not run in this dispatch; removed ones are skipped.
    let snapshot = target.listeners
    // Inner invoke, step 2.
    for listener in snapshot {
      // Steps 2.1-2.3.
      if listener.removed || listener.type != event.type { continue }
      // Steps 2.4-2.5.
      if capturing != listener.options.capture { continue }
      // Step 2.6.
      if listener.options.once { target.remove(listener) }
      // Steps 2.9-2.10.
      event.inPassiveListenerFlag = listener.options.passive
      listener.callback.handleEvent(event)
      event.inPassiveListenerFlag = false
      // Step 2.12.
      if event.stopImmediatePropagationFlag { return }
    }
  }
}
