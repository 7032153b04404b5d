/// A box's computed style as layout reads it: lengths as numbers, keywords as enums, read once from the
/// ``ComputedStyle`` strings when the box is made.
///
/// A class: the boxes of one computed style (an element's and its text's, siblings sharing a style) hold one. As a
/// struct, each box held a copy of every field (about 900 bytes and two dozen references), which on nodejs-doc's
/// 8 MB all.html was a third of a geometry read's peak memory and much of its reference counting. Only the box tree
/// builder changes one, on a fresh ``init(copying:)`` before any box holds it.
final class BoxStyle {
  /// A length that may depend on the containing block.
  enum Length: Equatable {
    case auto
    case px(Double)
    case percent(Double)
    /// `none` (max sizes), `min-content`, `max-content`, `fit-content`, `normal` (gaps).
    case keyword(String)

    init(_ value: String) {
      if value == "auto" {
        self = .auto
      } else if let dimension = CSSLength.dimension(value) {
        switch dimension.unit {
        case "%": self = .percent(dimension.value)
        case "px", "": self = .px(dimension.value)
        default: self = .auto
        }
      } else {
        self = .keyword(value)
      }
    }

    /// The length against `basis` (nil: the basis is indefinite); nil for `auto` and keywords.
    func resolve(_ basis: Double?) -> Double? {
      switch self {
      case .px(let value): value
      case .percent(let value): basis.map { $0 * value / 100 }
      default: nil
      }
    }

    var isAuto: Bool { self == .auto }
  }

  struct Edges: Equatable {
    var top = 0.0, right = 0.0, bottom = 0.0, left = 0.0
    var horizontal: Double { left + right }
    var vertical: Double { top + bottom }
  }

  enum LineHeight: Equatable {
    case normal
    case number(Double)
    case px(Double)
  }

  enum Position { case `static`, relative, absolute, fixed, sticky }
  enum Float { case none, left, right }

  let style: ComputedStyle
  // Read for every box and text item in layout's loops: the runtime's exclusivity check skipped, as in LayoutBox (a
  // style is made and read on its document's thread, and set only while its box tree is built).
  @exclusivity(unchecked) var display: String
  @exclusivity(unchecked) var position: Position
  @exclusivity(unchecked) var float: Float
  @exclusivity(unchecked) var clear: String
  @exclusivity(unchecked) var width: Length, height: Length
  @exclusivity(unchecked) var minWidth: Length, minHeight: Length, maxWidth: Length, maxHeight: Length
  @exclusivity(unchecked) var borderBox: Bool
  @exclusivity(unchecked) var margin: (top: Length, right: Length, bottom: Length, left: Length)
  @exclusivity(unchecked) var padding: (top: Length, right: Length, bottom: Length, left: Length)
  @exclusivity(unchecked) var border: Edges
  @exclusivity(unchecked) var offsets: (top: Length, right: Length, bottom: Length, left: Length)
  @exclusivity(unchecked) var overflowClips: Bool
  @exclusivity(unchecked) var lineHeight: LineHeight
  @exclusivity(unchecked) var verticalAlign: String
  @exclusivity(unchecked) var textAlign: String
  @exclusivity(unchecked) var visibilityHidden: Bool
  @exclusivity(unchecked) var opacity: Double
  @exclusivity(unchecked) var zIndex: Int?
  @exclusivity(unchecked) var collapsesSpaces: Bool
  @exclusivity(unchecked) var preservesNewlines: Bool
  @exclusivity(unchecked) var wraps: Bool
  @exclusivity(unchecked) var fontSize: Double
  @exclusivity(unchecked) var flexDirection: String, flexWrap: String
  @exclusivity(unchecked) var flexGrow: Double, flexShrink: Double, flexBasis: Length
  @exclusivity(unchecked) var justifyContent: String, alignItems: String, alignSelf: String
  @exclusivity(unchecked) var rowGap: Length, columnGap: Length
  @exclusivity(unchecked) var gridColumns: String, gridRows: String
  @exclusivity(unchecked) var borderSpacing: Double
  /// The primary font, once ``LayoutEngine/font(_:)`` has found it.
  @exclusivity(unchecked) var font: Font?

  /// A copy to change (an anonymous box's style from its parent's).
  init(copying other: BoxStyle) {
    style = other.style
    display = other.display
    position = other.position
    float = other.float
    clear = other.clear
    width = other.width
    height = other.height
    minWidth = other.minWidth
    minHeight = other.minHeight
    maxWidth = other.maxWidth
    maxHeight = other.maxHeight
    borderBox = other.borderBox
    margin = other.margin
    padding = other.padding
    border = other.border
    offsets = other.offsets
    overflowClips = other.overflowClips
    lineHeight = other.lineHeight
    verticalAlign = other.verticalAlign
    textAlign = other.textAlign
    visibilityHidden = other.visibilityHidden
    opacity = other.opacity
    zIndex = other.zIndex
    collapsesSpaces = other.collapsesSpaces
    preservesNewlines = other.preservesNewlines
    wraps = other.wraps
    fontSize = other.fontSize
    flexDirection = other.flexDirection
    flexWrap = other.flexWrap
    flexGrow = other.flexGrow
    flexShrink = other.flexShrink
    flexBasis = other.flexBasis
    justifyContent = other.justifyContent
    alignItems = other.alignItems
    alignSelf = other.alignSelf
    rowGap = other.rowGap
    columnGap = other.columnGap
    gridColumns = other.gridColumns
    gridRows = other.gridRows
    borderSpacing = other.borderSpacing
  }

  init(_ style: ComputedStyle) {
    self.style = style
    display = style[.display]
    position =
      switch style[.position] {
      case "relative": .relative
      case "absolute": .absolute
      case "fixed": .fixed
      case "sticky": .sticky
      default: .static
      }
    float =
      switch style[.float] {
      case "left", "inline-start": .left
      case "right", "inline-end": .right
      default: .none
      }
    clear = style[.clear]
    width = Length(style[.width])
    height = Length(style[.height])
    minWidth = Length(style[.minWidth])
    minHeight = Length(style[.minHeight])
    maxWidth = Length(style[.maxWidth])
    maxHeight = Length(style[.maxHeight])
    borderBox = style[.boxSizing] == "border-box"
    margin = (Length(style[.marginTop]), Length(style[.marginRight]), Length(style[.marginBottom]), Length(style[.marginLeft]))
    padding = (Length(style[.paddingTop]), Length(style[.paddingRight]), Length(style[.paddingBottom]), Length(style[.paddingLeft]))
    func px(_ property: StyleProperty) -> Double { Length(style[property]).resolve(0) ?? 0 }
    border = Edges(top: px(.borderTopWidth), right: px(.borderRightWidth), bottom: px(.borderBottomWidth), left: px(.borderLeftWidth))
    offsets = (Length(style[.top]), Length(style[.right]), Length(style[.bottom]), Length(style[.left]))
    overflowClips = style[.overflowX] != "visible" || style[.overflowY] != "visible"
    let lineHeightValue = style[.lineHeight]
    if lineHeightValue == "normal" {
      lineHeight = .normal
    } else if let number = Double(lineHeightValue) {
      lineHeight = .number(number)
    } else {
      lineHeight = Length(lineHeightValue).resolve(0).map { .px($0) } ?? .normal
    }
    verticalAlign = style[.verticalAlign]
    textAlign = style[.textAlign]
    visibilityHidden = style[.visibility] != "visible"
    opacity = Double(style[.opacity]) ?? 1
    zIndex = Int(style[.zIndex])
    let collapse = style[.whiteSpaceCollapse]
    collapsesSpaces = collapse == "collapse" || collapse == "preserve-breaks"
    preservesNewlines = collapse != "collapse"
    wraps = style[.textWrapMode] == "wrap"
    fontSize = style.fontSizePixels
    flexDirection = style[.flexDirection]
    flexWrap = style[.flexWrap]
    flexGrow = Double(style[.flexGrow]) ?? 0
    flexShrink = Double(style[.flexShrink]) ?? 1
    flexBasis = Length(style[.flexBasis])
    justifyContent = style[.justifyContent]
    alignItems = style[.alignItems]
    alignSelf = style[.alignSelf]
    rowGap = Length(style[.rowGap])
    columnGap = Length(style[.columnGap])
    gridColumns = style[.gridTemplateColumns]
    gridRows = style[.gridTemplateRows]
    borderSpacing = Length(style[.borderSpacing].split(separator: " ").first.map(String.init) ?? "0").resolve(0) ?? 0
  }

  var isOutOfFlowPositioned: Bool { position == .absolute || position == .fixed }
  var isPositioned: Bool { position != .static }

  /// The padding against the containing block's width (percentages of the width, on every side).
  func resolvedPadding(_ containingWidth: Double) -> Edges {
    Edges(
      top: padding.top.resolve(containingWidth) ?? 0, right: padding.right.resolve(containingWidth) ?? 0,
      bottom: padding.bottom.resolve(containingWidth) ?? 0, left: padding.left.resolve(containingWidth) ?? 0)
  }

  /// The margins against the containing block's width; `auto` as 0.
  func resolvedMargin(_ containingWidth: Double) -> Edges {
    Edges(
      top: margin.top.resolve(containingWidth) ?? 0, right: margin.right.resolve(containingWidth) ?? 0,
      bottom: margin.bottom.resolve(containingWidth) ?? 0, left: margin.left.resolve(containingWidth) ?? 0)
  }

  /// The line height in pixels for a font whose `normal` line height is `normal`.
  func lineHeightPixels(normal: Double) -> Double {
    switch lineHeight {
    case .normal: normal
    case .number(let factor): factor * fontSize
    case .px(let value): value
    }
  }
}
