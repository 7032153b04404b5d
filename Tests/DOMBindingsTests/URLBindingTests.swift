import DOM
import DOMBindings
import JSBridge
import URLStandard
import XCTest

/// `URL`, `URLSearchParams`, the URL parts of `<a>`/`<area>`, `location`, `fetch()` and `XMLHttpRequest`.
final class URLBindingTests: BindingTestCase {
  func testURLConstructorParsesAgainstABaseAndThrowsTypeError() throws {
    XCTAssertEqual(try string("new URL('../x?y#z', 'https://example.org/a/b/c').href"), "https://example.org/a/x?y#z")
    assertTrue("(() => { try { new URL('nope'); } catch (e) { return e instanceof TypeError; } })()")
    assertTrue("(() => { try { new URL('x', 'bad base'); } catch (e) { return e instanceof TypeError; } })()")
    assertTrue("URL.canParse('a', 'https://x/') && !URL.canParse('a') && URL.parse('a') === null")
    XCTAssertEqual(try string("URL.parse('HTTPS://EXAMPLE.org:443/%7e').href"), "https://example.org/%7e")
    XCTAssertEqual(try string("JSON.stringify({u: new URL('http://bücher.example/')})"), #"{"u":"http://xn--bcher-kva.example/"}"#)
    XCTAssertEqual(try string("String(new URL('http://[::1]:8080/p'))"), "http://[::1]:8080/p")
  }

  func testURLSettersFollowTheStandard() throws {
    XCTAssertEqual(try string("""
      const u = new URL('https://user:pw@example.org:8080/p?q#h');
      u.protocol = 'mailto';  // not special: refused
      u.host = 'other.test:443'; u.pathname = 'a b'; u.hash = ''; u.username = 'é';
      [u.href, u.origin, u.port].join(' ')
      """), "https://%C3%A9:pw@other.test/a%20b?q https://other.test ")
    assertTrue("(() => { const u = new URL('https://x/'); try { u.href = 'no'; } catch (e) { return e instanceof TypeError && u.href === 'https://x/'; } })()")
  }

  func testSearchParamsIsTheSameObjectAndStaysInSyncBothWays() throws {
    XCTAssertEqual(try string("""
      const u = new URL('https://x/?a=1&b=2');
      const p = u.searchParams;
      const same = p === u.searchParams;
      p.append('c', 'x y');
      const afterAppend = u.search;
      u.search = '?z=9';
      const afterSearch = p.get('z') + ',' + p.has('a');
      u.href = 'https://y/?k=v';
      p.delete('k');
      [same, afterAppend, afterSearch, u.href].join(' ')
      """), "true ?a=1&b=2&c=x+y 9,false https://y/")
  }

  func testURLSearchParamsConstructorsAndMethods() throws {
    XCTAssertEqual(try string("new URLSearchParams('?a=1&a=2&b=%20+').toString()"), "a=1&a=2&b=++")
    XCTAssertEqual(try string("new URLSearchParams([['x', '1'], ['y', '2']]).toString()"), "x=1&y=2")
    XCTAssertEqual(try string("new URLSearchParams({b: '1', a: '2'}).toString()"), "b=1&a=2")
    assertTrue("(() => { try { new URLSearchParams([['x']]); } catch (e) { return e instanceof TypeError; } })()")
    XCTAssertEqual(try string("""
      const p = new URLSearchParams('z=1&a=2&z=3&b=4');
      p.sort();
      const sorted = p.toString();
      p.set('z', '0');
      [sorted, p.toString(), p.getAll('z').length, p.size, p.get('nope')].join(' ')
      """), "a=2&b=4&z=1&z=3 a=2&b=4&z=0 1 3 ")
  }

  func testURLSearchParamsIteratorsAreLive() throws {
    XCTAssertEqual(try string("""
      const p = new URLSearchParams('a=1&b=2&c=3');
      const seen = [];
      for (const [k, v] of p) { seen.push(k + v); if (k === 'a') p.delete('b'); }
      const it = p.keys();
      [seen.join(), [...p.values()].join(), Object.prototype.toString.call(it), it.next().value].join(' ')
      """), "a1,c3 1,3 [object URLSearchParams Iterator] a")
    XCTAssertEqual(try string("let s = ''; new URLSearchParams('x=1&y=2').forEach((v, k) => s += k + v); s"), "x1y2")
  }

  func testAnchorURLPartsReadAndWriteHref() throws {
    XCTAssertEqual(try string("""
      const a = document.createElement('a');
      a.href = '../other/page.html?x#y';
      const before = [a.href, a.protocol, a.host, a.pathname, a.search, a.hash, a.origin].join(' ');
      a.hostname = 'EXAMPLE.net'; a.port = '8443'; a.search = 'k=v'; a.hash = ''; a.pathname = '/n m';
      before + ' | ' + a.getAttribute('href')
      """), "https://example.com/other/page.html?x#y https: example.com /other/page.html ?x #y https://example.com"
        + " | https://example.net:8443/n%20m?k=v")
    XCTAssertEqual(try string("""
      const b = document.createElement('a');
      b.href = 'http://[bad';
      b.hash = 'x';
      [b.protocol, b.host, b.href].join(' ')
      """), ":  http://[bad", "a URL that does not parse: setters do nothing")
  }

  func testBaseURIAndReflectedURLsUseTheBaseElement() throws {
    try js("document.head.innerHTML = '<base href=\"https://cdn.example/assets/\">'")
    XCTAssertEqual(try string("document.baseURI"), "https://cdn.example/assets/")
    XCTAssertEqual(try string("const i = document.createElement('img'); i.src = 'a b.png'; i.src"), "https://cdn.example/assets/a%20b.png")
    XCTAssertEqual(try string("document.URL"), "https://example.com/dir/page.html?q=1#top")
  }

  func testLocationFollowsFragmentChangesOnlyAndRejectsBadURLs() throws {
    XCTAssertEqual(try string("location.hash = 'next'; location.href"), "https://example.com/dir/page.html?q=1#next")
    XCTAssertEqual(document.url.href, "https://example.com/dir/page.html?q=1#next")
    try js("location.pathname = '/elsewhere'")
    XCTAssertEqual(document.url.href, "https://example.com/dir/page.html?q=1#next", "other navigations are refused")
    XCTAssertTrue(messages.contains { $0.level == .warn && $0.text.contains("does not navigate") })
    assertTrue("(() => { try { location.href = 'http://[x'; } catch (e) { return e instanceof TypeError; } })()")
    assertTrue("(() => { try { location.protocol = '1x'; } catch (e) { return e.name === 'SyntaxError'; } })()")
    assertTrue("(() => { try { open('http://[x'); } catch (e) { return e instanceof DOMException && e.name === 'SyntaxError'; } })()")
    assertTrue("open('other.html') === null")
  }

  func testFetchAndXHRAreAnsweredByTheHost() throws {
    var options = WindowOptions()
    options.fetch = { url in
      url.pathname == "/data.json"
        ? .response(status: 200, body: Array(#"{"n": 1}"#.utf8), contentType: "application/json")
        : .networkError("nothing at \(url.href)")
    }
    load(html, options: options)
    try js("""
      var got = [];
      fetch('/data.json').then(r => { got.push(r.status, r.ok, r.url, r.headers.get('Content-Type')); return r.json(); })
        .then(j => got.push(j.n));
      fetch('missing').catch(e => got.push(e instanceof TypeError));
      const x = new XMLHttpRequest();
      x.onload = () => got.push('xhr ' + x.responseText);
      x.open('GET', '../data.json');
      x.send();
      """)
    loop.drain(until: clock.now + 1)
    XCTAssertEqual(try string("got.join()"), "200,true,https://example.com/data.json,application/json,1,true,xhr {\"n\": 1}")
    assertTrue("(() => { const x = new XMLHttpRequest(); try { x.open('GET', 'http://[x'); } catch (e) { return e.name === 'SyntaxError'; } })()")
  }
}
