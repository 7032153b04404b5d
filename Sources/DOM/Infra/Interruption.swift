import Foundation

/// A cooperative stop for long DOM operations, so that a script watchdog can cut short a native call it cannot
/// interrupt itself: one `querySelectorAll` over a huge tree, the `textContent` or `innerHTML` of a huge subtree, a
/// live collection's walk.
///
/// Whoever runs scripts on a thread installs a check there (``install(_:)``; DOMBindings installs the watchdog's
/// deadline). Long walks call ``poll()`` once per node, and every ``stride`` calls it asks the check. When the check
/// answers true, the walks end early and their results are incomplete: the installer must discard them (the bindings
/// throw the watchdog's error instead of returning them). The DOM knows nothing of scripts; with no check installed a
/// poll is a decrement and a comparison.
///
/// One per thread (a page's documents, frames and scripts live on one thread); a document caches its thread's.
public final class Interruption {
  /// How many polls pass between two questions to the check.
  public static let stride = 1024

  private var countdown = Interruption.stride
  private var check: (() -> Bool)?

  private init() {}

  /// The current thread's.
  public static var current: Interruption {
    let key = "org.webaction.DOM.Interruption"
    if let existing = Thread.current.threadDictionary[key] as? Interruption { return existing }
    let made = Interruption()
    Thread.current.threadDictionary[key] = made
    return made
  }

  /// Installs `check` (nil removes it) for the current thread: true means "stop now".
  public static func install(_ check: (() -> Bool)?) {
    let interruption = current
    interruption.check = check
    interruption.countdown = stride
  }

  /// Counts one node of a walk; true when the walk must stop now.
  @inline(__always)
  public func poll() -> Bool {
    countdown -= 1
    return countdown <= 0 && askCheck()
  }

  private func askCheck() -> Bool {
    guard let check, check() else {
      countdown = Self.stride
      return false
    }
    // Stopped: every poll asks again, so all the walks of the operation end at once.
    countdown = 1
    return true
  }
}
