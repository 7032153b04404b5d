import JSBridge

/// `window.navigator` (and `clientInformation`): what Safari on an iPhone reports, with the user agent of
/// ``WindowOptions/userAgent``.
///
/// https://html.spec.whatwg.org/multipage/system-state.html#the-navigator-object. There is no network, cookie
/// store or plugin here: `onLine` and `cookieEnabled` are false.
final class Navigator: ScriptExposed {
  let userAgent: String
  /// `languages`: one frozen array, the same object on every read (a FrozenArray attribute).
  private var languagesArray: ProtectedValue?

  static var scriptInterface: AnyInterface { DOMInterfaces.navigator.erased }
  static let language = "en-US"

  init(userAgent: String) { self.userAgent = userAgent }

  /// `appVersion`: the user agent after "Mozilla/" (https://html.spec.whatwg.org/#dom-navigator-appversion).
  var appVersion: String { userAgent.hasPrefix("Mozilla/") ? String(userAgent.dropFirst(8)) : userAgent }

  func languages(in context: ScriptContext) throws(ScriptError) -> ScriptValue {
    if let languagesArray, languagesArray.isAlive { return languagesArray.value }
    let array = context.makeArray([context.makeString(Self.language)])
    try context.window().intrinsic("freeze").call(args: [array])
    languagesArray = ProtectedValue(array)
    return array
  }
}

extension DOMInterfaces {
  /// Navigator with NavigatorID, NavigatorLanguage, NavigatorOnLine, NavigatorCookies, NavigatorConcurrentHardware
  /// and what NavigatorPlugins has without plugins (https://html.spec.whatwg.org/#navigator).
  static let navigator = Interface<Navigator>("Navigator") { b in
    b.getter("appCodeName") { _ in "Mozilla" }
    b.getter("appName") { _ in "Netscape" }
    b.getter("appVersion") { $0.appVersion }
    b.getter("platform") { _ in "iPhone" }
    b.getter("product") { _ in "Gecko" }
    b.getter("productSub") { _ in "20030107" }
    b.getter("userAgent") { $0.userAgent }
    b.getter("vendor") { _ in "Apple Computer, Inc." }
    b.getter("vendorSub") { _ in "" }
    b.getter("language") { _ in Navigator.language }
    b.contextGetter("languages") { navigator, context in try navigator.languages(in: context) }
    b.getter("onLine") { _ in false }
    b.getter("cookieEnabled") { _ in false }
    // WebKit reports 4 or 8 whatever the machine has (to resist fingerprinting); 4 on iPhones.
    b.getter("hardwareConcurrency") { _ in 4 }
    b.method("javaEnabled") { _, _ in false }
    b.getter("pdfViewerEnabled") { _ in false }
    // Pointer Events (https://w3c.github.io/pointerevents/#extensions-to-the-navigator-interface): an iPhone's 5.
    b.getter("maxTouchPoints") { _ in 5 }
  }
}
