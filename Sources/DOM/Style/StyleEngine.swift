import FoundationEssentials
import CSSSelectors

/// The cascade of one document: its style sheets and each element's computed style, kept until the document
/// changes (any change to the tree, an attribute or text moves ``Document/styleVersion``).
///
/// https://drafts.csswg.org/css-cascade-5/#cascade-sort — origins and importance, in increasing precedence:
/// user-agent normal, presentational hints, author normal (by layer, then specificity, then order), the `style`
/// attribute, author important (earlier layers first), the `style` attribute's important ones, user-agent important.
/// `revert` in an author declaration goes back to the user-agent value, `revert-layer` to the value before its layer.
final class StyleEngine {
  private unowned let document: Document
  // Read for every element's style (the runtime's exclusivity check skipped, as in LayoutBox; one thread per
  // document, and no access overlaps another).
  @exclusivity(unchecked) private var version: UInt64?
  private var sheetTexts: [String] = []
  private var author = RuleSet(sheets: [])
  private var parsedSheets: [String: StyleSheet] = [:]
  private var parsedInline: [String: DeclarationBlock] = [:]
  @exclusivity(unchecked) private var styles: [ObjectIdentifier: ComputedStyle] = [:]
  /// `::before` and `::after` styles computed since the last change (nil: the pseudo-element has no box).
  private var pseudoElementStyles: [PseudoElementKey: ComputedStyle?] = [:]

  /// Styles by what made them, for elements with the same parent style, name and matched rules and no
  /// presentational hints or `style` attribute (the inputs of ``ComputedStyle``'s computation: the parent's style is
  /// one object per computation, ``ComputedStyle/identity``, and the root's, for `rem`, is the same for every
  /// element; WebKit shares such siblings' styles too). Rules are by their source order in their set.
  @exclusivity(unchecked) private var sharedStyles: [SharingKey: ComputedStyle] = [:]

  private struct SharingKey: Hashable {
    /// The parent's style (held, so its identity cannot be reused while the key is).
    let parent: ComputedStyle.Identity
    let localName: String
    let isHTML: Bool
    let userAgent: [Int], userAgentQuirks: [Int], author: [Int]
  }

  private struct PseudoElementKey: Hashable {
    let element: ObjectIdentifier
    let name: String
  }

  init(document: Document) {
    self.document = document
  }

  /// The HTML user-agent sheet, with the quirks-mode additions in a second set.
  private static let userAgent = RuleSet(sheets: [StyleSheet(parsing: UserAgentStyleSheet.text, environment: MediaEnvironment())])
  private static let userAgentQuirks = RuleSet(
    sheets: [StyleSheet(parsing: UserAgentStyleSheet.quirksText, environment: MediaEnvironment())])

  /// The computed style of `element`, or nil when it is not in its document.
  func style(of element: Element) -> ComputedStyle? {
    refresh()
    // A style computed since the last change is for an element that is still where it was.
    if let style = styles[ObjectIdentifier(element)] { return style }
    // Ancestors first, from the nearest one already computed.
    var chain: [Element] = []
    var cursor: Element? = element
    while let current = cursor, styles[ObjectIdentifier(current)] == nil {
      chain.append(current)
      cursor = current.parentElement
    }
    // In the document: below an element computed since the last change, or below the document itself. (Asking
    // isConnected walked to the root for every element: quadratic on a deep tree.)
    guard cursor != nil || chain.last?.parentNode is Document else { return nil }
    var parentStyle = cursor.flatMap { styles[ObjectIdentifier($0)] }
    for current in chain.reversed() {
      let style = compute(current, parent: parentStyle)
      styles[ObjectIdentifier(current)] = style
      parentStyle = style
    }
    return parentStyle
  }

  /// The computed style of `element`'s `::before` or `::after` (`name` lowercase), or nil when it generates no box:
  /// no rule gives it a `content` other than `normal` or `none` (https://drafts.csswg.org/css-content-3/#content-property).
  func style(of element: Element, pseudoElement name: String) -> ComputedStyle? {
    guard let parent = style(of: element), author.stylesPseudoElements else { return nil }
    let key = PseudoElementKey(element: ObjectIdentifier(element), name: name)
    if let style = pseudoElementStyles[key] { return style }
    // No rule for it (most elements): `content` is `normal`, so no box, and no style to compute.
    let matched = author.matching(element, pseudoElement: name)
    let result: ComputedStyle?
    if matched.isEmpty {
      result = nil
    } else {
      let style = compute(element, parent: parent, pseudoElement: name, matched: matched)
      let content = style[.content]
      result = content == "normal" || content == "none" ? nil : style
    }
    pseudoElementStyles[key] = result
    return result
  }

  /// Drops what the document's changes made stale: computed styles always, the rule set when the sheets' text changed.
  private func refresh() {
    guard version != document.styleVersion else { return }
    version = document.styleVersion
    styles.removeAll(keepingCapacity: true)
    pseudoElementStyles.removeAll()
    sharedStyles.removeAll()
    let texts = collectSheetTexts()
    guard texts != sheetTexts else { return }
    sheetTexts = texts
    var used: [String: StyleSheet] = [:]
    let sheets = texts.map { text in
      let sheet = parsedSheets[text] ?? StyleSheet(parsing: text, environment: document.mediaEnvironment)
      used[text] = sheet
      return sheet
    }
    parsedSheets = used
    author = RuleSet(sheets: sheets, foldsCase: document.quirksMode == .quirks)
  }

  /// Forgets parsed sheets (their `@media` rules were decided for the old environment).
  func mediaEnvironmentChanged() {
    parsedSheets.removeAll()
    sheetTexts.removeAll()
    version = nil
  }

  // MARK: Style sheets

  /// The text of each style sheet that applies, in tree order (``Document/styleSheetOwners``): each whose `media`
  /// matches, a `link` only when it is not an alternate sheet and the document's loader has its file.
  private func collectSheetTexts() -> [String] {
    let media = MediaQueryEvaluator(environment: document.mediaEnvironment)
    return document.styleSheetOwners.compactMap { element in
      if let query = element.getAttribute("media"), !media.matches(query) { return nil }
      if element.localName == "link",
        element.getAttribute("rel")?.asciiLowercased.splitOnASCIIWhitespace().contains("alternate") == true
      {
        return nil
      }
      return element.styleSheetText
    }
  }

  // MARK: Cascade

  /// The cascade for `element`, or for its `pseudoElement` (author rules only: the user-agent sheet styles none, and
  /// presentational hints and the `style` attribute are the element's own).
  private func compute(
    _ element: Element, parent: ComputedStyle?, pseudoElement: String? = nil, matched: [RuleSet.Entry]? = nil
  ) -> ComputedStyle {
    // Made once the element is known not to share a style (below).
    var values: [DeclarationBlock.Value?] = []
    /// Whether any declaration that can apply reverts (set below, before the cascade).
    var keepsReverted = false
    var custom: [String: String] = [:]
    /// Applies a block's normal or important declarations; `revert` goes back to `revertTo` (the user-agent values),
    /// `revert-layer` to `layerStart` (the values before the block's layer).
    func apply(
      _ block: DeclarationBlock, important: Bool, revertTo fallback: [DeclarationBlock.Value?]?,
      layerStart: [DeclarationBlock.Value?]? = nil
    ) {
      for declaration in block.declarations where declaration.important == important {
        let index = declaration.property.rawValue
        switch declaration.value {
        case .revert: values[index] = fallback?[index] ?? nil
        case .revertLayer: values[index] = (layerStart ?? fallback)?[index] ?? nil
        default: values[index] = declaration.value
        }
      }
      for declaration in block.custom where declaration.important == important {
        custom[declaration.name] = declaration.value
      }
    }
    /// Applies entries in order, taking a snapshot each time a new layer starts (for `revert-layer`).
    func applyLayered(_ entries: [RuleSet.Entry], important: Bool, revertTo fallback: [DeclarationBlock.Value?]?) {
      var layer: Int?
      var layerStart: [DeclarationBlock.Value?]?
      for entry in entries where !important || entry.rule.block.hasImportant {
        if entry.layerRank != layer {
          layer = entry.layerRank
          if keepsReverted { layerStart = values }
        }
        apply(entry.rule.block, important: important, revertTo: fallback, layerStart: layerStart)
      }
    }
    // What applies: user-agent rules (the UA sheet styles HTML elements only), presentational hints, author rules,
    // the style attribute.
    var userAgent: [RuleSet.Entry] = [], userAgentQuirks: [RuleSet.Entry] = []
    // One matcher for every rule tested against the element: a matcher per rule, each making and freeing its
    // memos, was 131 M of the 1,483 M instructions of laying out nodejs-doc's fs.html.
    let session = SelectorMatchSession<RawElement>()
    if element.isHTML, pseudoElement == nil {
      userAgent = Self.userAgent.matching(element, session: session)
      if document.quirksMode == .quirks { userAgentQuirks = Self.userAgentQuirks.matching(element, session: session) }
    }
    let hints = pseudoElement == nil ? DeclarationBlock.presentationalHints(of: element) : nil
    let matched = matched ?? author.matching(element, pseudoElement: pseudoElement, session: session)
    let inline = pseudoElement == nil ? inlineBlock(of: element) : nil
    // An element with the same parent style, name and rules as one before, and no hints or style attribute of its
    // own, has that one's style: siblings, and cousins whose parents share a style (every `code` in the paragraphs
    // of a section).
    var sharing: SharingKey?
    if pseudoElement == nil, hints == nil, inline == nil, let parent {
      let key = SharingKey(
        parent: parent.identity, localName: element.localName, isHTML: element.isHTML,
        userAgent: userAgent.map(\.order), userAgentQuirks: userAgentQuirks.map(\.order), author: matched.map(\.order))
      if let style = sharedStyles[key] { return style }
      sharing = key
    }
    values = [DeclarationBlock.Value?](repeating: nil, count: StyleProperty.allCases.count)
    keepsReverted = author.reverts || hints?.reverts == true || inline?.reverts == true
    userAgent = RuleSet.Entry.sortedForNormal(userAgent + userAgentQuirks)
    for entry in userAgent { apply(entry.rule.block, important: false, revertTo: nil) }
    // The values `revert` and `revert-layer` go back to, kept only when something reverts: each snapshot is a copy
    // of the array once the cascade writes on.
    let userAgentValues = keepsReverted ? values : nil
    if let hints { apply(hints, important: false, revertTo: userAgentValues) }
    applyLayered(RuleSet.Entry.sortedForNormal(matched), important: false, revertTo: userAgentValues)
    if let inline { apply(inline, important: false, revertTo: userAgentValues, layerStart: keepsReverted ? values : nil) }
    // Important declarations: author (earlier layers win), the style attribute, then the user agent.
    if author.hasImportant {
      applyLayered(RuleSet.Entry.sortedForImportant(matched), important: true, revertTo: userAgentValues)
    }
    if let inline, inline.hasImportant {
      apply(inline, important: true, revertTo: userAgentValues, layerStart: keepsReverted ? values : nil)
    }
    for entry in userAgent where entry.rule.block.hasImportant {
      apply(entry.rule.block, important: true, revertTo: nil)
    }
    // The root's style is computed before its descendants' (ancestors first), so it is here for `rem`.
    let root = document.documentElement.flatMap { $0 === element ? nil : styles[ObjectIdentifier($0)] }
    let style = ComputedStyle(cascaded: values, custom: custom, parent: parent, root: root, element: element)
    if let sharing { sharedStyles[sharing] = style }
    return style
  }

  /// The `style` attribute's declarations (parsed once per distinct text).
  private func inlineBlock(of element: Element) -> DeclarationBlock? {
    guard let text = element.getAttribute("style"), !text.isEmpty else { return nil }
    if let block = parsedInline[text] { return block }
    let block = DeclarationBlock(parsing: text)
    if parsedInline.count > 1024 { parsedInline.removeAll() }
    parsedInline[text] = block
    return block
  }
}
