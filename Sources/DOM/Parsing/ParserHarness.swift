import CLibXML2

/// Entry points for the parser benchmark (`parser-bench`) and the round-trip fuzzer (`fuzz-parse`).
///
/// Not API: reachable only through `@_spi(Harness) import DOM`. Every call parses into a libxml2 tree
/// and frees it before returning, so nothing here outlives the call.
@_spi(Harness) public enum ParserHarness {
  /// The parsers a harness can drive.
  public enum Parser: String, CaseIterable, Sendable {
    /// The Swift HTML5 parser (tokenizer + tree builder) building the libxml2 tree.
    case swift
    #if Gumbo
    /// gumbo, then the conversion into a libxml2 tree (webaction's parser before the Swift one; `--traits Gumbo`).
    case gumbo
    /// gumbo alone: `gumbo_parse` + `gumbo_destroy_output`, no libxml2 tree (cannot serialize).
    case gumboAlone = "gumbo-alone"
    #endif
    /// libxml2's own (non-HTML5) parser, `htmlReadMemory`, building and freeing its tree.
    case libxml2

    var scripting: Bool {
      #if Gumbo
      if self == .gumbo { return false }
      #endif
      return true
    }
  }

  /// Parses a whole document with `parser` and frees everything it built.
  ///
  /// (Gumbo has no scripting flag: its trees hold `<noscript>` markup, so they serialize with scripting off.)
  public static func parseAndFree(_ html: String, with parser: Parser) {
    switch parser {
    case .libxml2: BaselineParsers.libxml2ParseAndFree(html)
    case .swift: free(parse(html, with: parser))
    #if Gumbo
    case .gumboAlone: BaselineParsers.gumboParseAndDestroy(html)
    case .gumbo: free(parse(html, with: parser))
    #endif
    }
  }

  /// `serialize(parse(html))` and `serialize(parse(serialize(parse(html))))`, with `parser` both times.
  ///
  /// Precondition: `parser != .gumboAlone` (it builds no tree to serialize).
  public static func roundTrip(_ html: String, with parser: Parser) -> (first: String, second: String) {
    let scripting = parser.scripting
    let first = serializeAndFree(parse(html, with: parser), scripting: scripting)
    return (first, serializeAndFree(parse(first, with: parser), scripting: scripting))
  }

  /// The outcome of the round-trip property for one input.
  public enum Verdict: Equatable, Sendable {
    /// The second serialization equals the first.
    case stable
    /// They differ, for a documented reason that HTML cannot round-trip.
    case knownException(RoundTripException)
    /// They differ for no documented reason: a parser or serializer bug.
    case violation(first: String, second: String)
  }

  /// The round-trip property: S1 = serialize(parse(x)), S2 = serialize(parse(S1)), S1 == S2 unless the
  /// first tree holds a construct HTML cannot round-trip (see `RoundTripException`).
  ///
  /// Parses with scripting enabled, as webaction does (the serializer then writes `<noscript>` content literally).
  public static func checkRoundTrip(_ html: String, with parser: Parser = .swift) -> Verdict {
    checkRoundTrip(html) { parse($0, with: parser) }
  }

  /// The property over any parse function (tests pass a faulty one to see a violation reported).
  static func checkRoundTrip(_ html: String, parse: (String) -> ParsedTree) -> Verdict {
    let tree = parse(html)
    let first = serialize(tree)
    let exception = RoundTripClassifier.classify(tree, serialized: first)
    free(tree)
    let reparsed = parse(first)
    let second = serializeAndFree(reparsed)
    if first == second { return .stable }
    if reparsed.quirksMode != tree.quirksMode { return .knownException(.quirksMode) }
    if let exception { return .knownException(exception) }
    return .violation(first: first, second: second)
  }

  // MARK: Trees

  private static func parse(_ html: String, with parser: Parser) -> ParsedTree {
    switch parser {
    case .swift: return HTML5Parser.parseDocument(html, scripting: true)
    case .libxml2:
      let doc = BaselineParsers.libxml2Document(html) ?? LibXML.newDocument()
      return ParsedTree(doc: doc, templateContents: [:], quirksMode: .noQuirks)
    #if Gumbo
    case .gumbo: return GumboTreeBuilder.parseDocument(utf8: html, scripting: false)
    case .gumboAlone:
      preconditionFailure("ParserHarness: gumbo-alone builds no tree; use parseAndFree")
    #endif
    }
  }

  private static func serialize(_ tree: ParsedTree, scripting: Bool = true) -> String {
    HTMLSerializer.serializeDocument(tree.doc, scripting: scripting, templateContents: { tree.templateContents[$0] })
  }

  private static func serializeAndFree(_ tree: ParsedTree, scripting: Bool = true) -> String {
    defer { free(tree) }
    return serialize(tree, scripting: scripting)
  }

  private static func free(_ tree: ParsedTree) {
    LibXML.free(tree.doc, detached: tree.templateContents.values)
  }
}

/// Trees whose HTML serialization does not parse back to the same tree, by kind. The HTML Standard warns
/// that the serializer cannot round-trip every tree the parser can build.
///
/// https://html.spec.whatwg.org/#serialising-html-fragments (the warning after the algorithm)
@_spi(Harness) public enum RoundTripException: String, CaseIterable, Sendable {
  case plaintext, scriptEscape, misnested, carriageReturn, quirksMode, afterFrameset

  /// Why trees of this kind cannot round-trip.
  public var reason: String {
    switch self {
    case .plaintext: return "<plaintext> cannot be closed: its end tag re-parses as text (inherent to HTML)"
    case .scriptEscape:
      return "script text inside an escaped <!--<script state swallows </script> on re-parse (inherent)"
    case .misnested:
      return "the parser built a nesting its own serialization cannot express (nested <a>/<form>, <p> around a block); inherent"
    case .quirksMode:
      return "a malformed doctype's force-quirks flag is not serialized: the re-parse runs in another quirks mode (inherent)"
    case .carriageReturn: return "U+000D from &#x0D; becomes U+000A on re-parse (input stream normalisation; inherent)"
    case .afterFrameset:
      return "an element after a <frameset> (whitespace there reconstructs active formatting elements): its start tag is ignored on re-parse (inherent)"
    }
  }
}
