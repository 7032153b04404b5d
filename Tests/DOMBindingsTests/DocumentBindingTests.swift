import DOM
import DOMBindings
import JSBridge
import XCTest

final class DocumentBindingTests: BindingTestCase {
  func testDocumentProperties() throws {
    XCTAssertEqual(try string("""
      [document.URL, document.documentURI, document.title, document.documentElement.tagName, document.head.tagName,
       document.body.tagName, document.characterSet, document.charset, document.inputEncoding, document.contentType,
       document.compatMode, document.readyState, document.doctype.name].join('|')
      """), "https://example.com/dir/page.html?q=1#top|https://example.com/dir/page.html?q=1#top|Test page|HTML|HEAD|BODY|UTF-8|UTF-8|UTF-8|text/html|CSS1Compat|complete|html")
    try js("document.title = 'New & improved'")
    XCTAssertEqual(document.title, "New & improved")
    XCTAssertTrue(document.serialize().contains("<title>New &amp; improved</title>"))
  }

  func testFactoriesImportAndAdopt() throws {
    XCTAssertEqual(try string("""
      const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg:rect');
      const el = document.createElement('DIV');
      const frag = document.createDocumentFragment();
      const imported = document.importNode(document.body, true);
      const adopted = document.adoptNode(document.createComment('c'));
      [svg.namespaceURI, svg.prefix, svg.localName, svg.tagName, svg instanceof HTMLElement, svg instanceof Element,
       el.tagName, el.localName, frag.nodeType, imported.querySelector('#main') !== document.getElementById('main'),
       adopted.ownerDocument === document].join('|')
      """), "http://www.w3.org/2000/svg|svg|rect|svg:rect|false|true|DIV|div|11|true|true")
    XCTAssertEqual(thrown("document.createElementNS('http://www.w3.org/2000/svg', 'a:b:c')")?.name, "InvalidCharacterError")
  }

  /// Apple's sample Action.js: `finalize: function(a) { document.write(a["content"]); }`.
  func testDocumentWriteAfterLoadReplacesTheDocument() throws {
    try js("""
      var Action = function() {};
      Action.prototype = {
        run: function(arguments) { arguments.completionFunction({ "title": document.title }); },
        finalize: function(arguments) { document.write(arguments["content"]); }
      };
      var ExtensionPreprocessingJS = new Action;
      globalThis.oldBody = document.body;
      ExtensionPreprocessingJS.finalize({ "content": "<!DOCTYPE html><title>Replaced</title><p>New page" });
      """)
    XCTAssertTrue(window.document === document)
    assertTrue("document.title === 'Replaced' && document.body !== oldBody && !oldBody.isConnected")
    assertTrue("document.body.firstChild.textContent === 'New page'")
    try js("document.write('<p>more')")
    document.close()
    XCTAssertEqual(document.serialize(),
                   "<!DOCTYPE html><html><head><title>Replaced</title></head><body><p>New page</p><p>more</p></body></html>")
    // After close(), a new write starts a new document (an implicit open()).
    try js("document.writeln('<b>fresh</b>')")
    XCTAssertEqual(document.body?.innerHTML, "<b>fresh</b>\n")
  }

  func testDocumentOpenWriteCloseFromScript() throws {
    try js("document.open(); document.write('<p>a'); document.write('b</p>'); document.close();")
    XCTAssertEqual(document.serialize(), "<html><head></head><body><p>ab</p></body></html>")
  }

  func testTreeWalkerWithAJSFilterCollectsText() throws {
    XCTAssertEqual(try string("""
      const main = document.getElementById('main');
      const walker = document.createTreeWalker(main, NodeFilter.SHOW_TEXT,
        (node) => node.parentNode.localName === 'b' ? NodeFilter.FILTER_REJECT : NodeFilter.FILTER_ACCEPT);
      const texts = [];
      while (walker.nextNode()) texts.push(walker.currentNode.data);
      const back = walker.previousNode().data;
      walker.currentNode = main;
      const first = walker.firstChild().data;
      [texts.join('+'), back, first, walker.root === main, walker.whatToShow, typeof walker.filter,
       walker.parentNode()].join('|')
      """), "One+Two |One|One|true|4|function|")
    XCTAssertEqual(try string("""
      const w = document.createTreeWalker(document.body, NodeFilter.SHOW_ELEMENT,
        { acceptNode(n) { return n.localName === 'p' ? NodeFilter.FILTER_ACCEPT : NodeFilter.FILTER_SKIP; } });
      const names = [];
      for (let n = w.nextNode(); n; n = w.nextNode()) names.push(n.localName + ':' + n.textContent);
      names.join()
      """), "p:One,p:Two bold")
    XCTAssertEqual(try string("""
      const all = document.createTreeWalker(document.getElementById('main'));
      const seen = []; while (all.nextNode()) seen.push(all.currentNode.nodeName); seen.join()
      """), "P,#text,P,#text,B,#text")
  }

  func testBooleanFilterResultsConvertToUnsignedShort() throws {
    // true converts to 1 (FILTER_ACCEPT), false to 0: neither accept, reject nor skip, so firstChild() does not
    // descend into a P (as for REJECT) while nextNode() does (as for SKIP).
    XCTAssertEqual(try string("""
      const w = document.createTreeWalker(document.getElementById('main'), NodeFilter.SHOW_ALL,
        (n) => n.nodeName[0] == '#');
      const first = w.firstChild();
      const texts = []; while (w.nextNode()) texts.push(w.currentNode.data);
      [String(first), texts.join('+')].join('|')
      """), "null|One+Two +bold")
  }

  func testFilterExceptionsPropagateToTheCaller() throws {
    XCTAssertEqual(try string("""
      const w = document.createTreeWalker(document.body, NodeFilter.SHOW_ALL, () => { throw new RangeError('from filter'); });
      try { w.nextNode(); 'no throw' } catch (e) { e.constructor.name + ': ' + e.message }
      """), "RangeError: from filter")
    XCTAssertEqual(try string("""
      const it = document.createNodeIterator(document.body, NodeFilter.SHOW_ALL, { acceptNode() { it.nextNode(); return 1; } });
      try { it.nextNode(); 'no throw' } catch (e) { e.name }
      """), "InvalidStateError")
  }

  func testNodeIterator() throws {
    XCTAssertEqual(try string("""
      const it = document.createNodeIterator(document.getElementById('main'), NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT);
      const seen = [];
      for (let n = it.nextNode(); n; n = it.nextNode()) seen.push(n.nodeName);
      const last = it.previousNode();
      [seen.join(), last.data, it.referenceNode === last, it.pointerBeforeReferenceNode, it.filter].join('|')
      """), "DIV,P,#text,P,#text,B,#text|bold|true|true|")
  }

  func testNodeIteratorFollowsRemovals() throws {
    XCTAssertEqual(try string("""
      const it = document.createNodeIterator(document.body, NodeFilter.SHOW_ELEMENT,
        (n) => n.localName === 'p' ? NodeFilter.FILTER_ACCEPT : NodeFilter.FILTER_SKIP);
      const first = it.nextNode();
      first.remove();
      it.nextNode().textContent
      """), "Two bold")
  }
}

final class DocumentCollectionTests: BindingTestCase {
  override var html: String {
    "<body><a href=x>1</a><a name=n>2</a><img src=a.png><form><img src=b.png></form><script>1</script></body>"
  }

  func testImagesLinksFormsScriptsAreLiveCollections() throws {
    XCTAssertEqual(try string("""
      const images = document.images;
      const before = images.length;
      document.body.appendChild(document.createElement('img'));
      [before, images.length, document.links.length, document.links[0].textContent, document.forms.length,
       document.scripts.length, images instanceof HTMLCollection].join()
      """), "2,3,1,1,1,1,true")
  }
}
