import DOM
@testable import DOMBindings
import JSBridge
import URLStandard
import XCTest

/// localStorage/sessionStorage, history, navigator and screen. Expected answers are Chromium 156's
/// (Scripts/chromium-reference) where browsers agree, Safari on an iPhone's where they differ (navigator, screen).
final class WindowObjectsTests: BindingTestCase {
  func testStorageMethodsAndNamedProperties() throws {
    XCTAssertEqual(try string("""
      localStorage.foo = 1;
      localStorage.setItem('key', 'v');
      localStorage.length = 7;
      [localStorage.foo, typeof localStorage.foo, localStorage.getItem('key'), typeof localStorage.key,
       localStorage.getItem('length'), localStorage.length, Object.keys(localStorage).join('|'), JSON.stringify(localStorage),
       'foo' in localStorage, delete localStorage.foo, localStorage.getItem('foo'), localStorage.key(0), localStorage.key(99),
       localStorage.getItem('nope'), String(localStorage)].join(' ; ')
      """), "1 ; string ; v ; function ;  ; 2 ; foo|key ; {\"foo\":\"1\"} ; true ; true ;  ; key ;  ;  ; [object Storage]")
    XCTAssertEqual(try string("""
      localStorage.setItem('n', null);
      const own = [localStorage.n, typeof localStorage.n, localStorage.hasOwnProperty('n')].join();
      localStorage.removeItem('n'); localStorage.clear();
      [own, localStorage.length, localStorage.setItem.length, localStorage.key.length].join(' ; ')
      """), "null,string,true ; 0 ; 2 ; 1")
    XCTAssertEqual(thrown("localStorage.key()")?.message, "Failed to execute 'key' on 'Storage': 1 argument required, but only 0 present.")
    XCTAssertEqual(thrown("localStorage.setItem('a')")?.name, "TypeError")
  }

  func testLocalAndSessionStorageAreSeparateAndStartEmptyWithEachWindow() throws {
    XCTAssertEqual(try string("""
      localStorage.a = 'local'; sessionStorage.a = 'session';
      [localStorage === localStorage, localStorage !== sessionStorage, localStorage.a, sessionStorage.a,
       localStorage instanceof Storage].join()
      """), "true,true,local,session,true")
    load("<p>next page</p>")
    XCTAssertEqual(try string("localStorage.length + sessionStorage.length"), "0")
  }

  func testStorageQuota() throws {
    XCTAssertEqual(try string("""
      localStorage.big = 'x'.repeat(2000000);
      let error;
      try { localStorage.setItem('more', 'y'.repeat(1000000)); } catch (e) { error = e; }
      [error instanceof DOMException, error.name, error.code, localStorage.getItem('more'), localStorage.length].join()
      """), "true,QuotaExceededError,22,,1")
  }

  func testDatasetDeleterRemovesTheAttribute() throws {
    XCTAssertEqual(try string("""
      const div = document.getElementById('main');
      div.dataset.fooBar = 'x';
      [div.getAttribute('data-foo-bar'), delete div.dataset.fooBar, div.hasAttribute('data-foo-bar'),
       delete div.dataset.never].join()
      """), "x,true,false,true")
  }

  func testHistoryStandsInForOnePageWithoutNavigation() throws {
    XCTAssertEqual(try string("[history.length, history.state, history.scrollRestoration, history instanceof History].join()"),
                   "1,,auto,true")
    XCTAssertEqual(try string("""
      const state = { a: 1 };
      history.pushState(state, '', '?x=1#h');
      [history.length, location.href, document.URL, JSON.stringify(history.state), history.state !== state,
       history.state === history.state].join(' ; ')
      """), #"2 ; https://example.com/dir/page.html?x=1#h ; https://example.com/dir/page.html?x=1#h ; {"a":1} ; true ; true"#)
    XCTAssertEqual(try string("""
      history.replaceState(null, '', '/other/path');
      history.back(); history.forward(); history.go(-1);
      [history.length, location.pathname, history.state].join(' ; ')
      """), "2 ; /other/path ; ")
    XCTAssertEqual(try string("history.replaceState('s', ''); location.pathname + ' ' + history.state"), "/other/path s")
    XCTAssertEqual(thrown("history.pushState(() => {}, '')")?.name, "DataCloneError")
    let crossOrigin = thrown("history.pushState(null, '', 'https://example.org/')")
    XCTAssertEqual(crossOrigin?.name, "SecurityError")
    XCTAssertEqual(crossOrigin?.message, "Failed to execute 'pushState' on 'History': A history state object with URL 'https://example.org/' cannot be created in a document with origin 'https://example.com' and URL 'https://example.com/other/path'.")
    XCTAssertEqual(try string("location.href"), "https://example.com/other/path")
    XCTAssertEqual(thrown("history.pushState(null)")?.name, "TypeError")
    XCTAssertEqual(try string("""
      history.scrollRestoration = 'bogus'; const a = history.scrollRestoration;
      history.scrollRestoration = 'manual'; a + ',' + history.scrollRestoration + ',' + history.pushState.length
      """), "auto,manual,2")
  }

  func testHistoryRewritesOnlyTheFragmentOfOtherSchemes() {
    func url(_ text: String) -> URLRecord { URLRecord(text)! }
    XCTAssertTrue(History.canRewrite(url("about:blank"), to: url("about:blank#x")))
    XCTAssertFalse(History.canRewrite(url("about:blank"), to: url("about:srcdoc")))
    XCTAssertTrue(History.canRewrite(url("file:///tmp/a.html"), to: url("file:///tmp/a.html?q#f")))
    XCTAssertFalse(History.canRewrite(url("file:///tmp/a.html"), to: url("file:///tmp/b.html")))
    XCTAssertFalse(History.canRewrite(url("https://a.test/"), to: url("https://a.test:8443/")))
  }

  func testNavigatorIsSafariOnAnIPhone() throws {
    XCTAssertEqual(try string("""
      [navigator.appCodeName, navigator.appName, navigator.product, navigator.productSub, navigator.vendor,
       navigator.vendorSub === '', navigator.platform, navigator.language, navigator.languages.join('/'),
       navigator.languages === navigator.languages, Object.isFrozen(navigator.languages), navigator.onLine,
       navigator.cookieEnabled, navigator.hardwareConcurrency, navigator.maxTouchPoints, navigator.javaEnabled(),
       navigator.pdfViewerEnabled, navigator.appVersion === navigator.userAgent.slice(8),
       navigator === clientInformation, navigator instanceof Navigator, Object.getOwnPropertyNames(navigator).length].join()
      """), "Mozilla,Netscape,Gecko,20030107,Apple Computer, Inc.,true,iPhone,en-US,en-US,true,true,false,false,4,5,false,false,true,true,true,0")
    try js("navigator = 1")
    assertTrue("navigator instanceof Navigator")
  }

  func testTheUserAgentComesFromTheWindowOptions() throws {
    var options = WindowOptions()
    options.userAgent = "Mozilla/5.0 (X11) Test/1"
    load("<p>x</p>", options: options)
    XCTAssertEqual(try string("navigator.userAgent + ' | ' + navigator.appVersion"), "Mozilla/5.0 (X11) Test/1 | 5.0 (X11) Test/1")
  }

  func testScreenIsTheViewportAnIPhoneInPortraitByDefault() throws {
    XCTAssertEqual(try string("""
      [screen.width, screen.height, screen.availWidth, screen.availHeight, screen.colorDepth, screen.pixelDepth,
       screen instanceof Screen, Object.prototype.toString.call(screen)].join()
      """), "390,844,390,844,24,24,true,[object Screen]", "WebKit's answer at 390x844 (webkit-differential image-geometry)")
    XCTAssertEqual(try string("screen = 5; screen"), "5", "screen is [Replaceable]")
  }
}
