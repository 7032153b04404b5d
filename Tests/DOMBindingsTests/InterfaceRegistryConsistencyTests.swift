import DOM
@testable import DOMBindings
import JSBridge
import XCTest

/// DOMInterfaces.registry is the one source of the installed interfaces, the element index and the resolver:
/// whatever the resolver can return is installed (so IDLCheckTests, which checks `Window.installedInterfaces`,
/// checks it), and every interface's parents are installed before it.
final class InterfaceRegistryConsistencyTests: XCTestCase {
  func testEveryInterfaceTheResolverReturnsIsInstalledAndIDLChecked() throws {
    let installed = Set(Window.installedInterfaces.map(ObjectIdentifier.init))
    XCTAssertEqual(installed.count, Window.installedInterfaces.count, "an interface is registered twice")
    let document = Document.parse(html: "<p>x<!--c--></p>")
    var objects: [AnyObject] = [
      document, document.createTextNode("t"), document.createComment("c"), document.createDocumentFragment(),
      try document.createProcessingInstruction("p", "d"), try document.createAttribute("a"),
      try document.implementation.createDocument(nil, "x", doctype: nil), try document.createElementNS("http://www.w3.org/2000/svg", "svg"),
      try document.createElementNS("http://www.w3.org/1998/Math/MathML", "math"), try document.createElementNS(nil, "x"),
      try document.createElement("unknown"), try document.createElement("my-widget"), AbortController(),
    ]
    objects += try DOMInterfaces.htmlElementIndex.keys.sorted().map { try document.createElement($0) }
    objects += DOMInterfaces.dictionaryEventInterfaces.keys.sorted().map { DictionaryEvent(interface: $0, type: "x") }
    objects += [Event(type: "x"), AbortController().signal, MediaQueryList("(min-width: 1px)", environment: MediaEnvironment())]
    var resolved: Set<String> = []
    for object in objects {
      let interface = try XCTUnwrap(DOMInterfaces.resolve(object), "\(object) resolves to nothing")
      XCTAssertTrue(installed.contains(ObjectIdentifier(interface)), "\(interface.name) is returned but not installed")
      resolved.insert(interface.name)
    }
    XCTAssertTrue(resolved.isSuperset(of: [
      "Document", "XMLDocument", "Text", "Comment", "DocumentFragment", "ProcessingInstruction", "Attr", "SVGElement",
      "Element", "HTMLUnknownElement", "HTMLElement", "HTMLParagraphElement", "AbortController", "MouseEvent", "Event", "AbortSignal", "MediaQueryList",
    ]), "\(resolved.sorted())")
    XCTAssertNil(DOMInterfaces.resolve(NSObjectStandIn()), "an unregistered class resolves")
  }

  func testParentsAreInstalledBeforeTheirChildren() {
    var seen: Set<ObjectIdentifier> = []
    for interface in Window.installedInterfaces {
      if let parent = interface.parent {
        XCTAssertTrue(seen.contains(ObjectIdentifier(parent)), "\(interface.name) comes before its parent \(parent.name)")
      }
      seen.insert(ObjectIdentifier(interface))
    }
  }

  func testTheElementIndexComesFromTheRegistry() {
    XCTAssertEqual(DOMInterfaces.htmlElementIndex.count, 140)
    XCTAssertEqual(DOMInterfaces.htmlInterface(forTag: "h4").name, "HTMLHeadingElement")
    XCTAssertEqual(DOMInterfaces.htmlInterface(forTag: "listing").name, "HTMLPreElement")
    XCTAssertEqual(DOMInterfaces.htmlInterface(forTag: "x-y").name, "HTMLElement")
    XCTAssertEqual(DOMInterfaces.htmlInterface(forTag: "blink").name, "HTMLUnknownElement")
  }
}

private final class NSObjectStandIn {}
