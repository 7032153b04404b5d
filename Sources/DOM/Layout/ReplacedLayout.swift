/// Replaced elements and form controls: the content size from the style's width and height, else the natural size
/// (images whose bytes are known, keeping their ratio), else the browser's default (WebKitGTK 2.50's, measured with
/// `../shared/reference/webkit_host.py` at 390×844: a text field's border box is 171×21, a checkbox 12×12, an iframe
/// 304×154 with its 2px border, canvas, video and svg 300×150).
extension LayoutEngine {
  /// The default border-box size of a form control or replaced element of WebKit's, by tag and input type.
  static func defaultBorderBox(_ element: Element) -> (width: Double, height: Double)? {
    switch element.localName {
    case "input":
      switch (element.getAttribute("type") ?? "text").asciiLowercased {
      case "hidden": return (0, 0)
      case "checkbox", "radio": return (12, 12)
      case "submit", "reset", "button": return nil
      case "range": return (129, 20)
      case "file": return (272, 24)
      case "image": return (50, 19)
      case "color": return (44, 23)
      case "date": return (86, 25)
      default: return (171, 21)
      }
    case "textarea": return (166, 36)
    case "select": return nil
    case "iframe", "frame", "fencedframe": return (304, 154)
    case "canvas", "video", "svg", "embed", "object": return (300, 150)
    case "audio": return element.hasAttribute("controls") ? (250, 31) : (0, 0)
    case "progress": return (160, 6)
    case "meter": return (80, 16)
    default: return nil
    }
  }

  /// An input that edits one line of text (its default width is a number of characters).
  static func isTextField(_ element: Element) -> Bool {
    guard element.localName == "input" else { return false }
    switch (element.getAttribute("type") ?? "text").asciiLowercased {
    case "text", "password", "email", "url", "tel", "search", "number": return true
    case let type: return !knownInputTypes.contains(type)
    }
  }

  private static let knownInputTypes: Set<String> = [
    "hidden", "checkbox", "radio", "submit", "reset", "button", "range", "file", "image", "color", "date", "month",
    "week", "time", "datetime-local",
  ]

  /// The content-box size of a replaced box in a containing block `containerWidth` wide (nil for its intrinsic
  /// width), or its height once its content width is `usedWidth`.
  func replacedSize(_ box: LayoutBox, containerWidth: Double?, usedWidth: Double? = nil) -> (width: Double, height: Double) {
    guard let element = box.element else { return (0, 0) }
    let style = box.style
    let padding = usedWidth == nil ? style.resolvedPadding(containerWidth ?? 0) : box.padding
    let frameH = box.border.horizontal + padding.horizontal, frameV = box.border.vertical + padding.vertical
    func content(_ length: BoxStyle.Length, basis: Double?, frame: Double) -> Double? {
      length.resolve(basis).map { style.borderBox ? max(0, $0 - frame) : $0 }
    }
    // Laid out at its natural width (CSS width auto, no max-width in the way), the height is the natural one.
    let width = usedWidth.map { style.width.isAuto && box.forcedWidth == nil ? nil : $0 } ?? content(style.width, basis: containerWidth, frame: frameH)
    let height = content(style.height, basis: nil, frame: frameV)
    var natural: (width: Double, height: Double)
    /// The height over the width that a width or height alone keeps (the natural ratio when there is one).
    var ratio: Double?
    if let size = naturalSize?(element) {
      natural = size
    } else if element.localName == "img" || (element.localName == "input" && element.hasAttribute("alt")
      && (element.getAttribute("type") ?? "").asciiLowercased == "image") {
      // An image that is not available offline is broken: WebKit sizes it to its alt text, else its icon (1:1).
      natural = brokenImageSize(element, style: style)
      ratio = 1
    } else if element.localName == "svg", let size = svgSize(element) {
      ratio = size.ratio
      guard let given = size.natural else {
        // Only a ratio (a viewBox): the box fills the line's width, as a block would (CSS 2.1 §10.3.2), and gives
        // nothing to its container's intrinsic width.
        if let width = width ?? usedWidth { return (width, height ?? width * (ratio ?? 0)) }
        if let height, let ratio, ratio > 0 { return (height / ratio, height) }
        let fill = containerWidth.map { max(0, $0 - style.resolvedMargin($0).horizontal - frameH) } ?? 0
        return (fill, fill * (ratio ?? 0))
      }
      natural = given
    } else if Self.isTextField(element) {
      // WebKit's 20 characters (size=20) of the control's font, one line high: 165×15 at 13px.
      let font = font(style)
      // RenderTextControlSingleLine: 20 average characters, the last one as wide as the widest (about 1 em).
      natural = (font.width(of: "0").rounded() * 19 + style.fontSize.rounded(), font.normalLineHeight)
    } else if let size = Self.defaultBorderBox(element) {
      natural = (max(0, size.width - frameH), max(0, size.height - frameV))
    } else if element.localName == "select" || element.localName == "input" || element.localName == "button" {
      // A button or select: its label's width at its font, WebKit's padding and border around it.
      let label = element.localName == "select" ? longestOption(element) : (element.getAttribute("value") ?? defaultButtonLabel(element))
      let font = font(style)
      let textWidth = font.width(of: Substring(label))
      // WebKit's menu list adds 26 px for its arrow; a button's label is one line of its font.
      natural = element.localName == "select" ? (textWidth.rounded(.up) + 26, 25) : (textWidth, font.normalLineHeight)
    } else {
      natural = (0, 0)
    }
    // Images, video, canvas and svg keep their ratio when one side is given; form controls and frames do not.
    if ratio == nil, Self.hasNaturalRatio(element), natural.width > 0 { ratio = natural.height / natural.width }
    let size = sizeFromNatural(natural, ratio: ratio, width: width, height: height, style: style, containerWidth: containerWidth, frameH: frameH, frameV: frameV)
    if let usedWidth, width == nil, abs(size.width - usedWidth) > 0.01 {
      // The width was clamped (max-width: 100% on a wide image): the height follows the ratio.
      return (usedWidth, ratio.map { usedWidth * $0 } ?? size.height)
    }
    return size
  }

  /// The baseline of a control that shows one line of text (a text field, a select, an input button): its text's,
  /// centred in the content box; a checkbox's or radio button's bottom; nil for the others, which sit on the baseline by their bottom margin edge.
  func controlBaseline(_ box: LayoutBox, contentHeight: Double) -> Double? {
    guard let element = box.element, element.isHTML else { return nil }
    switch element.localName {
    case "select": break
    case "input" where ["checkbox", "radio"].contains((element.getAttribute("type") ?? "").asciiLowercased):
      // WebKit puts a checkbox's border-box bottom on the baseline (its bottom margin hangs below).
      return contentHeight + box.border.vertical + box.padding.vertical
    case "input":
      guard Self.isTextField(element) || ["submit", "reset", "button"].contains((element.getAttribute("type") ?? "").asciiLowercased) else { return nil }
    default: return nil
    }
    let font = font(box.style)
    let line = font.normalLineHeight
    return box.border.top + box.padding.top + max(0, (contentHeight - line) / 2) + font.ascent + (line - font.height) / 2
  }

  static func hasNaturalRatio(_ element: Element) -> Bool {
    switch element.localName {
    case "img", "video", "canvas", "svg", "embed", "object": true
    case "input": (element.getAttribute("type") ?? "").asciiLowercased == "image"
    default: false
    }
  }

  private func sizeFromNatural(
    _ natural: (width: Double, height: Double), ratio: Double?, width: Double?, height: Double?, style: BoxStyle,
    containerWidth: Double?, frameH: Double, frameV: Double
  ) -> (width: Double, height: Double) {
    switch (width, height) {
    case (let width?, let height?): return (width, height)
    case (let width?, nil): return (width, ratio.map { width * $0 } ?? natural.height)
    case (nil, let height?): return (ratio.map { $0 > 0 ? height / $0 : natural.width } ?? natural.width, height)
    default:
      let clampedWidth = clampWidth(natural.width, style, containerWidth: containerWidth ?? 0, frame: frameH)
      return (clampedWidth, clampHeight(natural.height, style, containerHeight: nil, frame: frameV))
    }
  }

  /// A broken image's size in WebKit (RenderImage::setImageSizeForAltText, measured in WebKitGTK 2.50): no alt
  /// attribute gives the broken-image icon's 20×20 (nothing when there was no request); an empty alt nothing; else the alt text on one line, at most
  /// 1024 px wide, with 2 px around it (a 16 px "Logo" is 43×23).
  private func brokenImageSize(_ image: Element, style: BoxStyle) -> (width: Double, height: Double) {
    guard let alt = image.getAttribute("alt") else {
      // No request at all (no src, no srcset, no picture source) shows nothing.
      let requests = ["src", "srcset"].contains { !(image.getAttribute($0) ?? "").isEmpty }
        || image.parentElement?.isHTML(named: "picture") == true
      return requests ? (20, 20) : (0, 0)
    }
    guard !alt.isEmpty else { return (0, 0) }
    let font = font(style)
    let textWidth = min(font.width(of: Substring(alt)).rounded(.up), 1024)
    let textHeight = min(font.ascent.rounded() + font.descent.rounded(), 256)
    // An <img> is at least its 20×20 icon; an <input type=image> is its text alone.
    guard image.localName == "img" else { return (textWidth + 4, textHeight + 4) }
    return (max(20, textWidth + 4), max(20, textHeight + 4))
  }

  /// An outer `<svg>`'s natural size from its `width` and `height` attributes in px (its sizing properties when CSS
  /// gives none) and its ratio from the `viewBox`: one side and the ratio give the other, one side alone 300×150's
  /// other side; nil when it has neither sizes nor a viewBox (300×150).
  private func svgSize(_ svg: Element) -> (natural: (width: Double, height: Double)?, ratio: Double?)? {
    func length(_ name: String) -> Double? {
      guard let value = svg.getAttribute(name)?.trimmingCharacters(in: .whitespaces), !value.hasSuffix("%") else { return nil }
      return Double(value.hasSuffix("px") ? String(value.dropLast(2)) : value)
    }
    let width = length("width"), height = length("height")
    let box = (svg.getAttribute("viewBox") ?? "").split(whereSeparator: { $0 == " " || $0 == "," }).compactMap { Double($0) }
    let ratio = box.count == 4 && box[2] > 0 && box[3] > 0 ? box[3] / box[2] : nil
    switch (width, height) {
    case (let width?, let height?): return ((width, height), width > 0 ? height / width : ratio)
    case (let width?, nil): return ((width, ratio.map { width * $0 } ?? 150), ratio)
    case (nil, let height?): return ((ratio.map { height / $0 } ?? 300, height), ratio)
    default: return ratio.map { (nil, $0) }
    }
  }

  private func longestOption(_ select: Element) -> String {
    var longest = ""
    var node = select.firstChild
    while let current = node {
      if let option = current as? Element {
        let text = (option.textContent ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        if text.count > longest.count { longest = text }
        if option.localName == "optgroup" { node = option.firstChild ?? option.nextSibling; continue }
      }
      node = current.nextSibling ?? (current.parentNode !== select ? current.parentNode?.nextSibling : nil)
    }
    return longest
  }

  private func defaultButtonLabel(_ input: Element) -> String {
    switch (input.getAttribute("type") ?? "").asciiLowercased {
    case "submit": "Submit"
    case "reset": "Reset"
    default: ""
    }
  }
}
