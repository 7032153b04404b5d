import DOM
import JSBridge

extension CSSStyleDeclaration: ScriptExposed {
  /// The `CSSStyleDeclaration` interface.
  public static var scriptInterface: AnyInterface { DOMInterfaces.cssStyleDeclaration.erased }
}

extension DOMInterfaces {
  /// https://drafts.csswg.org/cssom/#the-cssstyledeclaration-interface
  ///
  /// The camelCase and dashed names of the properties a browser knows (`backgroundColor`, `background-color`, the
  /// `background` shorthand, `webkitTransform`, `cssFloat`) are named properties that read and write the element's
  /// `style` attribute (or read a computed style).
  static let cssStyleDeclaration = Interface<CSSStyleDeclaration>("CSSStyleDeclaration") { b in
    b.stringAccessor("cssText", get: { $0.cssText }, set: { style, text in
      try style.checkWritable("cssText")
      style.cssText = text
    })
    b.indexed(length: { $0.length }, item: { style, index in style.item(index) })
    b.method("item", length: 1) { style, args in style.item(try args.uint32(0)) }
    b.method("getPropertyValue", length: 1) { style, args in style.getPropertyValue(try args.string(0)) }
    b.method("getPropertyPriority", length: 1) { style, args in style.getPropertyPriority(try args.string(0)) }
    b.method("setProperty", length: 2) { style, args in
      try style.checkWritable(try args.string(0))
      style.setProperty(try args.string(0), try args.stringNullAsEmpty(1), priority: try args.optionalString(2) ?? "")
    }
    b.method("removeProperty", length: 1) { style, args in
      try style.checkWritable(try args.string(0))
      return style.removeProperty(try args.string(0))
    }
    b.getter("parentRule") { _ in ScriptNull() }
    b.namedProperties(
      get: { style, name in isStyleProperty(name) ? style[camelCase: name] : nil },
      set: { style, name, value in
        guard isStyleProperty(name) else { return false }
        try style.checkWritable(CSSStyleDeclaration.propertyName(forAttribute: name))
        style[camelCase: name] = try value.stringNullAsEmpty()
        return true
      },
      keys: { style in style.declarations.map { CSSStyleDeclaration.attributeName(forProperty: $0.name) } })
  }

  /// Names that are members of the interface or of `Object.prototype`, never CSS properties.
  static let styleReserved: Set<String> = [
    "cssText", "length", "item", "getPropertyValue", "getPropertyPriority", "setProperty", "removeProperty",
    "parentRule", "constructor", "toString", "toLocaleString", "valueOf", "hasOwnProperty", "isPrototypeOf",
    "propertyIsEnumerable", "toJSON", "then", "keys", "values", "entries", "forEach",
  ]

  /// True for an IDL attribute name of a CSS property a browser knows (camelCase or dashed), and not a member name.
  static func isStyleProperty(_ name: String) -> Bool {
    !styleReserved.contains(name) && CSSStyleDeclaration.property(forAttribute: name) != nil
  }
}

/// `null` for a binding getter.
struct ScriptNull: ScriptConvertible {
  func scriptValue(in context: ScriptContext) throws(ScriptError) -> ScriptValue { context.makeNull() }
}
