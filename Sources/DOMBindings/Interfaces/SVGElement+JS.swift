import DOM
import JSBridge

/// `svgElement.className`: the `class` attribute as SVG's animated string (no animation runs here, so `animVal`
/// is `baseVal`).
///
/// https://svgwg.org/svg2-draft/types.html#InterfaceSVGAnimatedString
final class SVGAnimatedStringObject: ScriptExposed {
  let element: Element
  let attribute: String
  init(element: Element, attribute: String) {
    self.element = element
    self.attribute = attribute
  }

  static var scriptInterface: AnyInterface { DOMInterfaces.svgAnimatedString.erased }
}

extension DOMInterfaces {
  /// https://svgwg.org/svg2-draft/types.html#InterfaceSVGElement, for every element in the SVG namespace (the
  /// per-element interfaces, `SVGSVGElement`, `SVGGraphicsElement`..., are not provided): `className` as an
  /// ``SVGAnimatedStringObject``, and the HTMLOrSVGElement, ElementCSSInlineStyle and GlobalEventHandlers members
  /// it shares with HTMLElement.
  static let svgElement = Interface<Element>("SVGElement", inherits: element) { b in
    b.sameObject("className") { element, _ in SVGAnimatedStringObject(element: element, attribute: "class") }
    b.getter("ownerSVGElement") { element -> Element? in
      // https://svgwg.org/svg2-draft/types.html#__svg__SVGElement__ownerSVGElement: the nearest ancestor `svg`.
      var cursor = element.parentElement
      while let current = cursor {
        if current.localName == "svg", current.namespaceURI == element.namespaceURI { return current }
        cursor = current.parentElement
      }
      return nil
    }
    b.reflectBool("autofocus")
    b.reflectInt("tabIndex", attribute: "tabindex", defaultValue: -1)
    b.reflect("nonce")
    b.sameObject("dataset") { element, _ in DOMStringMapObject(element: element) }
    b.accessor("style", get: { $0.style }, set: { element, value in element.style.cssText = try value.toString() })
    b.method("focus") { element, _ in element.focus() }
    b.method("blur") { element, _ in element.blur() }
    addEventHandlers(b, globalEventHandlers + documentAndElementEventHandlers)
  }

  static let svgAnimatedString = Interface<SVGAnimatedStringObject>("SVGAnimatedString") { b in
    b.stringAccessor(
      "baseVal", get: { $0.element.getAttribute($0.attribute) ?? "" },
      set: { object, value in try object.element.setAttribute(object.attribute, value) })
    b.getter("animVal") { $0.element.getAttribute($0.attribute) ?? "" }
  }
}
