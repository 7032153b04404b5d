/// An element's computed values for the ``StyleProperty`` set, serialized as `getComputedStyle` reports them,
/// and its custom properties.
///
/// https://drafts.csswg.org/css-cascade-5/#computed — inheritance, `inherit`/`initial`/`unset`, `var()`
/// substitution, then each property's computation: `font-weight` to a number (`bolder` from the parent's),
/// `color` to `rgb()` (`currentcolor` is the parent's color), `text-align: match-parent` to the parent's value,
/// and `display` blockified for floats, absolutely positioned boxes, the root and flex or grid items
/// (https://drafts.csswg.org/css-display-3/#transformations). No value here needs layout.
public struct ComputedStyle: Sendable {
  /// The same for the copies of one computation (siblings that share a style, ``StyleEngine``), so layout reads each
  /// computed style once (``BoxStyle``). A style is not changed once made.
  final class Identity: Sendable, Hashable {
    static func == (a: Identity, b: Identity) -> Bool { a === b }
    func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
  }
  let identity = Identity()
  private var values: [String]
  /// Custom properties (`--name`), inherited, with `var()` substituted.
  public private(set) var customProperties: [String: String]
  /// The `display` that the element's children are laid out in: its own, or for `display: contents` its
  /// parent's (decides whether they are flex or grid items).
  private var childrenContext: String
  /// The computed font size in pixels (``StyleProperty/fontSize`` as a number).
  public private(set) var fontSizePixels: Double = 16
  /// For a font size made from a size keyword (`medium` by default) and relative sizes of it (`2em`, `larger`):
  /// the keyword's index in ``CSSLength/fontSizeKeywords`` and the factor. Such a size follows the family:
  /// `monospace` alone has a smaller medium (13px in WebKit), so `<code>` in a 16px paragraph is 13px.
  private var fontSizeKeyword: (index: Int, factor: Double)? = (3, 1)

  /// The computed value of a property.
  public subscript(property: StyleProperty) -> String { values[property.rawValue] }

  /// The computed value of a property, a shorthand computed here (`white-space`, `text-wrap`, `margin`) or a custom
  /// property, by CSS name; nil for names this engine does not compute.
  public func value(forProperty name: String) -> String? {
    if name.hasPrefix("--") { return customProperties[name] ?? "" }
    let lowered = name.asciiLowercased
    if let property = StyleProperty(name: lowered) { return property.isReported ? self[property] : nil }
    if let shorthand = StyleShorthand(rawValue: lowered), shorthand != .all, shorthand != .font {
      return shorthand.serialize(self)
    }
    return nil
  }

  /// The style of an element whose cascade produced `cascaded` (nil: not set) and `custom`; `root` is the root
  /// element's style (nil for the root itself), for `rem`.
  init(
    cascaded: [DeclarationBlock.Value?], custom: [String: String], parent: ComputedStyle?, root: ComputedStyle?,
    element: Element
  ) {
    customProperties = Self.resolveCustom(custom, inherited: parent?.customProperties ?? [:])
    values = StyleProperty.initialValues
    childrenContext = "block"
    let viewport = element.document.mediaEnvironment
    for property in StyleProperty.allCases {
      // Not set and not inherited: the initial value, already computed (a border's width aside, which is 0 only
      // without a style). Most properties of most elements.
      if cascaded[property.rawValue] == nil, property.initialValueIsComputed {
        continue
      }
      switch property {
      case .fontSize:
        computeFontSize(cascaded[property.rawValue], parent: parent, root: root, viewport: viewport)
      case .marginTop, .marginRight, .marginBottom, .marginLeft:
        let basis = CSSLength.Basis(
          fontSize: fontSizePixels, rootFontSize: root?.fontSizePixels ?? fontSizePixels, viewport: viewport)
        values[property.rawValue] = CSSLength.computedMargin(
          computeValue(property, cascaded[property.rawValue], parent: parent), basis)
      default:
        let value = computeValue(property, cascaded[property.rawValue], parent: parent)
        guard let box = property.box, !(property.isInherited && value == parent?[property]) else {
          values[property.rawValue] = value
          continue
        }
        let basis = CSSLength.Basis(
          fontSize: fontSizePixels, rootFontSize: root?.fontSizePixels ?? fontSizePixels, viewport: viewport)
        values[property.rawValue] = computeBox(property, box.grammar, value, basis)
      }
    }
    applyDisplayTransformations(parent: parent, element: element)
  }

  // MARK: font-size

  /// WebKit's sizes of the keywords for a medium of 16px (the default family) and of 13px (`monospace` alone)
  /// (Source/WebCore/style/StyleFontSizeFunctions.cpp, the strict table).
  private static let keywordSizes: [Double] = [9, 10, 13, 16, 18, 24, 32, 48]
  private static let monospaceKeywordSizes: [Double] = [9, 10, 12, 13, 14, 18, 26, 39]

  /// https://drafts.csswg.org/css-fonts-4/#font-size-prop: keywords from the family's table, `em` and `%` of the
  /// parent's size (keeping its keyword, so a family change rescales it), `larger`/`smaller` as WebKit (× or ÷ 1.2),
  /// other lengths in pixels.
  private mutating func computeFontSize(
    _ cascaded: DeclarationBlock.Value?, parent: ComputedStyle?, root: ComputedStyle?, viewport: MediaEnvironment
  ) {
    let table = self[.fontFamily] == "monospace" ? Self.monospaceKeywordSizes : Self.keywordSizes
    let parentKeyword = parent.map(\.fontSizeKeyword) ?? (3, 1)
    let parentSize = parent?.fontSizePixels ?? 16
    /// The parent's size times `factor`, keeping its keyword.
    func relative(_ factor: Double) -> (Double, (index: Int, factor: Double)?) {
      guard let keyword = parentKeyword else { return (parentSize * factor, nil) }
      let scaled = keyword.factor * factor
      return (table[keyword.index] * scaled, (keyword.index, scaled))
    }
    var specified: String?
    switch cascaded {
    case .specified(let value): specified = value
    case .unresolved(let text): specified = substitute(text, for: .fontSize)
    case .initial: specified = "medium"
    default: specified = nil  // Inherited.
    }
    var size: Double
    var keyword: (index: Int, factor: Double)?
    if let specified, let index = CSSLength.fontSizeKeywords.firstIndex(of: specified) {
      (size, keyword) = (table[index], (index, 1))
    } else if specified == "larger" {
      (size, keyword) = relative(1.2)
    } else if specified == "smaller" {
      (size, keyword) = relative(1 / 1.2)
    } else if let specified, let dimension = CSSLength.dimension(specified) {
      switch dimension.unit {
      case "em": (size, keyword) = relative(dimension.value)
      case "%": (size, keyword) = relative(dimension.value / 100)
      default:
        let basis = CSSLength.Basis(fontSize: parentSize, rootFontSize: root?.fontSizePixels ?? 16, viewport: viewport)
        (size, keyword) = (CSSLength.pixels(dimension, basis) ?? parentSize, nil)
      }
    } else {
      (size, keyword) = relative(1)
    }
    fontSizePixels = size
    fontSizeKeyword = keyword
    values[StyleProperty.fontSize.rawValue] = CSSValue.formatNumber(size) + "px"
  }

  // MARK: Box properties

  /// A box property's computed value: lengths in pixels, a border's width 0 when it has no style, a line height in
  /// pixels unless `normal` or a number (https://drafts.csswg.org/css-inline-3/#line-height-property).
  private func computeBox(_ property: StyleProperty, _ grammar: StyleProperty.BoxGrammar, _ value: String, _ basis: CSSLength.Basis)
    -> String
  {
    switch grammar {
    case .borderWidth:
      let style: StyleProperty =
        switch property {
        case .borderTopWidth: .borderTopStyle
        case .borderRightWidth: .borderRightStyle
        case .borderBottomWidth: .borderBottomStyle
        default: .borderLeftStyle
        }
      if self[style] == "none" || self[style] == "hidden" { return "0px" }
      return CSSValue.formatNumber(Self.borderWidthPixels(value, basis)) + "px"
    case .lineHeight:
      if value == "normal" || Double(value) != nil { return value }
      if let dimension = CSSLength.dimension(value), dimension.unit == "%" {
        return CSSValue.formatNumber(fontSizePixels * dimension.value / 100) + "px"
      }
      return Self.computedLength(value, basis)
    case .length:
      return Self.computedLength(value, basis)
    default:
      return value
    }
  }

  // MARK: Values

  private func computeValue(_ property: StyleProperty, _ cascaded: DeclarationBlock.Value?, parent: ComputedStyle?)
    -> String
  {
    var value = cascaded
    if case .unresolved(let text) = value {
      value = substitute(text, for: property).map { .specified($0) } ?? .unset
    }
    switch value {
    case nil, .unset, .revert, .revertLayer:
      return property.isInherited ? parent?[property] ?? property.initialValue : property.initialValue
    case .inherit:
      return parent?[property] ?? property.initialValue
    case .initial:
      return property.initialValue
    case .specified(let specified):
      return compute(property, specified, parent: parent)
    case .unresolved:
      return property.initialValue
    }
  }

  private func compute(_ property: StyleProperty, _ value: String, parent: ComputedStyle?) -> String {
    switch property {
    case .color:
      return value == "currentcolor" ? parent?[.color] ?? property.initialValue : value
    case .backgroundColor:
      return value == "currentcolor" ? self[.color] : value
    case .fontWeight:
      let inherited = Double(parent?[.fontWeight] ?? "400") ?? 400
      switch value {
      case "normal": return "400"
      case "bold": return "700"
      // https://drafts.csswg.org/css-fonts-4/#relative-weights
      case "bolder": return CSSValue.formatNumber(inherited < 350 ? 400 : inherited < 550 ? 700 : max(900, inherited))
      case "lighter": return CSSValue.formatNumber(inherited < 100 ? inherited : inherited < 550 ? 100 : inherited < 750 ? 400 : 700)
      default: return value
      }
    case .textAlign:
      if value == "match-parent" {
        // https://drafts.csswg.org/css-text-4/#valdef-text-align-match-parent: start and end of the parent's direction.
        let inherited = parent?[.textAlign] ?? property.initialValue
        let rtl = parent?[.direction] == "rtl"
        switch inherited {
        case "start": return rtl ? "right" : "left"
        case "end": return rtl ? "left" : "right"
        default: return inherited
        }
      }
      return value == "-internal-center" ? "center" : value
    default:
      return value
    }
  }

  /// `text` with `var()` substituted, parsed for `property`; nil when invalid at computed-value time.
  private func substitute(_ text: String, for property: StyleProperty) -> String? {
    var source = text
    var shorthand: StyleShorthand?
    if source.hasPrefix(DeclarationBlock.shorthandMarker), let colon = source.firstIndex(of: ":") {
      shorthand = StyleShorthand(rawValue: String(source[source.index(after: source.startIndex)..<colon]))
      source = String(source[source.index(after: colon)...])
    }
    guard let resolved = CSSVariables.substitute(source, in: customProperties) else { return nil }
    let trimmed = resolved.trimmingCSSWhitespace()
    if let shorthand {
      guard let values = shorthand.expand(trimmed), let index = shorthand.longhands.firstIndex(of: property) else { return nil }
      return values[index]
    }
    return property.parse(trimmed)
  }

  private static func resolveCustom(_ own: [String: String], inherited: [String: String]) -> [String: String] {
    guard !own.isEmpty else { return inherited }
    var merged = inherited
    for (name, value) in own { merged[name] = value }
    for name in own.keys {
      guard let value = merged[name], DeclarationBlock.hasVariable(value) else { continue }
      merged[name] = CSSVariables.substitute(value, in: merged, resolving: [name])
    }
    return merged
  }

  // MARK: display

  /// Elements for which `display: contents` computes to `none` (https://drafts.csswg.org/css-display-3/#unbox-html).
  private static let unboxedAsNone: Set<String> = [
    "br", "wbr", "meter", "progress", "canvas", "embed", "object", "audio", "iframe", "img", "video", "frame",
    "frameset", "input", "textarea", "select",
  ]

  private mutating func applyDisplayTransformations(parent: ComputedStyle?, element: Element) {
    let position = self[.position]
    let outOfFlow = position == "absolute" || position == "fixed"
    if outOfFlow { values[StyleProperty.float.rawValue] = "none" }
    var display = self[.display]
    if display == "contents", element.isHTML, Self.unboxedAsNone.contains(element.localName) { display = "none" }
    let parentContext = parent?.childrenContext
    let isItem =
      switch parentContext {
      case "flex", "inline-flex", "grid", "inline-grid": true
      default: false
      }
    if parent == nil || outOfFlow || self[.float] != "none" || isItem {
      display = Self.blockified(display)
    }
    values[StyleProperty.display.rawValue] = display
    childrenContext = display == "contents" ? parentContext ?? "block" : display
  }

  /// https://drafts.csswg.org/css-display-3/#blockify
  static func blockified(_ display: String) -> String {
    switch display {
    case "inline", "inline-block", "table-row-group", "table-header-group", "table-footer-group", "table-row",
      "table-cell", "table-column-group", "table-column", "table-caption", "ruby-text":
      return "block"
    case "inline-table": return "table"
    case "inline-flex": return "flex"
    case "inline-grid": return "grid"
    case "inline list-item": return "list-item"
    case "math": return "block math"
    case "ruby": return "block ruby"
    case "-webkit-inline-box": return "-webkit-box"
    default: return display
    }
  }
}

/// `var()` substitution (https://drafts.csswg.org/css-variables-1/#substitute-a-var).
enum CSSVariables {
  /// `text` with each `var(--name[, fallback])` replaced; nil when a reference has no value and no fallback,
  /// or refers back to a property in `resolving` (a cycle).
  static func substitute(_ text: String, in custom: [String: String], resolving: Set<String> = []) -> String? {
    var output = ""
    var rest = Substring(text)
    while let start = rest.range(ofFunction: "var(") {
      output += rest[..<start.lowerBound]
      guard let close = rest[start.upperBound...].matchingParenthesis() else { return nil }
      let arguments = rest[start.upperBound..<close]
      rest = rest[rest.index(after: close)...]
      let comma = arguments.firstIndex(of: ",")
      let name = (comma.map { arguments[..<$0] } ?? arguments).trimmingCSSWhitespace()
      guard name.hasPrefix("--"), !resolving.contains(name) else { return nil }
      if let value = custom[name], !value.isEmpty,
        let resolved = DeclarationBlock.hasVariable(value)
          ? substitute(value, in: custom, resolving: resolving.union([name])) : value
      {
        output += resolved
      } else if let comma {
        guard let fallback = substitute(String(arguments[arguments.index(after: comma)...]), in: custom, resolving: resolving)
        else { return nil }
        output += fallback.trimmingCSSWhitespace()
      } else {
        return nil
      }
    }
    return output + rest
  }
}

extension Substring {
  /// Where `name(` starts (ASCII case-insensitive).
  fileprivate func range(ofFunction name: String) -> Range<Index>? {
    let lowered = String(self).asciiLowercased
    guard let found = lowered.firstRange(of: name) else { return nil }
    let start = index(startIndex, offsetBy: lowered.distance(from: lowered.startIndex, to: found.lowerBound))
    return start..<index(start, offsetBy: name.count)
  }

  /// The index of the `)` closing the parenthesis already open at `startIndex`.
  fileprivate func matchingParenthesis() -> Index? {
    var depth = 1
    var index = startIndex
    while index < endIndex {
      switch self[index] {
      case "(": depth += 1
      case ")":
        depth -= 1
        if depth == 0 { return index }
      default: break
      }
      index = self.index(after: index)
    }
    return nil
  }
}
