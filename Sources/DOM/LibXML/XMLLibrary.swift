import CLibXML2

/// The libxml2 this process runs, as the library reports it (`xmlParserVersion`, 20914 for 2.9.14).
public enum XMLLibrary {
  public static var version: String {
    // `xmlParserVersion` is a macro over this function in a thread-aware libxml2.
    guard let text = __xmlParserVersion()?.pointee.map({ String(cString: $0) }), let number = Int(text) else { return "unknown" }
    return "\(number / 10000).\(number / 100 % 100).\(number % 100)"
  }
}
