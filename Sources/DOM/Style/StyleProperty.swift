/// A property the cascade computes: the ones that decide what text a page shows and how (`display`,
/// `visibility`, white space, `text-transform`...), plus those extensions ask for (`color`, `background-color`,
/// `font-size`, `font-weight`, the margins, `list-style-type`).
///
/// Other properties are parsed past and ignored; `getComputedStyle` reports "" for them. The order is the order
/// of computation: `font-family` before `font-size` (a `monospace` family has its own medium size), `font-size`
/// before the margins (their `em`), `color` before `background-color` (`currentcolor`).
public enum StyleProperty: Int, CaseIterable, Sendable {
  case color, contentVisibility, direction, display, float, fontFamily, fontSize, fontStyle, fontWeight, position
  case textAlign, textTransform, textWrapMode, textWrapStyle, visibility, whiteSpaceCollapse
  case backgroundColor, listStyleType, marginTop, marginRight, marginBottom, marginLeft
  // The box properties (StyleProperty+Box.swift), after every property they depend on (`font-size` for `em`).
  case paddingTop, paddingRight, paddingBottom, paddingLeft
  case borderTopStyle, borderRightStyle, borderBottomStyle, borderLeftStyle
  case borderTopWidth, borderRightWidth, borderBottomWidth, borderLeftWidth
  case width, height, minWidth, minHeight, maxWidth, maxHeight, boxSizing, top, right, bottom, left
  case overflowX, overflowY, lineHeight, verticalAlign, opacity, clear, zIndex
  case flexDirection, flexWrap, flexGrow, flexShrink, flexBasis, justifyContent, alignItems, alignSelf, rowGap, columnGap
  case gridTemplateColumns, gridTemplateRows, borderSpacing
  // What `::before` and `::after` show (kept as written: layout reads its strings).
  case content

  /// The CSS name (`white-space-collapse`).
  public var name: String {
    switch self {
    case .color: "color"
    case .contentVisibility: "content-visibility"
    case .direction: "direction"
    case .display: "display"
    case .float: "float"
    case .fontFamily: "font-family"
    case .fontSize: "font-size"
    case .fontStyle: "font-style"
    case .fontWeight: "font-weight"
    case .position: "position"
    case .textAlign: "text-align"
    case .textTransform: "text-transform"
    case .textWrapMode: "text-wrap-mode"
    case .textWrapStyle: "text-wrap-style"
    case .visibility: "visibility"
    case .whiteSpaceCollapse: "white-space-collapse"
    case .backgroundColor: "background-color"
    case .listStyleType: "list-style-type"
    case .marginTop: "margin-top"
    case .marginRight: "margin-right"
    case .marginBottom: "margin-bottom"
    case .marginLeft: "margin-left"
    default: box!.name
    }
  }

  /// False for a property computed only for others' sake (`font-family`, for the `monospace` size), which
  /// `getComputedStyle` leaves out: its computed value is a font list this engine does not resolve.
  public var isReported: Bool { self != .fontFamily && box?.reported != false }

  /// The property by CSS name (lowercase).
  public init?(name: String) {
    guard let property = StyleProperty.byName[name] else { return nil }
    self = property
  }

  private static let byName: [String: StyleProperty] = Dictionary(uniqueKeysWithValues: allCases.map { ($0.name, $0) })

  /// True when an element takes its parent's value unless something sets it.
  var isInherited: Bool { Self.inheritedByRawValue[rawValue] }

  private static let inheritedByRawValue = allCases.map(\.computeIsInherited)

  /// True when an element that sets nothing for the property has its initial value as the computed value: not
  /// inherited, and not a border width (`medium`, which computes to 0 without a border style).
  var initialValueIsComputed: Bool { Self.initialValueIsComputedByRawValue[rawValue] }

  private static let initialValueIsComputedByRawValue = allCases.map { property in
    switch property {
    case .borderTopWidth, .borderRightWidth, .borderBottomWidth, .borderLeftWidth: false
    default: !property.isInherited
    }
  }
  private var computeIsInherited: Bool {
    switch self {
    case .color, .direction, .fontFamily, .fontSize, .fontStyle, .fontWeight, .textAlign, .textTransform,
      .textWrapMode, .textWrapStyle, .visibility, .whiteSpaceCollapse, .listStyleType:
      true
    case .contentVisibility, .display, .float, .position, .backgroundColor, .marginTop, .marginRight, .marginBottom,
      .marginLeft:
      false
    default: box!.inherited
    }
  }

  /// The initial value, as computed.
  var initialValue: String { Self.initialValues[rawValue] }

  /// Every property's initial value, by raw value.
  static let initialValues = allCases.map(\.computeInitialValue)
  private var computeInitialValue: String {
    switch self {
    case .color: "rgb(0, 0, 0)"
    case .contentVisibility: "visible"
    case .direction: "ltr"
    case .display: "inline"
    case .float: "none"
    case .fontFamily: "-webkit-standard"
    case .fontSize: "16px"
    case .fontStyle: "normal"
    case .fontWeight: "400"
    case .position: "static"
    case .textAlign: "start"
    case .textTransform: "none"
    case .textWrapMode: "wrap"
    case .textWrapStyle: "auto"
    case .visibility: "visible"
    case .whiteSpaceCollapse: "collapse"
    case .backgroundColor: "rgba(0, 0, 0, 0)"
    case .listStyleType: "disc"
    case .marginTop, .marginRight, .marginBottom, .marginLeft: "0px"
    default: box!.initial
    }
  }

  /// A specified value, normalized (keywords lowercased, `display: block flow` as `block`, colors as `rgb()`),
  /// or nil when it is not valid for this property (the declaration is then dropped, as a browser drops it).
  func parse(_ text: String) -> String? {
    // `content`'s strings keep their case.
    if self == .content { return text.isEmpty ? nil : text }
    let value = text.asciiLowercased
    switch self {
    case .color, .backgroundColor:
      if value == "currentcolor" { return value }
      if let color = CSSColor.parse(value) { return color.serialized }
      return CSSValue.isUnresolvableColorFunction(value) ? text : nil
    case .contentVisibility: return CSSValue.keyword(value, in: ["visible", "auto", "hidden"])
    case .direction: return CSSValue.keyword(value, in: ["ltr", "rtl"])
    case .display: return CSSValue.display(value)
    case .float: return CSSValue.keyword(value, in: ["none", "left", "right", "inline-start", "inline-end"])
    case .fontFamily: return CSSValue.fontFamily(text)
    case .fontSize: return CSSLength.fontSize(value)
    case .listStyleType: return CSSValue.listStyleType(text)
    case .marginTop, .marginRight, .marginBottom, .marginLeft: return CSSLength.margin(value)
    case .fontStyle: return CSSValue.fontStyle(value)
    case .fontWeight: return CSSValue.fontWeight(value)
    case .position:
      return CSSValue.keyword(value, in: ["static", "relative", "absolute", "fixed", "sticky"])
    case .textAlign:
      return CSSValue.keyword(value, in: [
        "start", "end", "left", "right", "center", "justify", "match-parent", "justify-all", "-webkit-left",
        "-webkit-right", "-webkit-center", "-internal-center",
      ])
    case .textTransform: return CSSValue.textTransform(value)
    case .textWrapMode: return CSSValue.keyword(value, in: ["wrap", "nowrap"])
    case .textWrapStyle: return CSSValue.keyword(value, in: ["auto", "balance", "pretty", "stable"])
    case .visibility: return CSSValue.keyword(value, in: ["visible", "hidden", "collapse"])
    case .whiteSpaceCollapse:
      return CSSValue.keyword(value, in: ["collapse", "preserve", "preserve-breaks", "preserve-spaces", "break-spaces"])
    default: return Self.parseBox(value, box!.grammar)
    }
  }
}

/// Shorthands that set properties the cascade computes: `white-space`, `text-wrap`, `font`, `background`,
/// `list-style`, `margin` and its logical forms (for a horizontal, left-to-right writing mode), and `all`.
enum StyleShorthand: String, CaseIterable {
  case whiteSpace = "white-space"
  case textWrap = "text-wrap"
  case font = "font"
  case background = "background"
  case listStyle = "list-style"
  case margin = "margin"
  case marginBlock = "margin-block"
  case marginInline = "margin-inline"
  case marginBlockStart = "margin-block-start"
  case marginBlockEnd = "margin-block-end"
  case marginInlineStart = "margin-inline-start"
  case marginInlineEnd = "margin-inline-end"
  case padding, border, overflow, inset, gap, flex
  case borderWidth = "border-width"
  case borderStyle = "border-style"
  case borderTop = "border-top"
  case borderRight = "border-right"
  case borderBottom = "border-bottom"
  case borderLeft = "border-left"
  case flexFlow = "flex-flow"
  case all = "all"

  /// The longhands it sets (of those computed here).
  var longhands: [StyleProperty] {
    switch self {
    case .whiteSpace: [.whiteSpaceCollapse, .textWrapMode]
    case .textWrap: [.textWrapMode, .textWrapStyle]
    case .font: [.fontStyle, .fontWeight, .fontSize, .fontFamily]
    case .background: [.backgroundColor]
    case .listStyle: [.listStyleType]
    case .margin: [.marginTop, .marginRight, .marginBottom, .marginLeft]
    case .marginBlock: [.marginTop, .marginBottom]
    case .marginInline: [.marginLeft, .marginRight]
    case .marginBlockStart: [.marginTop]
    case .marginBlockEnd: [.marginBottom]
    case .marginInlineStart: [.marginLeft]
    case .marginInlineEnd: [.marginRight]
    // https://drafts.csswg.org/css-cascade-5/#all-shorthand: all but direction and unicode-bidi.
    case .all: StyleProperty.allCases.filter { $0 != .direction }
    default: boxLonghands!
    }
  }

  /// The longhand values for `text`, in `longhands` order; nil when invalid. (`all` takes only CSS-wide keywords.)
  func expand(_ text: String) -> [String]? {
    let value = text.asciiLowercased
    switch self {
    case .whiteSpace: return CSSValue.whiteSpace(value)
    case .textWrap: return CSSValue.textWrap(value)
    case .font: return CSSValue.font(value)
    case .background: return CSSValue.background(value).map { [$0] }
    case .listStyle: return CSSValue.listStyle(value).map { [$0] }
    case .margin, .marginBlock, .marginInline, .marginBlockStart, .marginBlockEnd, .marginInlineStart,
      .marginInlineEnd:
      return CSSLength.boxSides(value, count: longhands.count)
    case .all: return nil
    default: return expandBox(value)
    }
  }

  /// The computed shorthand, from its longhands' computed values (`white-space: pre`).
  func serialize(_ style: ComputedStyle) -> String {
    switch self {
    case .whiteSpace:
      return CSSValue.serializeWhiteSpace(collapse: style[.whiteSpaceCollapse], wrap: style[.textWrapMode])
    case .textWrap:
      let mode = style[.textWrapMode], wrapStyle = style[.textWrapStyle]
      if wrapStyle == "auto" { return mode }
      return mode == "wrap" ? wrapStyle : "\(mode) \(wrapStyle)"
    case .margin, .marginBlock, .marginInline, .marginBlockStart, .marginBlockEnd, .marginInlineStart,
      .marginInlineEnd:
      return CSSLength.serializeBoxSides(longhands.map { style[$0] })
    case .padding, .borderWidth, .borderStyle, .inset:
      return CSSLength.serializeBoxSides(longhands.map { style[$0] })
    case .overflow, .gap:
      let values = longhands.map { style[$0] }
      return values[0] == values[1] ? values[0] : values.joined(separator: " ")
    default:
      return ""
    }
  }
}
