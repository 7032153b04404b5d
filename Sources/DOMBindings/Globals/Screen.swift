import JSBridge

/// `window.screen`: the numbers of an iPhone 15 in portrait (393 × 852 CSS pixels, 24-bit colour).
///
/// https://drafts.csswg.org/cssom-view/#the-screen-interface
final class Screen: ScriptExposed {
  static var scriptInterface: AnyInterface { DOMInterfaces.screen.erased }
  static let width = 393
  static let height = 852
}

extension DOMInterfaces {
  static let screen = Interface<Screen>("Screen") { b in
    // iOS gives a web page the whole screen: the available area is the screen.
    b.getter("availWidth") { _ in Screen.width }
    b.getter("availHeight") { _ in Screen.height }
    b.getter("width") { _ in Screen.width }
    b.getter("height") { _ in Screen.height }
    b.getter("colorDepth") { _ in 24 }
    b.getter("pixelDepth") { _ in 24 }
  }
}
