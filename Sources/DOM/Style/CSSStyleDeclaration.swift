/// An element's inline style, backed by its `style` attribute, or (``isComputed``) its computed style.
///
/// Every read re-parses the attribute (so `setAttribute("style", …)` is seen at once) and every
/// write re-serializes it the way Chrome does: `name: value;` declarations joined by single
/// spaces, `!important` kept as ` !important`. Values are kept as written (no validation, and a
/// shorthand stays one declaration; `background-color` alone reads its part back from `background`).
///
/// A computed declaration (`getComputedStyle`) is read-only and live: it lists the properties the cascade
/// computes (``StyleProperty``) with their current values, answers "" for other properties, and refuses writes
/// (``checkWritable(_:)``); all its values are "" while the element is outside its document.
public final class CSSStyleDeclaration {
  /// One declaration.
  public struct Declaration: Equatable, Sendable {
    /// The property name (lowercased unless a `--custom` property).
    public var name: String
    public var value: String
    public var important: Bool
  }

  /// The element whose `style` attribute this is (unowned: the element owns its declaration).
  public unowned let element: Element

  /// True for the read-only declaration of computed values.
  public let isComputed: Bool

  init(element: Element) {
    self.element = element
    isComputed = false
  }

  /// The computed style of `element`, as `getComputedStyle(element)` returns it.
  public init(computedStyleOf element: Element) {
    self.element = element
    isComputed = true
  }

  /// The declarations, parsed from the `style` attribute now (for a computed declaration: every computed
  /// property, sorted by name, with its value).
  public var declarations: [Declaration] {
    guard isComputed else { return Self.parse(element.getAttribute("style") ?? "") }
    guard let style = element.computedStyle else { return [] }
    return Self.computedProperties.map { Declaration(name: $0.name, value: style[$0], important: false) }
  }

  private static let computedProperties = StyleProperty.allCases.filter(\.isReported).sorted { $0.name < $1.name }

  /// Throws NoModificationAllowedError, as a browser does, when this is a computed declaration.
  public func checkWritable(_ property: String) throws {
    guard isComputed else { return }
    throw DOMException(
      .noModificationAllowedError, "These styles are computed, and therefore the '\(property)' property is read-only.")
  }

  /// The number of declarations.
  public var length: Int { declarations.count }

  /// The name of the declaration at `index` ("" when out of range).
  public func item(_ index: Int) -> String {
    let list = declarations
    return list.indices.contains(index) ? list[index].name : ""
  }

  /// The whole declaration block, serialized; setting it replaces every declaration.
  public var cssText: String {
    get { isComputed ? "" : Self.serialize(declarations) }
    set { store(Self.parse(newValue)) }
  }

  /// The value of a property ("" when not set).
  public func getPropertyValue(_ property: String) -> String {
    let name = Self.normalizedName(property)
    if isComputed { return element.computedStyle?.value(forProperty: name) ?? "" }
    // The last declaration that sets it wins: itself, or a shorthand whose part it is (`background: red` gives
    // `background-color` "red", as WebKit answers; a shorthand without that part gives "transparent").
    var found = ""
    for declaration in declarations {
      if declaration.name == name {
        found = declaration.value
      } else if let part = Self.longhand(name, of: declaration) {
        found = part
      }
    }
    return found
  }

  /// The value the shorthand `declaration` gives `longhand`, for the shorthands whose parts are read back here;
  /// nil when it is not one of them or does not set `longhand`.
  private static func longhand(_ longhand: String, of declaration: Declaration) -> String? {
    switch (declaration.name, longhand) {
    case ("background", "background-color"):
      guard let word = CSSValue.backgroundColorWord(declaration.value) else { return nil }
      if word.isEmpty { return "transparent" }
      return word.contains("#") || word.contains("(") ? serializingColors(word) : word.asciiLowercased
    default:
      return nil
    }
  }

  /// "important" when the property is set with `!important`, else "".
  public func getPropertyPriority(_ property: String) -> String {
    let name = Self.normalizedName(property)
    if isComputed { return "" }
    return declarations.first { $0.name == name }?.important == true ? "important" : ""
  }

  /// Sets a property (in place when present, else appended); an empty value removes it.
  ///
  /// https://drafts.csswg.org/cssom/#dom-cssstyledeclaration-setproperty
  public func setProperty(_ property: String, _ value: String, priority: String = "") {
    let name = Self.normalizedName(property)
    // Step 4.
    let trimmed = value.trimmingCSSWhitespace()
    if trimmed.isEmpty {
      removeProperty(name)
      return
    }
    // Step 5: a priority other than "" or "important" is ignored.
    let lowered = priority.asciiLowercased
    guard lowered.isEmpty || lowered == "important" else { return }
    // Steps 6-9. A shorthand replaces its longhands (`background` its `background-color`).
    var list = declarations
    if let covers = Self.longhandPrefixes[name] {
      list.removeAll { declaration in covers.contains { declaration.name.hasPrefix($0) } && declaration.name != name }
    }
    let declaration = Declaration(name: name, value: trimmed, important: lowered == "important")
    if let index = list.firstIndex(where: { $0.name == name }) {
      list[index] = declaration
    } else {
      list.append(declaration)
    }
    store(list)
  }

  /// Removes a property; returns its old value ("" when it was not set).
  @discardableResult
  public func removeProperty(_ property: String) -> String {
    let name = Self.normalizedName(property)
    var list = declarations
    guard let index = list.firstIndex(where: { $0.name == name }) else { return "" }
    let old = list.remove(at: index).value
    store(list)
    return old
  }

  /// Gets or sets a property by its camelCase IDL name (`backgroundColor`, `cssFloat`, `webkitTransform`).
  public subscript(camelCase attribute: String) -> String {
    get { getPropertyValue(Self.propertyName(forAttribute: attribute)) }
    set { setProperty(Self.propertyName(forAttribute: attribute), newValue) }
  }

  /// Writes `list` to the `style` attribute, colors as WebKit serializes them (`#336699` is `rgb(51, 102, 153)`;
  /// keywords and custom properties stay as written).
  private func store(_ list: [Declaration]) {
    guard !isComputed else { return }
    let normalized = list.map { declaration in
      var declaration = declaration
      if !declaration.name.hasPrefix("--") { declaration.value = Self.serializingColors(declaration.value) }
      return declaration
    }
    element.setAttributeUnchecked("style", Self.serialize(normalized))
  }

  /// The longhands each shorthand sets, by name prefix (of those a page commonly writes both ways).
  static let longhandPrefixes: [String: [String]] = [
    "background": ["background-"], "margin": ["margin-"], "padding": ["padding-"],
    "border": ["border-top", "border-right", "border-bottom", "border-left", "border-width", "border-style",
               "border-color", "border-image"],
    "border-top": ["border-top-"], "border-right": ["border-right-"], "border-bottom": ["border-bottom-"],
    "border-left": ["border-left-"], "font": ["font-", "line-height"], "list-style": ["list-style-"],
    "outline": ["outline-"], "overflow": ["overflow-"], "flex": ["flex-grow", "flex-shrink", "flex-basis"],
    "text-decoration": ["text-decoration-"], "transition": ["transition-"], "animation": ["animation-"],
  ]

  /// `value` with each hex color and `rgb()`/`rgba()`/`hsl()`/`hsla()`/`hwb()` color written as the color
  /// serializer writes it; strings and `url()` are left alone.
  static func serializingColors(_ value: String) -> String {
    guard value.contains("#") || value.contains("(") else { return value }
    let scalars = Array(value.unicodeScalars)
    var out = String.UnicodeScalarView()
    var i = 0
    func isName(_ s: Unicode.Scalar) -> Bool {
      (s >= "a" && s <= "z") || (s >= "A" && s <= "Z") || (s >= "0" && s <= "9") || s == "-" || s == "_" || s.value >= 0x80
    }
    /// The index after the `)` matching the `(` at `open`.
    func closing(from open: Int) -> Int {
      var depth = 0, j = open
      while j < scalars.count {
        if scalars[j] == "(" { depth += 1 } else if scalars[j] == ")" { depth -= 1; if depth == 0 { return j + 1 } }
        j += 1
      }
      return scalars.count
    }
    while i < scalars.count {
      let c = scalars[i]
      if c == "\"" || c == "'" {
        var j = i + 1
        while j < scalars.count, scalars[j] != c { j += scalars[j] == "\\" ? 2 : 1 }
        j = min(j + 1, scalars.count)
        out.append(contentsOf: scalars[i..<j])
        i = j
      } else if c == "#", i + 1 < scalars.count, isName(scalars[i + 1]) {
        var j = i + 1
        while j < scalars.count, isName(scalars[j]) { j += 1 }
        let token = String(String.UnicodeScalarView(scalars[i..<j]))
        if [4, 5, 7, 9].contains(j - i), let color = CSSColor.parse(token.asciiLowercased) {
          out.append(contentsOf: color.serialized.unicodeScalars)
        } else {
          out.append(contentsOf: token.unicodeScalars)
        }
        i = j
      } else if isName(c), i == 0 || !isName(scalars[i - 1]) {
        var j = i
        while j < scalars.count, isName(scalars[j]) { j += 1 }
        let name = String(String.UnicodeScalarView(scalars[i..<j])).asciiLowercased
        guard j < scalars.count, scalars[j] == "(" else {
          out.append(contentsOf: scalars[i..<j])
          i = j
          continue
        }
        let end = closing(from: j)
        let call = String(String.UnicodeScalarView(scalars[i..<end]))
        if ["rgb", "rgba", "hsl", "hsla", "hwb"].contains(name), let color = CSSColor.parse(call.asciiLowercased) {
          out.append(contentsOf: color.serialized.unicodeScalars)
        } else if name == "url" {
          out.append(contentsOf: call.unicodeScalars)
        } else {
          // Another function (a gradient): its arguments may hold colors.
          out.append(contentsOf: scalars[i...j])
          out.append(contentsOf: serializingColors(String(String.UnicodeScalarView(scalars[(j + 1)..<max(j + 1, end - 1)]))).unicodeScalars)
          if end - 1 > j, scalars[end - 1] == ")" { out.append(")") }
        }
        i = end
      } else {
        out.append(c)
        i += 1
      }
    }
    return String(out)
  }

  static func normalizedName(_ name: String) -> String {
    name.hasPrefix("--") ? name : name.asciiLowercased
  }

  /// `name: value;` (with ` !important`) joined by single spaces.
  static func serialize(_ list: [Declaration]) -> String {
    list.map { "\($0.name): \($0.value)\($0.important ? " !important" : "");" }.joined(separator: " ")
  }
}

