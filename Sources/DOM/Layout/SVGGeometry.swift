import Foundation

/// The boxes of an outer `<svg>`'s graphics: each shape's bounding box in user space (`path` data, `rect`, `circle`,
/// `ellipse`, `line`, `polyline`, `polygon`, `image`, `use`'s size), through the `transform` attributes and the
/// `viewBox` (`preserveAspectRatio`, xMidYMid meet by default) into the svg's content box; a group's box is the union
/// of its children's. Hit testing finds the topmost shape whose box holds the point (WebKit tests the fill itself;
/// the box is the nearest a layout without painting has).
///
/// https://svgwg.org/svg2-draft/coords.html#ViewBoxAttribute and
/// https://svgwg.org/svg2-draft/coords.html#BoundingBoxes
struct SVGGeometry {
  /// An affine transform (a b c d e f), as SVG writes matrices.
  struct Transform {
    var a = 1.0, b = 0.0, c = 0.0, d = 1.0, e = 0.0, f = 0.0

    func then(_ next: Transform) -> Transform {
      // self applied first, then next: next × self.
      Transform(
        a: next.a * a + next.c * b, b: next.b * a + next.d * b, c: next.a * c + next.c * d, d: next.b * c + next.d * d,
        e: next.a * e + next.c * f + next.e, f: next.b * e + next.d * f + next.f)
    }

    func apply(_ x: Double, _ y: Double) -> (Double, Double) { (a * x + c * y + e, b * x + d * y + f) }

    func apply(_ rect: LayoutRect) -> LayoutRect {
      let corners = [apply(rect.x, rect.y), apply(rect.maxX, rect.y), apply(rect.x, rect.maxY), apply(rect.maxX, rect.maxY)]
      let left = corners.map(\.0).min()!, right = corners.map(\.0).max()!
      let top = corners.map(\.1).min()!, bottom = corners.map(\.1).max()!
      return LayoutRect(x: left, y: top, width: right - left, height: bottom - top)
    }
  }

  /// Every rendered graphics element and group under `svg`, with its box in document coordinates, in tree (paint)
  /// order; `shapes` are the ones hit testing can find.
  private(set) var boxes: [(element: Element, rect: LayoutRect)] = []
  private(set) var shapes: [(element: Element, rect: LayoutRect)] = []

  init(svg: Element, contentBox: LayoutRect) {
    let base = Self.viewBoxTransform(svg, contentBox: contentBox)
    for child in svg.children { _ = visit(child, transform: base) }
  }

  private static let notRendered: Set<String> = [
    "defs", "clipPath", "mask", "symbol", "pattern", "marker", "linearGradient", "radialGradient", "filter", "title",
    "desc", "metadata", "style", "script", "foreignObject",
  ]

  /// The element's box (nil when it has none), recorded with its descendants'.
  private mutating func visit(_ element: Element, transform parent: Transform) -> LayoutRect? {
    guard element.namespaceURI == LibXML.Namespace.svg.rawValue, !Self.notRendered.contains(element.localName),
      element.computedStyle?[.display] != "none"
    else { return nil }
    let transform = Self.parseTransform(element.getAttribute("transform") ?? "").then(parent)
    let rect: LayoutRect?
    switch element.localName {
    case "g", "a", "svg", "switch":
      let index = boxes.count
      boxes.append((element, .zero))
      var union: LayoutRect?
      for child in element.children {
        guard let box = visit(child, transform: transform) else { continue }
        union = union.map { $0.union(box) } ?? box
      }
      boxes[index].rect = union ?? .zero
      return union
    default:
      rect = Self.userSpaceBox(element).map { transform.apply($0) }
    }
    guard let rect else { return nil }
    boxes.append((element, rect))
    shapes.append((element, rect))
    return rect
  }

  /// The viewBox mapping of an outer svg into its content box.
  static func viewBoxTransform(_ svg: Element, contentBox: LayoutRect) -> Transform {
    let numbers = numberList(svg.getAttribute("viewBox") ?? "")
    guard numbers.count == 4, numbers[2] > 0, numbers[3] > 0 else {
      return Transform(e: contentBox.x, f: contentBox.y)
    }
    let (vx, vy, vw, vh) = (numbers[0], numbers[1], numbers[2], numbers[3])
    let aspect = (svg.getAttribute("preserveAspectRatio") ?? "").split(separator: " ").map(String.init)
    var sx = contentBox.width / vw, sy = contentBox.height / vh
    let align = aspect.first ?? "xMidYMid"
    if align != "none" {
      let scale = aspect.contains("slice") ? max(sx, sy) : min(sx, sy)
      sx = scale
      sy = scale
    }
    var tx = contentBox.x - vx * sx, ty = contentBox.y - vy * sy
    if align != "none" {
      let freeX = contentBox.width - vw * sx, freeY = contentBox.height - vh * sy
      if align.contains("xMid") { tx += freeX / 2 } else if align.contains("xMax") { tx += freeX }
      if align.contains("YMid") { ty += freeY / 2 } else if align.contains("YMax") { ty += freeY }
    }
    return Transform(a: sx, d: sy, e: tx, f: ty)
  }

  /// A shape's bounding box in its user space.
  static func userSpaceBox(_ element: Element) -> LayoutRect? {
    func number(_ name: String) -> Double { Double((element.getAttribute(name) ?? "").trimmingCharacters(in: .whitespaces).replacingOccurrences(of: "px", with: "")) ?? 0 }
    switch element.localName {
    case "rect", "image", "use", "foreignObject":
      let width = number("width"), height = number("height")
      guard width > 0, height > 0 else { return nil }
      return LayoutRect(x: number("x"), y: number("y"), width: width, height: height)
    case "circle":
      let r = number("r")
      guard r > 0 else { return nil }
      return LayoutRect(x: number("cx") - r, y: number("cy") - r, width: 2 * r, height: 2 * r)
    case "ellipse":
      let rx = number("rx"), ry = number("ry")
      guard rx > 0, ry > 0 else { return nil }
      return LayoutRect(x: number("cx") - rx, y: number("cy") - ry, width: 2 * rx, height: 2 * ry)
    case "line":
      return bounds(of: [(number("x1"), number("y1")), (number("x2"), number("y2"))])
    case "polyline", "polygon":
      let values = numberList(element.getAttribute("points") ?? "")
      return bounds(of: stride(from: 0, to: values.count - 1, by: 2).map { (values[$0], values[$0 + 1]) })
    case "path":
      return bounds(of: pathPoints(element.getAttribute("d") ?? ""))
    default:
      return nil
    }
  }

  private static func bounds(of points: [(Double, Double)]) -> LayoutRect? {
    guard let first = points.first else { return nil }
    var left = first.0, right = first.0, top = first.1, bottom = first.1
    for (x, y) in points.dropFirst() {
      left = min(left, x)
      right = max(right, x)
      top = min(top, y)
      bottom = max(bottom, y)
    }
    return LayoutRect(x: left, y: top, width: right - left, height: bottom - top)
  }

  /// The end points and control points of path data (https://svgwg.org/svg2-draft/paths.html#PathData); the box of
  /// these holds the path (a curve stays inside its control points' hull); arcs count by their end points.
  static func pathPoints(_ data: String) -> [(Double, Double)] {
    var points: [(Double, Double)] = []
    var scanner = NumberScanner(Array(data.utf8))
    var x = 0.0, y = 0.0, startX = 0.0, startY = 0.0
    var command: UInt8 = 0
    while let next = scanner.command() ?? (command == 0 ? nil : command) {
      command = next
      let relative = command >= UInt8(ascii: "a")
      let dx = relative ? x : 0, dy = relative ? y : 0
      switch command | 0x20 {
      case UInt8(ascii: "m"), UInt8(ascii: "l"), UInt8(ascii: "t"):
        guard let px = scanner.number(), let py = scanner.number() else { return points }
        x = px + dx
        y = py + dy
        points.append((x, y))
        if command | 0x20 == UInt8(ascii: "m") {
          startX = x
          startY = y
          command = relative ? UInt8(ascii: "l") : UInt8(ascii: "L")  // Further pairs are lines.
        }
      case UInt8(ascii: "h"):
        guard let px = scanner.number() else { return points }
        x = px + dx
        points.append((x, y))
      case UInt8(ascii: "v"):
        guard let py = scanner.number() else { return points }
        y = py + dy
        points.append((x, y))
      case UInt8(ascii: "c"), UInt8(ascii: "s"), UInt8(ascii: "q"):
        let pairs = command | 0x20 == UInt8(ascii: "c") ? 3 : 2
        for _ in 0..<pairs {
          guard let px = scanner.number(), let py = scanner.number() else { return points }
          points.append((px + dx, py + dy))
          x = px + dx
          y = py + dy
        }
      case UInt8(ascii: "a"):
        // The radii, rotation and flags, then the end point: an arc is taken by its end point (its bulge is not
        // measured).
        guard scanner.number() != nil, scanner.number() != nil, scanner.number() != nil, scanner.flag() != nil,
          scanner.flag() != nil, let px = scanner.number(), let py = scanner.number()
        else { return points }
        x = px + dx
        y = py + dy
        points.append((x, y))
      case UInt8(ascii: "z"):
        x = startX
        y = startY
        command = 0
      default:
        return points
      }
    }
    return points
  }

  /// Numbers separated by spaces or commas.
  static func numberList(_ text: String) -> [Double] {
    var scanner = NumberScanner(Array(text.utf8))
    var result: [Double] = []
    while let value = scanner.number() { result.append(value) }
    return result
  }

  /// https://svgwg.org/svg2-draft/coords.html#TransformProperty — the functions in order, the first applied last.
  static func parseTransform(_ text: String) -> Transform {
    var result = Transform()
    var rest = Substring(text)
    while let open = rest.firstIndex(of: "("), let close = rest[open...].firstIndex(of: ")") {
      let name = rest[..<open].trimmingCharacters(in: .whitespaces.union(.init(charactersIn: ","))).lowercased()
      let values = numberList(String(rest[rest.index(after: open)..<close]))
      var step = Transform()
      switch (name, values.count) {
      case ("matrix", 6): step = Transform(a: values[0], b: values[1], c: values[2], d: values[3], e: values[4], f: values[5])
      case ("translate", 1): step = Transform(e: values[0])
      case ("translate", 2): step = Transform(e: values[0], f: values[1])
      case ("scale", 1): step = Transform(a: values[0], d: values[0])
      case ("scale", 2): step = Transform(a: values[0], d: values[1])
      case ("rotate", 1), ("rotate", 3):
        let angle = values[0] * .pi / 180
        let (cx, cy) = values.count == 3 ? (values[1], values[2]) : (0, 0)
        let rotation = Transform(a: cos(angle), b: sin(angle), c: -sin(angle), d: cos(angle))
        step = Transform(e: -cx, f: -cy).then(rotation).then(Transform(e: cx, f: cy))
      case ("skewx", 1): step = Transform(c: tan(values[0] * .pi / 180))
      case ("skewy", 1): step = Transform(b: tan(values[0] * .pi / 180))
      default: break
      }
      // "transform: A B" maps a point by B first, then A.
      result = step.then(result)
      rest = rest[rest.index(after: close)...]
    }
    return result
  }
}

/// Reads SVG numbers (`-1.5e3`, `.5.5` as two numbers), commands and arc flags from bytes.
private struct NumberScanner {
  let bytes: [UInt8]
  var index = 0

  init(_ bytes: [UInt8]) { self.bytes = bytes }

  private mutating func skipSeparators() {
    while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D, 0x0C, UInt8(ascii: ",")].contains(bytes[index]) { index += 1 }
  }

  /// The next path command letter, if that is what comes next.
  mutating func command() -> UInt8? {
    skipSeparators()
    guard index < bytes.count else { return nil }
    let byte = bytes[index]
    let letter = byte | 0x20
    guard letter >= UInt8(ascii: "a"), letter <= UInt8(ascii: "z"), letter != UInt8(ascii: "e") else { return nil }
    index += 1
    return byte
  }

  mutating func flag() -> Bool? {
    skipSeparators()
    guard index < bytes.count, bytes[index] == UInt8(ascii: "0") || bytes[index] == UInt8(ascii: "1") else { return nil }
    index += 1
    return bytes[index - 1] == UInt8(ascii: "1")
  }

  mutating func number() -> Double? {
    skipSeparators()
    let start = index
    if index < bytes.count, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") { index += 1 }
    var digits = false, dot = false
    while index < bytes.count {
      let byte = bytes[index]
      if byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") {
        digits = true
      } else if byte == UInt8(ascii: "."), !dot {
        dot = true
      } else {
        break
      }
      index += 1
    }
    guard digits else {
      index = start
      return nil
    }
    if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "e") {
      var exponent = index + 1
      if exponent < bytes.count, bytes[exponent] == UInt8(ascii: "-") || bytes[exponent] == UInt8(ascii: "+") { exponent += 1 }
      if exponent < bytes.count, bytes[exponent] >= UInt8(ascii: "0") && bytes[exponent] <= UInt8(ascii: "9") {
        index = exponent
        while index < bytes.count, bytes[index] >= UInt8(ascii: "0") && bytes[index] <= UInt8(ascii: "9") { index += 1 }
      }
    }
    return Double(String(decoding: bytes[start..<index], as: UTF8.self))
  }
}
