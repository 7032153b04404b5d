/// A document's compatibility mode, set by the parser from the DOCTYPE (`Document.quirksMode`).
///
/// https://dom.spec.whatwg.org/#concept-document-mode — the raw values are the spec's names.
public enum QuirksMode: String, Sendable {
  case noQuirks = "no-quirks"
  case quirks
  case limitedQuirks = "limited-quirks"

  /// The mode a DOCTYPE token sets, from its name and identifiers (empty meaning missing).
  ///
  /// https://html.spec.whatwg.org/#the-initial-insertion-mode — the DOCTYPE token branch.
  /// `HTMLTreeBuilder` applies it; so does `GumboConverter`, because gumbo 0.10.1 computes the mode with an outdated
  /// table (it never reports limited-quirks): the converter asks gumbo only for the token's force-quirks outcome.
  static func forDoctype(name: String, publicId: String, systemId: String) -> QuirksMode {
    let pub = lowercasedASCII(publicId)
    let sys = lowercasedASCII(systemId)
    // Step: quirks conditions.
    if name != "html" { return .quirks }
    if quirksPublicIds.contains(pub) { return .quirks }
    if sys == "http://www.ibm.com/data/dtd/v11/ibmxhtml1-transitional.dtd" { return .quirks }
    if quirksPublicIdPrefixes.contains(where: { pub.hasPrefix($0) }) { return .quirks }
    let html401 = ["-//w3c//dtd html 4.01 frameset//", "-//w3c//dtd html 4.01 transitional//"]
    if systemId.isEmpty, html401.contains(where: { pub.hasPrefix($0) }) { return .quirks }
    // Step: limited-quirks conditions.
    if ["-//w3c//dtd xhtml 1.0 frameset//", "-//w3c//dtd xhtml 1.0 transitional//"].contains(where: { pub.hasPrefix($0) }) {
      return .limitedQuirks
    }
    if !systemId.isEmpty, html401.contains(where: { pub.hasPrefix($0) }) { return .limitedQuirks }
    return .noQuirks
  }

  private static func lowercasedASCII(_ s: String) -> String {
    String(decoding: s.utf8.map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 0x20 : $0 }, as: UTF8.self)
  }

  private static let quirksPublicIds: Set<String> = [
    "-//w3o//dtd w3 html strict 3.0//en//", "-/w3c/dtd html 4.0 transitional/en", "html",
  ]

  private static let quirksPublicIdPrefixes: [String] = [
    "+//silmaril//dtd html pro v0r11 19970101//", "-//as//dtd html 3.0 aswedit + extensions//",
    "-//advasoft ltd//dtd html 3.0 aswedit + extensions//", "-//ietf//dtd html 2.0 level 1//",
    "-//ietf//dtd html 2.0 level 2//", "-//ietf//dtd html 2.0 strict level 1//",
    "-//ietf//dtd html 2.0 strict level 2//", "-//ietf//dtd html 2.0 strict//", "-//ietf//dtd html 2.0//",
    "-//ietf//dtd html 2.1e//", "-//ietf//dtd html 3.0//", "-//ietf//dtd html 3.2 final//", "-//ietf//dtd html 3.2//",
    "-//ietf//dtd html 3//", "-//ietf//dtd html level 0//", "-//ietf//dtd html level 1//",
    "-//ietf//dtd html level 2//", "-//ietf//dtd html level 3//", "-//ietf//dtd html strict level 0//",
    "-//ietf//dtd html strict level 1//", "-//ietf//dtd html strict level 2//", "-//ietf//dtd html strict level 3//",
    "-//ietf//dtd html strict//", "-//ietf//dtd html//", "-//metrius//dtd metrius presentational//",
    "-//microsoft//dtd internet explorer 2.0 html strict//", "-//microsoft//dtd internet explorer 2.0 html//",
    "-//microsoft//dtd internet explorer 2.0 tables//", "-//microsoft//dtd internet explorer 3.0 html strict//",
    "-//microsoft//dtd internet explorer 3.0 html//", "-//microsoft//dtd internet explorer 3.0 tables//",
    "-//netscape comm. corp.//dtd html//", "-//netscape comm. corp.//dtd strict html//",
    "-//o'reilly and associates//dtd html 2.0//", "-//o'reilly and associates//dtd html extended 1.0//",
    "-//o'reilly and associates//dtd html extended relaxed 1.0//",
    "-//sq//dtd html 2.0 hotmetal + extensions//",
    "-//softquad software//dtd hotmetal pro 6.0::19990601::extensions to html 4.0//",
    "-//softquad//dtd hotmetal pro 4.0::19971010::extensions to html 4.0//",
    "-//spyglass//dtd html 2.0 extended//", "-//sun microsystems corp.//dtd hotjava html//",
    "-//sun microsystems corp.//dtd hotjava strict html//", "-//w3c//dtd html 3 1995-03-24//",
    "-//w3c//dtd html 3.2 draft//", "-//w3c//dtd html 3.2 final//", "-//w3c//dtd html 3.2//",
    "-//w3c//dtd html 3.2s draft//", "-//w3c//dtd html 4.0 frameset//", "-//w3c//dtd html 4.0 transitional//",
    "-//w3c//dtd html experimental 19960712//", "-//w3c//dtd html experimental 970421//",
    "-//w3c//dtd w3 html//", "-//w3o//dtd w3 html 3.0//", "-//webtechs//dtd mozilla html 2.0//",
    "-//webtechs//dtd mozilla html//",
  ]
}
