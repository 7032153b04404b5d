import DOM
import DOMBindings
import JSBridge
import URLStandard
import XCTest

/// What a page's window answers about itself where WebKit's answers are the reference
/// (Tests/webactionTests/Fixtures/webkit-differential: the environment, selection-plain and svg-collector scripts).
final class PageStateBindingTests: BindingTestCase {
  func testDesignModeIsOffAndTakesOnlyOnOrOff() throws {
    XCTAssertEqual(try string("""
      const out = [document.designMode];
      document.designMode = 'ON'; out.push(document.designMode);
      document.designMode = 'bogus'; out.push(document.designMode);
      document.designMode = 'off'; out.push(document.designMode);
      out.join(',')
      """), "off,on,on,off")
  }

  func testTheShownPageHasFocusAndADocumentNoWindowShowsHasNot() throws {
    assertTrue("document.hasFocus() === true")
    assertTrue("document.implementation.createHTMLDocument('x').hasFocus() === false")
    assertTrue("new DOMParser().parseFromString('<p>', 'text/html').hasFocus() === false")
  }

  func testSecureContextFollowsTheDocumentURL() throws {
    // https://example.com/... (BindingTestCase's page) is a secure context.
    assertTrue("window.isSecureContext === true && Object.getOwnPropertyDescriptor(window, 'isSecureContext').set === undefined")
    for (url, secure) in [
      ("file:///home/me/saved.html", true), ("http://example.com/", false), ("http://localhost:8080/", true),
      ("http://127.0.0.1/", true), ("http://app.localhost/", true), ("http://[::1]/", true),
      ("about:blank", true), ("data:text/html,x", true), ("http://128.0.0.1/", false), ("ftp://example.com/", false),
    ] {
      XCTAssertEqual(URLRecord(url)!.isPotentiallyTrustworthy, secure, url)
    }
    let page = Document.parse(html: "<p>", url: URLRecord("http://example.com/page.html")!)
    let insecureContext = ScriptContext(name: "insecure")
    defer { insecureContext.close() }
    let insecure = try Window(document: page, context: insecureContext, eventLoop: EventLoop(clock: ManualClock(now: 0)), options: WindowOptions())
    XCTAssertEqual(try insecureContext.evaluate("isSecureContext", sourceURL: "t.js").toBool(), false)
    _ = insecure
  }

  func testSVGClassNameIsAnAnimatedString() throws {
    XCTAssertEqual(try string("""
      const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
      const circle = document.createElementNS('http://www.w3.org/2000/svg', 'circle');
      svg.appendChild(circle);
      svg.setAttribute('class', 'icon big');
      const name = svg.className;
      const out = [typeof name, Object.prototype.toString.call(name), name.baseVal, name.animVal, name === svg.className,
        svg instanceof SVGElement, svg instanceof Element, circle.ownerSVGElement === svg, svg.ownerSVGElement,
        svg.classList.length];
      name.baseVal = 'small';
      out.push(svg.getAttribute('class'), typeof document.createElement('p').className,
        typeof document.createElementNS('http://www.w3.org/1998/Math/MathML', 'math').className);
      out.join(',')
      """), "object,[object SVGAnimatedString],icon big,icon big,true,true,true,true,,2,small,string,string")
  }
}
