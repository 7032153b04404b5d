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
      default: return (171, 21)
      }
    case "textarea": return (166, 36)
    case "select": return nil
    case "iframe", "frame", "fencedframe": return (304, 154)
    case "canvas", "video", "svg", "embed", "object": return (300, 150)
    case "audio": return (300, 54)
    case "progress": return (160, 6)
    case "meter": return (80, 16)
    default: return nil
    }
  }

  /// The content-box size of a replaced box.
  func replacedSize(_ box: LayoutBox, containerWidth: Double?) -> (width: Double, height: Double) {
    guard let element = box.element else { return (0, 0) }
    let style = box.style
    let padding = style.resolvedPadding(containerWidth ?? 0)
    let frameH = box.border.horizontal + padding.horizontal, frameV = box.border.vertical + padding.vertical
    func content(_ length: BoxStyle.Length, basis: Double?, frame: Double) -> Double? {
      length.resolve(basis).map { style.borderBox ? max(0, $0 - frame) : $0 }
    }
    let width = content(style.width, basis: containerWidth, frame: frameH)
    let height = content(style.height, basis: nil, frame: frameV)
    var natural: (width: Double, height: Double)
    /// The height over the width that a width or height alone keeps (the natural ratio when there is one).
    var ratio: Double?
    if let size = naturalSize?(element) {
      natural = size
    } else if element.localName == "img" {
      // An image that is not available offline is broken: WebKit sizes it to its alt text, else its icon (1:1).
      natural = brokenImageSize(element, style: style)
      ratio = 1
    } else if element.localName == "svg", let size = svgAttributeSize(element) {
      natural = size
    } else if let size = Self.defaultBorderBox(element) {
      natural = (max(0, size.width - frameH), max(0, size.height - frameV))
    } else if element.localName == "select" || element.localName == "input" || element.localName == "button" {
      // A button or select: its label's width at its font, WebKit's padding and border around it.
      let label = element.localName == "select" ? longestOption(element) : (element.getAttribute("value") ?? defaultButtonLabel(element))
      let font = font(style)
      let textWidth = font.width(of: Substring(label))
      natural = element.localName == "select" ? (textWidth + 30, 25 - frameV) : (textWidth, font.normalLineHeight)
    } else {
      natural = (0, 0)
    }
    switch (width, height) {
    case (let width?, let height?): return (width, height)
    case (let width?, nil):
      if let ratio { return (width, width * ratio) }
      return (width, natural.width > 0 ? width * natural.height / natural.width : natural.height)
    case (nil, let height?):
      if let ratio { return (height / ratio, height) }
      return (natural.height > 0 ? height * natural.width / natural.height : natural.width, height)
    default:
      let clampedWidth = clampWidth(natural.width, style, containerWidth: containerWidth ?? 0, frame: frameH)
      return (clampedWidth, clampHeight(natural.height, style, containerHeight: nil, frame: frameV))
    }
  }

  /// A broken image's size in WebKit (RenderImage::setImageSizeForAltText, measured in WebKitGTK 2.50): no alt
  /// attribute gives the broken-image icon's 20×20; an empty alt nothing; else the alt text on one line, at most
  /// 1024 px wide, with 2 px around it (a 16 px "Logo" is 43×23).
  private func brokenImageSize(_ image: Element, style: BoxStyle) -> (width: Double, height: Double) {
    guard let alt = image.getAttribute("alt") else { return (20, 20) }
    guard !alt.isEmpty else { return (0, 0) }
    let font = font(style)
    let textWidth = min(font.width(of: Substring(alt)).rounded(.up), 1024)
    let textHeight = min(font.ascent.rounded() + font.descent.rounded(), 256)
    return (max(20, textWidth + 4), max(20, textHeight + 4))
  }

  /// An outer `<svg>`'s `width` and `height` attributes in px (its sizing properties when CSS gives none), the
  /// other side from the `viewBox` ratio when only one is given; 300×150 fills what is missing.
  private func svgAttributeSize(_ svg: Element) -> (width: Double, height: Double)? {
    func length(_ name: String) -> Double? {
      guard let value = svg.getAttribute(name)?.trimmingCharacters(in: .whitespaces), !value.hasSuffix("%") else { return nil }
      return Double(value.hasSuffix("px") ? String(value.dropLast(2)) : value)
    }
    let width = length("width"), height = length("height")
    guard width != nil || height != nil else { return nil }
    let box = (svg.getAttribute("viewBox") ?? "").split(whereSeparator: { $0 == " " || $0 == "," }).compactMap { Double($0) }
    let ratio = box.count == 4 && box[2] > 0 && box[3] > 0 ? box[3] / box[2] : nil
    switch (width, height) {
    case (let width?, let height?): return (width, height)
    case (let width?, nil): return (width, ratio.map { width * $0 } ?? 150)
    case (nil, let height?): return (ratio.map { height / $0 } ?? 300, height)
    default: return nil
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
