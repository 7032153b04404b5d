import FoundationEssentials
import URLStandard

/// A `<script>` the parser reached the end tag of, while loading a document with scripts.
public struct ParserScript {
  /// What kind of script it is (https://html.spec.whatwg.org/#concept-script-type, plus where its text is).
  public enum Kind: Equatable, Sendable {
    /// Inline classic JavaScript: run `text` now.
    case classic
    /// An inline module script.
    case module
    /// A classic or module script with a `src` (the attribute's value, unresolved).
    case external(src: String)
    /// A data block (`type="application/ld+json"`, templates...): never run.
    case dataBlock(type: String)
  }

  /// The `<script>` element, connected, with the document parsed up to its end tag.
  public let element: Element
  public let kind: Kind
  /// The script's source text (its child text).
  public let text: String
  /// The 1-based line of the page where the text starts (approximate after a `document.write`).
  public let line: Int
  /// 1 for the first script the parser handed over, 2 for the next...
  public let index: Int
  /// True for a script a `document.write` inserted while another script ran (the JavaScript execution context
  /// stack is not empty then, so no microtask checkpoint comes first:
  /// https://html.spec.whatwg.org/#parsing-main-incdata, "An end tag whose tag name is script").
  public let isNested: Bool
}

/// Where a document is in its loading (https://html.spec.whatwg.org/#current-document-readiness).
public enum DocumentReadyState: String, Sendable {
  case loading, interactive, complete
}

extension Document {
  /// An empty document that `load(html:runScript:)` fills; its readyState is "loading".
  ///
  /// Create it first so a JavaScript window can wrap it before any page script runs.
  public static func loading(url: URLRecord = .aboutBlank, characterSet: String = "UTF-8") -> Document {
    let document = Document(skeleton: false)
    document.url = url
    document.characterSet = characterSet
    document.readyState = .loading
    document.scriptingEnabled = true
    return document
  }

  /// Parses `html` into this empty document, running its scripts as the parser reaches them.
  ///
  /// https://html.spec.whatwg.org/#parsing and https://html.spec.whatwg.org/#scriptEndTag
  /// For every HTML `<script>` whose end tag the parser processes (connected, not empty, not `nomodule`),
  /// `runScript` is called before any later markup is tokenized: the script sees the document as parsed so far.
  /// During that call `document.write` inserts markup right after the script and parses it at once (nested
  /// scripts included). External scripts are handed over as `.external` and not fetched. Afterwards readyState is
  /// "interactive"; the caller fires its events and sets "complete".
  ///
  /// Returns where the markup first nested more than `nestingLimit` elements (the document is whole all the same).
  @discardableResult
  public func load(
    html: String, nestingLimit: Int? = nil, runScript: @escaping (ParserScript) -> Void
  ) -> NestingLimitExceeded? {
    precondition(activeParser == nil && firstChild == nil,
                 "Document.load(html:runScript:) needs an empty document from Document.loading(url:characterSet:)")
    let parser = ScriptingParser(html: html, document: self, nestingLimit: nestingLimit, runScript: runScript)
    activeParser = parser
    parser.pump()
    activeParser = nil
    readyState = .interactive
    return parser.builder.nestingLimitExceededAtLine.map { NestingLimitExceeded(limit: nestingLimit!, line: $0) }
  }
}
