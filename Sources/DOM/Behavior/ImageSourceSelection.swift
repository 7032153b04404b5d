/// The image source an `<img>` requests: its `<picture>`'s first `<source>` whose `media` matches and whose `type` is
/// supported, else the image itself; from that `srcset` (and `sizes`), the candidate whose density first reaches the
/// device pixel ratio (the densest when none does), as WebKit picks; `src` is the 1x candidate of the image's own set.
///
/// https://html.spec.whatwg.org/multipage/images.html#select-an-image-source — candidates parsed by
/// https://html.spec.whatwg.org/multipage/images.html#parse-a-srcset-attribute, `sizes` by
/// https://html.spec.whatwg.org/multipage/images.html#parse-a-sizes-attribute (lengths in px, em, rem, vw, vh and
/// `calc()` of them).
public enum ImageSourceSelection {
  public struct Candidate: Equatable, Sendable {
    public var url: String
    /// The density (`2x`), or nil for a width descriptor.
    public var density: Double?
    public var width: Int?
  }

  /// The types WebKitGTK 2.50 decodes, for `<source type>`.
  static let supportedTypes: Set<String> = [
    "image/png", "image/jpeg", "image/jpg", "image/gif", "image/webp", "image/svg+xml", "image/bmp", "image/x-icon",
    "image/vnd.microsoft.icon", "image/avif", "image/apng",
  ]

  /// The URL (as written, unresolved) the image requests; nil when it has none.
  public static func selectedSource(of image: Element, environment: MediaEnvironment) -> String? {
    var candidates: [Candidate] = []
    var sizes: String?
    if let picture = image.parentElement, picture.isHTML(named: "picture") {
      for child in picture.children {
        if child === image { break }
        guard child.isHTML(named: "source"), let srcset = child.getAttribute("srcset") else { continue }
        if let media = child.getAttribute("media"), !MediaQuery(media).matches(environment) { continue }
        if let type = child.getAttribute("type")?.trimmingCharacters(in: .whitespaces).lowercased(), !type.isEmpty,
          !supportedTypes.contains(type)
        {
          continue
        }
        let parsed = parseSrcset(srcset)
        guard !parsed.isEmpty else { continue }
        candidates = parsed
        sizes = child.getAttribute("sizes")
        break
      }
    }
    if candidates.isEmpty {
      candidates = parseSrcset(image.getAttribute("srcset") ?? "")
      sizes = image.getAttribute("sizes")
      if let src = image.getAttribute("src"), !src.isEmpty, !candidates.contains(where: { ($0.density ?? 0) == 1 && $0.width == nil }) {
        candidates.append(Candidate(url: src, density: 1, width: nil))
      }
    }
    guard !candidates.isEmpty else { return nil }
    let sourceSize = sourceSizeValue(sizes ?? "", environment: environment)
    let ranked = candidates.map { candidate -> (String, Double) in
      let density = candidate.density ?? candidate.width.map { sourceSize > 0 ? Double($0) / sourceSize : 1 } ?? 1
      return (candidate.url, density)
    }
    let sorted = ranked.enumerated().sorted { ($0.element.1, $0.offset) < ($1.element.1, $1.offset) }.map(\.element)
    return (sorted.first { $0.1 >= environment.devicePixelRatio } ?? sorted.last)?.0
  }

  /// https://html.spec.whatwg.org/multipage/images.html#parse-a-srcset-attribute: candidates with a bad descriptor
  /// are dropped; one with none is 1x.
  public static func parseSrcset(_ text: String) -> [Candidate] {
    let characters = Array(text)
    var index = 0
    var result: [Candidate] = []
    func isSpace(_ c: Character) -> Bool { c == " " || c == "\t" || c == "\n" || c == "\r" || c == "\u{0C}" }
    while index < characters.count {
      while index < characters.count, isSpace(characters[index]) || characters[index] == "," { index += 1 }
      guard index < characters.count else { break }
      let start = index
      while index < characters.count, !isSpace(characters[index]) { index += 1 }
      var url = String(characters[start..<index])
      var descriptors: [String] = []
      if url.hasSuffix(",") {
        while url.hasSuffix(",") { url.removeLast() }
      } else {
        // Descriptors up to a comma outside parentheses.
        var current = ""
        var inParentheses = false
        while index < characters.count {
          let c = characters[index]
          index += 1
          if inParentheses {
            current.append(c)
            if c == ")" { inParentheses = false }
          } else if c == "," {
            break
          } else if isSpace(c) {
            if !current.isEmpty { descriptors.append(current) }
            current = ""
          } else {
            if c == "(" { inParentheses = true }
            current.append(c)
          }
        }
        if !current.isEmpty { descriptors.append(current) }
      }
      guard !url.isEmpty else { continue }
      var candidate = Candidate(url: url, density: nil, width: nil)
      var valid = true
      for descriptor in descriptors {
        let value = descriptor.dropLast()
        switch descriptor.last {
        case "w" where candidate.width == nil && candidate.density == nil:
          if let width = Int(value), width > 0 { candidate.width = width } else { valid = false }
        case "x" where candidate.width == nil && candidate.density == nil:
          if let density = Double(value), density >= 0 { candidate.density = density } else { valid = false }
        case "h":
          break  // A height descriptor is parsed and ignored (with a width).
        default:
          valid = false
        }
      }
      if valid {
        if candidate.width == nil && candidate.density == nil { candidate.density = 1 }
        result.append(candidate)
      }
    }
    return result
  }

  /// https://html.spec.whatwg.org/multipage/images.html#parse-a-sizes-attribute: the first entry whose media
  /// condition matches (the last may have none); 100vw when none does or the list is empty.
  static func sourceSizeValue(_ sizes: String, environment: MediaEnvironment) -> Double {
    for entry in splitTopLevelCommas(sizes) {
      let trimmed = entry.trimmingCharacters(in: .whitespaces)
      guard !trimmed.isEmpty else { continue }
      // The length is the last component: a calc() or a word.
      let lengthStart: String.Index
      if trimmed.hasSuffix(")"), let calc = trimmed.range(of: "calc(", options: .backwards) {
        lengthStart = calc.lowerBound
      } else {
        lengthStart = trimmed.lastIndex(where: { $0 == " " || $0 == ")" }).map { trimmed.index(after: $0) } ?? trimmed.startIndex
      }
      let condition = trimmed[..<lengthStart].trimmingCharacters(in: .whitespaces)
      guard let length = lengthValue(String(trimmed[lengthStart...]), environment: environment) else { continue }
      if condition.isEmpty || MediaQuery(condition).matches(environment) { return length }
    }
    return environment.width
  }

  private static func lengthValue(_ text: String, environment: MediaEnvironment) -> Double? {
    let lower = text.trimmingCharacters(in: .whitespaces).lowercased()
    if lower.hasPrefix("calc("), lower.hasSuffix(")") {
      // Sums and differences of lengths.
      var total = 0.0
      var sign = 1.0
      for token in lower.dropFirst(5).dropLast().split(separator: " ") {
        switch token {
        case "+": sign = 1
        case "-": sign = -1
        default:
          guard let value = lengthValue(String(token), environment: environment) else { return nil }
          total += sign * value
        }
      }
      return total
    }
    let units: [(String, Double)] = [
      ("px", 1), ("rem", 16), ("em", 16), ("vw", environment.width / 100), ("vh", environment.height / 100),
    ]
    for (unit, scale) in units where lower.hasSuffix(unit) {
      guard let number = Double(lower.dropLast(unit.count)), number >= 0 else { return nil }
      return number * scale
    }
    return lower == "0" ? 0 : nil
  }

  private static func splitTopLevelCommas(_ text: String) -> [String] {
    var parts: [String] = []
    var current = ""
    var depth = 0
    for c in text {
      if c == "(" { depth += 1 }
      if c == ")" { depth = max(0, depth - 1) }
      if c == ",", depth == 0 {
        parts.append(current)
        current = ""
      } else {
        current.append(c)
      }
    }
    parts.append(current)
    return parts
  }
}
