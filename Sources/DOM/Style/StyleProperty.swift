/// A property the cascade computes: the ones that decide what text a page shows and how (`display`,
/// `visibility`, white space, `text-transform`...), plus a few people ask for (`color`, `font-weight`).
///
/// Other properties are parsed past and ignored; `getComputedStyle` reports "" for them.
public enum StyleProperty: Int, CaseIterable, Sendable {
  case color, contentVisibility, display, float, fontStyle, fontWeight, position, textAlign, textTransform
  case textWrapMode, textWrapStyle, visibility, whiteSpaceCollapse

  /// The CSS name (`white-space-collapse`).
  public var name: String {
    switch self {
    case .color: "color"
    case .contentVisibility: "content-visibility"
    case .display: "display"
    case .float: "float"
    case .fontStyle: "font-style"
    case .fontWeight: "font-weight"
    case .position: "position"
    case .textAlign: "text-align"
    case .textTransform: "text-transform"
    case .textWrapMode: "text-wrap-mode"
    case .textWrapStyle: "text-wrap-style"
    case .visibility: "visibility"
    case .whiteSpaceCollapse: "white-space-collapse"
    }
  }

  /// The property by CSS name (lowercase).
  public init?(name: String) {
    guard let property = StyleProperty.byName[name] else { return nil }
    self = property
  }

  private static let byName: [String: StyleProperty] = Dictionary(uniqueKeysWithValues: allCases.map { ($0.name, $0) })

  /// True when an element takes its parent's value unless something sets it.
  var isInherited: Bool {
    switch self {
    case .color, .fontStyle, .fontWeight, .textAlign, .textTransform, .textWrapMode, .textWrapStyle, .visibility,
      .whiteSpaceCollapse:
      true
    case .contentVisibility, .display, .float, .position: false
    }
  }

  /// The initial value, as computed.
  var initialValue: String {
    switch self {
    case .color: "rgb(0, 0, 0)"
    case .contentVisibility: "visible"
    case .display: "inline"
    case .float: "none"
    case .fontStyle: "normal"
    case .fontWeight: "400"
    case .position: "static"
    case .textAlign: "start"
    case .textTransform: "none"
    case .textWrapMode: "wrap"
    case .textWrapStyle: "auto"
    case .visibility: "visible"
    case .whiteSpaceCollapse: "collapse"
    }
  }

  /// A specified value, normalized (keywords lowercased, `display: block flow` as `block`, colors as `rgb()`),
  /// or nil when it is not valid for this property (the declaration is then dropped, as a browser drops it).
  func parse(_ text: String) -> String? {
    let value = text.asciiLowercased
    switch self {
    case .color:
      if value == "currentcolor" { return value }
      if let color = CSSColor.parse(value) { return color.serialized }
      return CSSValue.isUnresolvableColorFunction(value) ? text : nil
    case .contentVisibility: return CSSValue.keyword(value, in: ["visible", "auto", "hidden"])
    case .display: return CSSValue.display(value)
    case .float: return CSSValue.keyword(value, in: ["none", "left", "right", "inline-start", "inline-end"])
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
    }
  }
}

/// Shorthands that set properties the cascade computes: `white-space`, `text-wrap`, `font` and `all`.
enum StyleShorthand: String, CaseIterable {
  case whiteSpace = "white-space"
  case textWrap = "text-wrap"
  case font = "font"
  case all = "all"

  /// The longhands it sets (of those computed here).
  var longhands: [StyleProperty] {
    switch self {
    case .whiteSpace: [.whiteSpaceCollapse, .textWrapMode]
    case .textWrap: [.textWrapMode, .textWrapStyle]
    case .font: [.fontStyle, .fontWeight]
    case .all: StyleProperty.allCases
    }
  }

  /// The longhand values for `text`, in `longhands` order; nil when invalid. (`all` takes only CSS-wide keywords.)
  func expand(_ text: String) -> [String]? {
    let value = text.asciiLowercased
    switch self {
    case .whiteSpace: return CSSValue.whiteSpace(value)
    case .textWrap: return CSSValue.textWrap(value)
    case .font: return CSSValue.font(value)
    case .all: return nil
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
    case .font, .all:
      return ""
    }
  }
}
