import DOM
import JSBridge

/// `requestAnimationFrame` without a display: frames come from a timer of the page's event loop every
/// ``interval`` milliseconds while callbacks wait, so they run (and a page's timers budget counts them) like
/// other timers.
///
/// https://html.spec.whatwg.org/multipage/imagebitmap-and-animations.html#animation-frames
final class AnimationFrames {
  /// One frame at 60 Hz, in milliseconds.
  static let interval = 1000.0 / 60

  private weak var window: Window?
  private var callbacks: [(id: Int, callback: ProtectedValue)] = []
  private var lastID = 0
  /// The event loop timer of the next frame, while one is scheduled.
  private var frameTimer: Int?
  /// While a frame runs: the ids of its callbacks cancelled by earlier ones (they must not run).
  private var cancelledDuringFrame: Set<Int>?

  init(window: Window) { self.window = window }

  /// https://html.spec.whatwg.org/multipage/imagebitmap-and-animations.html#dom-animationframeprovider-requestanimationframe
  func request(_ callback: ScriptValue) -> Int {
    lastID += 1
    callbacks.append((lastID, ProtectedValue(callback)))
    scheduleFrame()
    return lastID
  }

  /// https://html.spec.whatwg.org/multipage/imagebitmap-and-animations.html#animationframeprovider-cancelanimationframe
  func cancel(_ id: Int) {
    callbacks.removeAll { $0.id == id }
    cancelledDuringFrame?.insert(id)
  }

  private func scheduleFrame() {
    guard let window else { return }
    // A frame timer the host cancelled (its timers budget ran out) no longer counts.
    if let frameTimer, window.eventLoop.isScheduled(frameTimer) { return }
    let frame = window.context.makeFunction(name: "animationFrame") { [weak self] args in
      self?.runFrame()
      return args.context.makeUndefined()
    }
    frameTimer = window.eventLoop.schedule(frame, afterMilliseconds: Self.interval)
  }

  /// Runs the callbacks queued before this frame, each with the frame's time; those queued meanwhile wait for
  /// the next one. https://html.spec.whatwg.org/multipage/imagebitmap-and-animations.html#run-the-animation-frame-callbacks
  private func runFrame() {
    frameTimer = nil
    guard let window else { return }
    let now = window.context.makeNumber(Event.now())
    let due = callbacks
    callbacks = []
    cancelledDuringFrame = []
    defer { cancelledDuringFrame = nil }
    for (id, callback) in due {
      // A callback cancelled by an earlier one of this frame does not run (step 3.2, "if it is still in the map").
      guard cancelledDuringFrame?.contains(id) != true, callback.isAlive else { continue }
      do {
        try callback.value.call(this: window.context.global, args: [now])
      } catch {
        window.reportException(error)
      }
    }
  }
}
