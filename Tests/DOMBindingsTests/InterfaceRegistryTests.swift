import DOM
import DOMBindings
import JSBridge
import XCTest

/// Brand checks, `[SameObject]` slots and the tag-name → interface table.
final class InterfaceRegistryTests: BindingTestCase {
  func testAccessorOnWrongInterfaceIsIllegalInvocation() {
    XCTAssertEqual(thrown("""
      Object.getOwnPropertyDescriptor(HTMLAnchorElement.prototype, 'href').get.call(document.body)
      """)?.message, "Illegal invocation")
    XCTAssertEqual(thrown("HTMLAnchorElement.prototype.toString.call(document.createElement('div'))")?.message,
      "Illegal invocation")
    XCTAssertEqual(thrown("Node.prototype.appendChild.call({}, document.body)")?.message, "Illegal invocation")
    XCTAssertEqual(thrown("Object.getOwnPropertyDescriptor(Element.prototype, 'id').get.call(document)")?.message,
      "Illegal invocation")
  }

  func testInheritedMembersAcceptDerivedReceivers() throws {
    XCTAssertEqual(try string("""
      const a = document.createElement('a'); a.id = 'x';
      [Object.getOwnPropertyDescriptor(Element.prototype, 'id').get.call(a),
       Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'title').get.call(a) === '',
       Node.prototype.hasChildNodes.call(document)].join('|')
      """), "x|true|true")
  }

  func testSameObjectAttributesAreStablePerNode() throws {
    XCTAssertEqual(try string("""
      const m = document.getElementById('main'), e = document.createElement('p');
      [m.classList === m.classList, m.dataset === m.dataset, m.attributes === m.attributes,
       m.childNodes === m.childNodes, m.children === m.children, m.classList !== e.classList,
       e.childNodes !== m.childNodes].join('|')
      """), "true|true|true|true|true|true|true")
    try js("document.getElementById('main').classList = 'q r'")
    XCTAssertEqual(try string("document.getElementById('main').classList.length + document.getElementById('main').className"),
      "2q r")
  }
}
