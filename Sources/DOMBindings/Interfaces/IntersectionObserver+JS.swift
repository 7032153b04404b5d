import DOM
import JSBridge

/// An IntersectionObserver on the page's layout (``PageLayout``): a target's observation is computed in a task
/// queued by `observe()`, so the first callback comes as soon as the script that observed returns, as in a browser
/// whose next rendering update runs the "update intersection observations" steps. Nothing scrolls, so a later
/// notification comes only when a new observation crosses a threshold (a target observed again after a change).
///
/// https://w3c.github.io/IntersectionObserver/
final class IntersectionObserverObject: ScriptExposed {
  /// A length of `rootMargin`: pixels or a percentage of the root's width (left, right) or height (top, bottom).
  struct Margin: Equatable {
    var value: Double
    var isPercent: Bool

    func resolve(_ basis: Double) -> Double { isPercent ? basis * value / 100 : value }
    var serialized: String { (isPercent ? "\(Self.number(value))%" : "\(Self.number(value))px") }

    private static func number(_ value: Double) -> String {
      value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
  }

  private struct Registration {
    let target: Element
    /// -1 before the first observation, so that it is always delivered.
    var previousThresholdIndex = -1
    var previousIsIntersecting = false
  }

  let callback: ProtectedValue
  weak var window: Window?
  /// The explicit root (an element or a document), nil for the implicit root (the viewport).
  let root: Node?
  /// Top, right, bottom, left.
  let rootMargin: [Margin]
  let thresholds: [Double]
  private var registrations: [Registration] = []
  private var queuedEntries: [IntersectionObserverEntryObject] = []
  private var updateTimer: Int?

  init(callback: ScriptValue, window: Window, root: Node?, rootMargin: [Margin], thresholds: [Double]) {
    self.callback = ProtectedValue(callback)
    self.window = window
    self.root = root
    self.rootMargin = rootMargin
    self.thresholds = thresholds
  }

  static var scriptInterface: AnyInterface { DOMInterfaces.intersectionObserver.erased }

  /// https://w3c.github.io/IntersectionObserver/#dom-intersectionobserver-observe
  func observe(_ target: Element) {
    guard !registrations.contains(where: { $0.target === target }) else { return }
    registrations.append(Registration(target: target))
    scheduleUpdate()
  }

  func unobserve(_ target: Element) {
    registrations.removeAll { $0.target === target }
  }

  func disconnect() {
    registrations.removeAll()
  }

  func takeRecords() -> [IntersectionObserverEntryObject] {
    defer { queuedEntries.removeAll() }
    return queuedEntries
  }

  private func scheduleUpdate() {
    guard let window else { return }
    if let updateTimer, window.eventLoop.isScheduled(updateTimer) { return }
    let update = window.context.makeFunction(name: "updateIntersectionObservations") { [weak self] args in
      self?.updateObservations()
      return args.context.makeUndefined()
    }
    updateTimer = window.eventLoop.schedule(update, afterMilliseconds: 0)
  }

  /// https://w3c.github.io/IntersectionObserver/#update-intersection-observations-algo, then the notify step.
  private func updateObservations() {
    updateTimer = nil
    guard let window, !registrations.isEmpty else { return }
    let document = window.document
    let layout = (try? Geometry.layout(document, window.context)) ?? nil
    let environment = document.mediaEnvironment
    let time = Event.now()
    for index in registrations.indices {
      let target = registrations[index].target
      let entry = observation(of: target, layout: layout, viewport: environment, time: time)
      var thresholdIndex = 0
      if entry.isIntersecting {
        thresholdIndex = thresholds.firstIndex { $0 > entry.intersectionRatio } ?? thresholds.count
      }
      let registration = registrations[index]
      if thresholdIndex != registration.previousThresholdIndex || entry.isIntersecting != registration.previousIsIntersecting {
        queuedEntries.append(entry)
      }
      registrations[index].previousThresholdIndex = thresholdIndex
      registrations[index].previousIsIntersecting = entry.isIntersecting
    }
    notify(window)
  }

  /// https://w3c.github.io/IntersectionObserver/#notify-intersection-observers-algo: the callback with the queued
  /// entries and the observer, the observer as `this`; what it throws is reported.
  private func notify(_ window: Window) {
    guard !queuedEntries.isEmpty, callback.isAlive else { return }
    let entries = takeRecords()
    do {
      let context = window.context
      let observer = try context.wrap(self)
      let values = try context.makeArray(entries) { entry throws(ScriptError) in try context.wrap(entry) }
      try callback.value.call(this: observer, args: [values, observer])
    } catch {
      window.reportException(error)
    }
  }

  /// One target's IntersectionObserverEntry now.
  private func observation(of target: Element, layout: PageLayout?, viewport: MediaEnvironment, time: Double) -> IntersectionObserverEntryObject {
    let rootElement = root as? Element
    let rootDocument = root as? Document
    // The target must be in the root's subtree (the implicit root's: the window's document).
    let inRoot: Bool =
      if let rootElement { rootElement !== target && rootElement.contains(target) && target.isConnected } else {
        target.isConnected && target.ownerDocument === (rootDocument ?? window?.document)
      }
    // An element root's padding area (its border box inside its borders), the implicit root's the viewport.
    var rootRect: LayoutRect?
    if let rootElement {
      if let border = layout?.borderBox(of: rootElement), let origin = layout?.clientOrigin(of: rootElement),
        let size = layout?.clientSize(of: rootElement)
      {
        rootRect = LayoutRect(x: border.x + origin.left, y: border.y + origin.top, width: size.width, height: size.height)
      }
    } else {
      rootRect = LayoutRect(x: 0, y: 0, width: viewport.width, height: viewport.height)
    }
    if var rect = rootRect {
      let top = rootMargin[0].resolve(rect.height), right = rootMargin[1].resolve(rect.width)
      let bottom = rootMargin[2].resolve(rect.height), left = rootMargin[3].resolve(rect.width)
      rect = LayoutRect(x: rect.x - left, y: rect.y - top, width: rect.width + left + right, height: rect.height + top + bottom)
      rootRect = rect
    }
    let bounds = layout?.borderBox(of: target).map { _ in
      let rects = layout?.clientRects(of: target) ?? []
      return rects.dropFirst().reduce(rects.first ?? .zero) { $0.union($1) }
    }
    var isIntersecting = false
    var intersection = LayoutRect.zero
    if inRoot, let rootRect, let clipped = layout?.clippedRect(of: target, root: rootElement) {
      let left = max(clipped.x, rootRect.x), right = min(clipped.maxX, rootRect.maxX)
      let top = max(clipped.y, rootRect.y), bottom = min(clipped.maxY, rootRect.maxY)
      // Edge-adjacent rectangles intersect too, with an empty intersection.
      if left <= right && top <= bottom {
        isIntersecting = true
        intersection = LayoutRect(x: left, y: top, width: right - left, height: bottom - top)
      }
    }
    let targetArea = (bounds?.width ?? 0) * (bounds?.height ?? 0)
    let ratio = targetArea > 0 ? min(1, intersection.width * intersection.height / targetArea) : (isIntersecting ? 1 : 0)
    return IntersectionObserverEntryObject(
      // WebKit gives a target with no box a zero rootBounds.
      time: time, rootBounds: !inRoot ? nil : bounds == nil ? Geometry.rect(nil) : rootRect.map { Geometry.rect($0) },
      boundingClientRect: Geometry.rect(bounds),
      intersectionRect: Geometry.rect(intersection), isIntersecting: isIntersecting, intersectionRatio: ratio, target: target)
  }
}

/// https://w3c.github.io/IntersectionObserver/#intersectionobserverentry
final class IntersectionObserverEntryObject: ScriptExposed {
  let time: Double
  let rootBounds: DOMRectObject?
  let boundingClientRect: DOMRectObject
  let intersectionRect: DOMRectObject
  let isIntersecting: Bool
  let intersectionRatio: Double
  let target: Element

  init(
    time: Double, rootBounds: DOMRectObject?, boundingClientRect: DOMRectObject, intersectionRect: DOMRectObject,
    isIntersecting: Bool, intersectionRatio: Double, target: Element
  ) {
    self.time = time
    self.rootBounds = rootBounds
    self.boundingClientRect = boundingClientRect
    self.intersectionRect = intersectionRect
    self.isIntersecting = isIntersecting
    self.intersectionRatio = intersectionRatio
    self.target = target
  }

  static var scriptInterface: AnyInterface { DOMInterfaces.intersectionObserverEntry.erased }
}

extension DOMInterfaces {
  /// https://w3c.github.io/IntersectionObserver/#intersection-observer-interface
  static let intersectionObserver = Interface<IntersectionObserverObject>("IntersectionObserver") { b in
    b.constructor(length: 1) { args in
      let window = try args.context.window()
      let callback = args.value(0)
      guard callback.isFunction else {
        throw ScriptError.typeError("IntersectionObserver constructor: argument 1 is not a function.")
      }
      let options = args.value(1)
      var root: Node?
      var margin = "0px"
      var thresholds: [Double] = [0]
      if options.isObject {
        let rootValue = try options.property("root")
        if !rootValue.isUndefined && !rootValue.isNull {
          guard let node = args.context.unwrap(rootValue, as: Node.self), node is Element || node is Document else {
            throw ScriptError.typeError("IntersectionObserver constructor: 'root' member is not an Element or a Document.")
          }
          root = node
        }
        let marginValue = try options.property("rootMargin")
        if !marginValue.isUndefined { margin = try marginValue.toString() }
        let thresholdValue = try options.property("threshold")
        if !thresholdValue.isUndefined {
          thresholds = thresholdValue.isObject ? try thresholdValue.arrayElements().map { $0.toDouble() } : [thresholdValue.toDouble()]
        }
      } else if !options.isUndefined && !options.isNull {
        throw ScriptError.typeError("IntersectionObserver constructor: argument 2 is not an object.")
      }
      guard let rootMargin = parseRootMargin(margin) else {
        throw DOMException(.syntaxError, "IntersectionObserver constructor: rootMargin '\(margin)' is not 1 to 4 lengths in px or %")
      }
      if let bad = thresholds.first(where: { !($0 >= 0 && $0 <= 1) }) {
        throw ScriptError.rangeError("IntersectionObserver constructor: threshold \(bad) is not between 0 and 1.")
      }
      return IntersectionObserverObject(
        callback: callback, window: window, root: root, rootMargin: rootMargin,
        thresholds: thresholds.isEmpty ? [0] : thresholds.sorted())
    }
    b.getter("root") { $0.root }
    b.getter("rootMargin") { $0.rootMargin.map(\.serialized).joined(separator: " ") }
    b.getter("scrollMargin") { _ in "0px 0px 0px 0px" }
    b.getter("thresholds") { $0.thresholds }
    b.getter("delay") { _ in 0 }
    b.getter("trackVisibility") { _ in false }
    b.method("observe", length: 1) { observer, args in observer.observe(try args.object(0, as: Element.self)) }
    b.method("unobserve", length: 1) { observer, args in observer.unobserve(try args.object(0, as: Element.self)) }
    b.method("disconnect") { observer, _ in observer.disconnect() }
    b.method("takeRecords") { observer, _ in observer.takeRecords() }
  }

  /// https://w3c.github.io/IntersectionObserver/#intersectionobserverentry
  static let intersectionObserverEntry = Interface<IntersectionObserverEntryObject>("IntersectionObserverEntry") { b in
    b.wrappersAreCollectable()
    b.getter("time") { $0.time }
    b.getter("rootBounds") { $0.rootBounds }
    b.getter("boundingClientRect") { $0.boundingClientRect }
    b.getter("intersectionRect") { $0.intersectionRect }
    b.getter("isIntersecting") { $0.isIntersecting }
    b.getter("isVisible") { _ in false }
    b.getter("intersectionRatio") { $0.intersectionRatio }
    b.getter("target") { $0.target }
  }

  /// https://w3c.github.io/IntersectionObserver/#parse-a-margin: one to four `px` or `%` lengths (`0` alone too),
  /// as CSS margins expand them (top, right, bottom, left); nil when it is not that.
  static func parseRootMargin(_ text: String) -> [IntersectionObserverObject.Margin]? {
    var margins: [IntersectionObserverObject.Margin] = []
    for token in text.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\u{0C}" }) {
      let lower = token.lowercased()
      if lower.hasSuffix("px"), let value = Double(lower.dropLast(2)) {
        margins.append(.init(value: value, isPercent: false))
      } else if lower.hasSuffix("%"), let value = Double(lower.dropLast()) {
        margins.append(.init(value: value, isPercent: true))
      } else if lower == "0" {
        margins.append(.init(value: 0, isPercent: false))
      } else {
        return nil
      }
    }
    switch margins.count {
    case 0: return Array(repeating: .init(value: 0, isPercent: false), count: 4)
    case 1: return Array(repeating: margins[0], count: 4)
    case 2: return [margins[0], margins[1], margins[0], margins[1]]
    case 3: return [margins[0], margins[1], margins[2], margins[1]]
    case 4: return margins
    default: return nil
    }
  }
}
