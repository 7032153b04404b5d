import DOMBindings
import JSBridge
import XCTest

/// The interfaces and most globals are made the first time a script reads them (Window.init). A page's own
/// declaration or assignment of one of those names must win, as it does in a browser where the global existed
/// first, and installing the rest later must neither overwrite it nor fail on it.
final class WindowLazyGlobalsTests: BindingTestCase {
  /// Debian's turndown declares `function Node(...)` at the top level of its script, then probes DOMParser, whose
  /// document installs the Node interface: installing must leave the page's `Node` alone (it once threw, and the
  /// library fell back to `require`).
  func testAPageDeclaredInterfaceNameStaysThePages() throws {
    XCTAssertEqual(try string("""
      function Node(x) { return 'mine ' + x; }
      const parsed = new DOMParser().parseFromString('<p>x</p>', 'text/html');
      [Node(1), parsed.body.firstChild.nodeName, parsed instanceof Document].join()
      """), "mine 1,P,true")
    XCTAssertEqual(try string("typeof Node + ',' + Node(2) + ',' + (document.body.parentNode.nodeType === 1)"), "function,mine 2,true")
  }

  func testAPageDeclaredGlobalOfALazyGroupStaysThePagesAndTheRestInstall() throws {
    XCTAssertEqual(try string("""
      function open() { return 'my open'; }
      var fetch = 'my fetch';
      atob = 'my atob';
      [open(), typeof console.log, fetch, typeof Response, atob, btoa('a'), typeof navigator.userAgent].join()
      """), "my open,function,my fetch,function,my atob,YQ==,string")
  }

  /// Swift makes a DOMException (the lazy globals group installs then), with the page's `alert` declared first.
  func testSwiftThrowingADOMExceptionInstallsTheGroupAroundThePagesNames() throws {
    XCTAssertEqual(try string("""
      function alert() { return 'my alert'; }
      let name;
      try { document.createElement('1'); } catch (e) { name = e.name + ':' + (e instanceof DOMException); }
      [name, alert(), typeof confirm].join()
      """), "InvalidCharacterError:true,my alert,function")
  }

  /// A global read before any other is the real one, and only reading installs: the descriptor is an accessor until
  /// then (the one documented difference from a browser), a value after.
  func testReadingInstallsTheGroupOnce() throws {
    XCTAssertEqual(try string("typeof Object.getOwnPropertyDescriptor(window, 'fetch').get"), "function")
    XCTAssertEqual(try string("typeof fetch + ',' + typeof Object.getOwnPropertyDescriptor(window, 'fetch').value"),
                   "function,function")
    XCTAssertEqual(try string("fetch === window.fetch && XMLHttpRequest === window.XMLHttpRequest"), "true")
  }
}
