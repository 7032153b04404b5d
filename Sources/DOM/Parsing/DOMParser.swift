import URLStandard

/// The `DOMParser` interface: new, inert documents from text.
///
/// https://html.spec.whatwg.org/multipage/dynamic-markup-insertion.html#dom-parsing-and-serialization
public final class DOMParser {
  /// What `parseFromString` accepts (https://html.spec.whatwg.org/multipage/dynamic-markup-insertion.html#domparsersupportedtype).
  public enum SupportedType: String, CaseIterable, Sendable {
    case html = "text/html"
    case textXML = "text/xml"
    case applicationXML = "application/xml"
    case xhtml = "application/xhtml+xml"
    case svg = "image/svg+xml"
  }

  /// The document of the window the parser belongs to: parsed documents take its URL and live as long as it does.
  public let owner: Document

  public init(owner: Document) { self.owner = owner }

  /// A new document parsed from `string`: HTML (scripting disabled: `<noscript>` content is markup) or XML (an
  /// error gives Chromium's error document, see `Document.parse(xml:contentType:url:)`). Nothing in it runs or loads.
  ///
  /// https://html.spec.whatwg.org/multipage/dynamic-markup-insertion.html#dom-domparser-parsefromstring
  public func parseFromString(_ string: String, type: SupportedType) -> Document {
    // Steps 2-3 (the encoding stays UTF-8 whatever the markup declares).
    let document: Document
    switch type {
    case .html:
      document = Document.parse(html: string, url: owner.url, scripting: false)
    case .textXML, .applicationXML, .xhtml, .svg:
      document = Document.parse(xml: string, contentType: type.rawValue, url: owner.url)
    }
    owner.keepAlive(document)
    // Step 4.
    return document
  }
}

extension Document {
  /// A new HTML document parsed from `html`, inert (scripting disabled), at `about:blank`.
  ///
  /// https://html.spec.whatwg.org/multipage/dynamic-markup-insertion.html#dom-parsehtmlunsafe
  public static func parseHTMLUnsafe(_ html: String) -> Document {
    Document.parse(html: html, url: .aboutBlank, scripting: false)
  }
}
