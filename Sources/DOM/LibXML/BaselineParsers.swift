#if Gumbo
  import CGumbo
#endif
import CLibXML2

/// The C parsers the Swift HTML5 parser is measured against (benchmark and differential use only).
///
/// Raw libxml2 and gumbo calls, kept here so `ParserHarness` never touches a C API.
enum BaselineParsers {
  /// A valid pointer for an empty input (the C parsers read no byte of it when the length is 0).
  private static let empty: StaticString = ""

  private static func chars(_ bytes: UnsafeBufferPointer<UInt8>) -> UnsafePointer<CChar> {
    UnsafeRawPointer(bytes.baseAddress ?? empty.utf8Start).assumingMemoryBound(to: CChar.self)
  }

  /// libxml2's own HTML parser (not HTML5): `htmlReadMemory` with errors and warnings silenced, no network,
  /// recovery on, blanks kept. The caller frees the result with `LibXML.free(_:detached:)`.
  static func libxml2Document(_ html: String) -> xmlDocPtr? {
    var source = html
    return source.withUTF8 { bytes -> xmlDocPtr? in
      let options = Int32(HTML_PARSE_NOERROR.rawValue | HTML_PARSE_NOWARNING.rawValue
                          | HTML_PARSE_NONET.rawValue | HTML_PARSE_RECOVER.rawValue)
      return htmlReadMemory(chars(bytes), Int32(bytes.count), nil, "UTF-8", options)
    }
  }

  /// Parses with libxml2's HTML parser and frees the tree: the cost of one page.
  static func libxml2ParseAndFree(_ html: String) {
    if let doc = libxml2Document(html) { xmlFreeDoc(doc) }
  }

  #if Gumbo
  /// gumbo alone: `gumbo_parse_with_options` then `gumbo_destroy_output`, no libxml2 tree built.
  static func gumboParseAndDestroy(_ html: String) {
    var source = html
    source.withUTF8 { bytes in
      var options = kGumboDefaultOptions
      options.max_errors = 0  // as GumboConverter does: nobody reads parse errors
      let output = gumbo_parse_with_options(&options, chars(bytes), bytes.count)
      gumbo_destroy_output(&options, output)
    }
  }
  #endif
}
