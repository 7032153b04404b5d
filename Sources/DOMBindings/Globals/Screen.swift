import DOM
import JSBridge

/// `window.screen`: the viewport's size (the document's ``MediaEnvironment``, `--viewport`), as on a phone, where a
/// page gets the whole screen; 24-bit colour.
///
/// https://drafts.csswg.org/cssom-view/#the-screen-interface
final class Screen: ScriptExposed {
  static var scriptInterface: AnyInterface { DOMInterfaces.screen.erased }
  private weak var window: Window?

  init(window: Window) { self.window = window }

  var width: Double { window?.document.mediaEnvironment.width ?? MediaEnvironment().width }
  var height: Double { window?.document.mediaEnvironment.height ?? MediaEnvironment().height }
}

extension DOMInterfaces {
  static let screen = Interface<Screen>("Screen") { b in
    // iOS gives a web page the whole screen: the available area is the screen.
    b.getter("availWidth") { $0.width }
    b.getter("availHeight") { $0.height }
    b.getter("width") { $0.width }
    b.getter("height") { $0.height }
    b.getter("colorDepth") { _ in 24 }
    b.getter("pixelDepth") { _ in 24 }
  }
}
