import DOM
import DOMBindings
import XCTest

/// DOMParser, XMLSerializer and the markup entry points (innerHTML in XML documents, createContextualFragment,
/// setHTMLUnsafe/getHTML, Document.parseHTMLUnsafe) as scripts see them.
final class DOMParsingBindingTests: BindingTestCase {
  func testDOMParserMakesInertDocumentsAtThePagesURL() throws {
    XCTAssertEqual(try string("""
      const p = new DOMParser();
      const h = p.parseFromString('<body><script>window.ran = 1</script><noscript><p>x</p></noscript>', 'text/html');
      const x = p.parseFromString('<r xmlns="urn:x"><c a="1"/></r>', 'application/xml');
      [h instanceof Document, h.URL, h.contentType, window.ran, h.querySelector('noscript').children.length,
       x instanceof XMLDocument, x.contentType, x.documentElement.namespaceURI, x.documentElement.firstChild.getAttribute('a'),
       x.readyState, x.characterSet, h.defaultView, h.location, p.parseFromString('', 'text/xml').querySelector('parsererror') !== null
      ].join('|')
      """), "true|https://example.com/dir/page.html?q=1#top|text/html||1|true|application/xml|urn:x|1|complete|UTF-8|||true")
    XCTAssertEqual(try string("try { new DOMParser().parseFromString('', 'text/foo') } catch (e) { e.name }"), "TypeError")
    XCTAssertEqual(try string("try { new DOMParser().parseFromString('') } catch (e) { e.name }"), "TypeError")
    assertTrue("DOMParser.prototype.parseFromString.length === 2 && typeof XMLSerializer === 'function'")
  }

  func testXMLSerializerAndInnerHTMLInXMLDocuments() throws {
    XCTAssertEqual(try string("""
      const doc = new DOMParser().parseFromString('<root xmlns:p="urn:p"><p:a/></root>', 'text/xml');
      const root = doc.documentElement;
      root.innerHTML = '<b>1</b><p:c/>';
      let error;
      try { root.innerHTML = '<unclosed>'; } catch (e) { error = e.name; }
      [new XMLSerializer().serializeToString(doc), root.innerHTML, error, root.childNodes.length,
       new XMLSerializer().serializeToString(document.createElement('br'))].join('|')
      """), #"<root xmlns:p="urn:p"><b>1</b><p:c/></root>|<b>1</b><p:c xmlns:p="urn:p"/>|SyntaxError|2|<br xmlns="http://www.w3.org/1999/xhtml" />"#)
    XCTAssertEqual(try string("try { new XMLSerializer().serializeToString('x') } catch (e) { e.name }"), "TypeError")
    // innerHTML and outerHTML take null as "" ([LegacyNullToEmptyString]).
    assertTrue("const d = document.createElement('div'); d.innerHTML = null; d.innerHTML === ''")
  }

  func testMarkupEntryPoints() throws {
    XCTAssertEqual(try string("""
      const r = document.createRange(); r.selectNodeContents(document.getElementById('main'));
      const f = r.createContextualFragment('<p>new</p>');
      const d = Document.parseHTMLUnsafe('<p>u</p>');
      const div = document.createElement('div'); div.setHTMLUnsafe('<i>a</i>');
      [f instanceof DocumentFragment, f.firstChild.outerHTML, d.URL, d.body.innerHTML, div.getHTML(),
       d instanceof Document, typeof Range.prototype.createContextualFragment].join('|')
      """), "true|<p>new</p>|about:blank|<p>u</p>|<i>a</i>|true|function")
    XCTAssertEqual(try string("try { document.createRange().createContextualFragment() } catch (e) { e.name }"), "TypeError")
  }
}
