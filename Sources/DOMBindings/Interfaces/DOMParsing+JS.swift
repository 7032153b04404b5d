import DOM
import JSBridge

extension DOMInterfaces {
  /// https://html.spec.whatwg.org/multipage/dynamic-markup-insertion.html#domparser
  static let domParser = Interface<DOMParser>("DOMParser") { b in
    b.constructor { args in DOMParser(owner: try args.context.window().document) }
    b.method("parseFromString", length: 2) { parser, args in
      let string = try args.string(0), type = try args.string(1)
      guard let supported = DOMParser.SupportedType(rawValue: type) else {
        throw ScriptError.typeError(
          "DOMParser.parseFromString: '\(type)' is not a valid value for enumeration DOMParserSupportedType "
            + "(use " + DOMParser.SupportedType.allCases.map { "'\($0.rawValue)'" }.joined(separator: ", ") + ").")
      }
      return parser.parseFromString(string, type: supported)
    }
  }

  /// https://w3c.github.io/DOM-Parsing/#the-xmlserializer-interface
  static let xmlSerializer = Interface<XMLSerializer>("XMLSerializer") { b in
    b.constructor { _ in XMLSerializer() }
    b.method("serializeToString", length: 1) { serializer, args in
      try serializer.serializeToString(args.object(0, as: Node.self))
    }
  }
}

extension DOMParser: ScriptExposed {
  public static var scriptInterface: AnyInterface { DOMInterfaces.domParser.erased }
}

extension XMLSerializer: ScriptExposed {
  public static var scriptInterface: AnyInterface { DOMInterfaces.xmlSerializer.erased }
}
