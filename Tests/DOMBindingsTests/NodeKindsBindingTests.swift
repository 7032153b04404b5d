import DOM
import XCTest

/// Attr nodes, processing instructions, CDATA sections, node constructors and document.implementation from script.
final class NodeKindsBindingTests: BindingTestCase {
  func testAttrIsANodeWithOneObjectPerAttribute() throws {
    XCTAssertEqual(try string("""
      const e = document.getElementById('main');
      const a = e.attributes[0];
      [a instanceof Attr, a instanceof Node, a.nodeType, a.nodeName, a.name, a.localName, a.value,
       a.namespaceURI, a.prefix, a.ownerElement === e, a.specified, a.parentNode, a.ownerDocument === document,
       e.attributes[0] === e.getAttributeNode('id'), e.getAttributeNode('ID') === a,
       e.attributes.getNamedItem('class') === e.attributes[1]].join('|')
      """), "true|true|2|id|id|id|main|||true|true||true|true|true|true")
  }

  func testAttrIsNeverAChildNorAParent() throws {
    XCTAssertEqual(try string("""
      const a = document.createAttribute('x'), d = document.createElement('div');
      const errors = [];
      for (const f of [() => d.appendChild(a), () => a.appendChild(d), () => d.insertBefore(a, null)]) {
        try { f(); errors.push('none'); } catch (x) { errors.push(x.name); }
      }
      [errors.join(), a.childNodes.length, a.hasChildNodes(), a.getRootNode() === a, a.isConnected,
       d.attributes.item(0), d.attributes.length].join('|')
      """), "HierarchyRequestError,HierarchyRequestError,HierarchyRequestError|0|false|true|false||0")
  }

  func testNamedNodeMapNamedPropertiesDoNotShadowItsMembers() throws {
    XCTAssertEqual(try string("""
      const d = document.createElement('div');
      d.setAttribute('length', 'L'); d.setAttribute('item', 'I'); d.setAttributeNS('urn:x', 'x:Up', 'U');
      const a = d.attributes;
      [a.length, typeof a.item, a.getNamedItem('length').value, a['length'] === 3, a['x:Up'] === undefined,
       Object.getOwnPropertyNames(a).slice(0, 3).join(), a.removeNamedItemNS('urn:x', 'Up').name, a.length,
       a.setNamedItem(document.createAttribute('title')), d.hasAttribute('title')].join('|')
      """), "3|function|L|true|true|0,1,2|x:Up|2||true")
  }

  func testAttrValueTextContentAndNodeValueWriteTheAttribute() throws {
    XCTAssertEqual(try string("""
      const e = document.getElementById('main');
      const a = e.getAttributeNode('class');
      a.value = 'v1'; const one = e.className;
      a.textContent = 'v2'; const two = e.getAttribute('class');
      a.nodeValue = 'v3';
      [one, two, e.className, a.firstChild, a.childNodes.length].join('|')
      """), "v1|v2|v3||0")
  }

  func testRemovedAttrOutlivesItsRemoval() throws {
    XCTAssertEqual(try string("""
      const e = document.getElementById('main');
      const a = e.getAttributeNode('class');
      e.removeAttribute('class');
      const after = [a.ownerElement, a.value, e.hasAttribute('class')].join('/');
      a.value = 'detached';
      e.setAttributeNode(a);
      [after, a.ownerElement === e, e.className, e.getAttributeNode('class') === a].join('|')
      """), "/a b/false|true|detached|true")
  }

  func testSetAttributeNodeWithClonesAsAReaderLibraryDoes() throws {
    XCTAssertEqual(try string("""
      const from = document.getElementById('main');
      const to = document.createElement('section');
      for (let i = 0; i < from.attributes.length; i++) to.setAttributeNode(from.attributes[i].cloneNode());
      const clone = from.attributes[0].cloneNode();
      [to.outerHTML, from.getAttribute('id'), clone.ownerElement, clone.isEqualNode(from.attributes[0]),
       clone === from.attributes[0]].join('|')
      """), "<section id=\"main\" class=\"a b\"></section>|main||true|false")
  }

  func testSetAttributeNodeReplacesAndThrowsWhenInUse() throws {
    XCTAssertEqual(try string("""
      const e = document.getElementById('main'), other = document.createElement('p');
      const fresh = document.createAttribute('ID');
      fresh.value = 'new';
      const old = e.getAttributeNode('id');
      const returned = e.setAttributeNode(fresh);
      let inUse = '';
      try { other.setAttributeNode(fresh); } catch (x) { inUse = x.name; }
      let notFound = '';
      try { other.removeAttributeNode(fresh); } catch (x) { notFound = x.name; }
      const removed = e.removeAttributeNode(fresh);
      [fresh.name, returned === old, old.ownerElement, old.value, e.id, inUse, notFound, removed === fresh,
       fresh.ownerElement, e.hasAttribute('id')].join('|')
      """), "id|true||main||InUseAttributeError|NotFoundError|true||false")
    XCTAssertEqual(try string("""
      const m = document.body;
      const a = document.createAttributeNS('http://www.w3.org/1999/xlink', 'xlink:href');
      a.value = '#x';
      m.setAttributeNodeNS(a);
      [a.prefix, a.localName, a.name, m.getAttributeNS('http://www.w3.org/1999/xlink', 'href'),
       m.getAttributeNodeNS('http://www.w3.org/1999/xlink', 'href') === a].join('|')
      """), "xlink|href|xlink:href|#x|true")
  }

  func testAttrAdoptedIntoACreatedDocumentAndBack() throws {
    XCTAssertEqual(try string("""
      const e = document.getElementById('main');
      const a = e.getAttributeNode('class');
      const doc = document.implementation.createHTMLDocument('t');
      doc.adoptNode(a);
      const moved = [a.ownerDocument === doc, a.ownerElement, e.hasAttribute('class'), a.value].join('/');
      doc.body.setAttributeNode(a);
      const there = doc.body.className;
      let inUse = '';
      try { document.body.setAttributeNode(a); } catch (x) { inUse = x.name; }
      doc.body.removeAttributeNode(a);
      document.body.setAttributeNode(a);
      [moved, there, inUse, a.ownerDocument === document, document.body.className, doc.body.hasAttribute('class')].join('|')
      """), "true//false/a b|a b|InUseAttributeError|true|a b|false")
  }

  func testProcessingInstructionAndCDATASection() throws {
    XCTAssertEqual(try string("""
      const pi = document.createProcessingInstruction('xml-stylesheet', 'href="a.css"');
      let bad = [];
      for (const [t, d] of [['1x', ''], ['x', '?>']]) {
        try { document.createProcessingInstruction(t, d); } catch (x) { bad.push(x.name); }
      }
      let html = '';
      try { document.createCDATASection('x'); } catch (x) { html = x.name; }
      const xml = document.implementation.createDocument(null, 'root', null);
      const cdata = xml.createCDATASection('a<b');
      xml.documentElement.appendChild(cdata);
      [pi instanceof ProcessingInstruction, pi instanceof CharacterData, pi.nodeType, pi.target, pi.nodeName, pi.data,
       bad.join(), html, cdata instanceof CDATASection, cdata instanceof Text, cdata.nodeType, cdata.nodeName,
       cdata.data, xml.documentElement.textContent, cdata.cloneNode().nodeType].join('|')
      """), "true|true|7|xml-stylesheet|xml-stylesheet|href=\"a.css\"|InvalidCharacterError,InvalidCharacterError|NotSupportedError|true|true|4|#cdata-section|a<b|a<b|4")
  }

  func testNullableStringArgumentsAndTextContentTakeUndefinedAsNull() throws {
    XCTAssertEqual(try string("""
      const d = document.createElement('div');
      d.textContent = 'x'; d.textContent = undefined;
      const t = document.createTextNode('y'); t.nodeValue = undefined;
      d.setAttributeNS(undefined, 'k', 'v');
      [d.childNodes.length, t.data, d.getAttributeNS(null, 'k'), d.hasAttributeNS(undefined, 'k'),
       document.implementation.createDocument(undefined, 'r', null).documentElement.namespaceURI].join('|')
      """), "0||v|true|")
  }

  func testNodeConstructors() throws {
    XCTAssertEqual(try string("""
      const d = new Document(), t = new Text('t'), c = new Comment('c'), f = new DocumentFragment();
      [d instanceof Document, d instanceof XMLDocument, d.contentType, d.childNodes.length, d.URL, d.defaultView,
       t.ownerDocument === document, t.data, c.data, f.ownerDocument === document, new Text().data,
       d.createElement('Foo').namespaceURI, d.createElement('Foo').localName].join('|')
      """), "true|false|application/xml|0|about:blank||true|t|c|true||null|Foo".replacingOccurrences(of: "null", with: ""))
  }

  func testDOMImplementation() throws {
    XCTAssertEqual(try string("""
      const impl = document.implementation;
      const doc = impl.createHTMLDocument('Title');
      const bare = impl.createHTMLDocument();
      const xhtml = impl.createDocument('http://www.w3.org/1999/xhtml', 'html', null);
      const svg = impl.createDocument('http://www.w3.org/2000/svg', 'svg', null);
      const dt = impl.createDocumentType('html', 'pub', 'sys');
      const xml = impl.createDocument('urn:x', 'x:root', dt);
      let bad = '';
      try { impl.createDocumentType('1foo', '', ''); } catch (x) { bad = x.name; }
      [impl === document.implementation, impl instanceof DOMImplementation, impl.hasFeature(),
       doc.documentElement.outerHTML, doc.doctype.name, doc.title, doc.contentType, doc.defaultView, doc.URL,
       doc.characterSet, doc instanceof XMLDocument, bare.head.children.length,
       xhtml instanceof XMLDocument, xhtml.contentType, xhtml.documentElement.namespaceURI,
       xhtml.createElement('DIV').namespaceURI, svg.contentType, xml.contentType, xml.doctype === dt,
       xml.documentElement.prefix, xml.documentElement.namespaceURI, xml.firstChild === dt, bad].join('|')
      """), [
        "true|true|true|<html><head><title>Title</title></head><body></body></html>|html|Title|text/html||about:blank",
        "UTF-8|false|0|true|application/xhtml+xml|http://www.w3.org/1999/xhtml|http://www.w3.org/1999/xhtml",
        "image/svg+xml|application/xml|true|x|urn:x|true|InvalidCharacterError",
      ].joined(separator: "|"))
  }

  func testNodesMoveBetweenCreatedAndPageDocuments() throws {
    XCTAssertEqual(try string("""
      const doc = document.implementation.createHTMLDocument('');
      doc.body.innerHTML = '<p id="x" title="t">moved <b>here</b></p>';
      const p = doc.getElementById('x'), title = p.getAttributeNode('title');
      document.body.appendChild(document.adoptNode(p));
      const here = [p.ownerDocument === document, title.ownerDocument === document, p.getAttributeNode('title') === title,
                    document.getElementById('x') === p, doc.body.childNodes.length].join('/');
      const copy = doc.importNode(p, true);
      doc.body.appendChild(copy);
      [here, copy.ownerDocument === doc, doc.body.innerHTML, p.parentNode === document.body].join('|')
      """), "true/true/true/true/0|true|<p id=\"x\" title=\"t\">moved <b>here</b></p>|true")
  }

  func testSanitizerInAnInertDocumentWithTreeWalkerAndNodeIterator() throws {
    XCTAssertEqual(try string("""
      function sanitize(dirty) {
        if (!document.implementation || typeof document.implementation.createHTMLDocument !== 'function') return null;
        const doc = document.implementation.createHTMLDocument('');
        doc.body.innerHTML = dirty;
        const walker = doc.createTreeWalker(doc.body, NodeFilter.SHOW_ELEMENT);
        const doomed = [];
        while (walker.nextNode()) {
          const el = walker.currentNode;
          if (el.nodeName === 'SCRIPT' || el.nodeName === 'IFRAME') { doomed.push(el); continue; }
          for (const attr of Array.from(el.attributes)) {
            if (attr.name.startsWith('on') || attr.value.trim().startsWith('javascript:')) el.removeAttributeNode(attr);
          }
        }
        doomed.forEach(el => el.remove());
        const it = doc.createNodeIterator(doc.body, NodeFilter.SHOW_COMMENT);
        let comment;
        while ((comment = it.nextNode())) comment.remove();
        return doc.body.innerHTML;
      }
      const clean = sanitize('<p onclick="x()">Hi <a href="javascript:evil()">l</a><script>window.ran = 1<' + '/script><img src=a.png onerror="bad()"><!--c--></p><iframe></iframe>');
      [clean, typeof window.ran, document.querySelectorAll('p').length].join('|')
      """), "<p>Hi <a>l</a><img src=\"a.png\"></p>|undefined|2")
  }

  func testNamespaceLookupsAndTagNameNS() throws {
    XCTAssertEqual(try string("""
      const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
      svg.setAttributeNS('http://www.w3.org/2000/xmlns/', 'xmlns:xl', 'http://www.w3.org/1999/xlink');
      const use = document.createElementNS('http://www.w3.org/2000/svg', 'use');
      svg.appendChild(use);
      document.body.appendChild(svg);
      const main = document.getElementById('main');
      [use.lookupNamespaceURI(null), use.lookupNamespaceURI('xl'), use.lookupPrefix('http://www.w3.org/1999/xlink'),
       use.isDefaultNamespace('http://www.w3.org/2000/svg'), main.lookupNamespaceURI(null), main.lookupNamespaceURI('xml'),
       main.getAttributeNode('id').lookupNamespaceURI(null), document.createTextNode('').lookupNamespaceURI(null),
       document.lookupNamespaceURI(null), document.createDocumentFragment().lookupNamespaceURI(null),
       document.getElementsByTagNameNS('http://www.w3.org/2000/svg', '*').length,
       document.getElementsByTagNameNS('*', 'p').length, document.body.getElementsByTagNameNS(null, 'p').length,
       document.getElementsByTagNameNS('http://www.w3.org/1999/xhtml', 'b')[0].textContent].join('|')
      """), "http://www.w3.org/2000/svg|http://www.w3.org/1999/xlink|xl|true|http://www.w3.org/1999/xhtml|http://www.w3.org/XML/1998/namespace|http://www.w3.org/1999/xhtml||http://www.w3.org/1999/xhtml||2|2|0|bold")
  }

  func testElementUnscopablesAndIsEqualNode() throws {
    XCTAssertEqual(try string("""
      const u = Element.prototype[Symbol.unscopables];
      const names = Object.keys(u).sort().join();
      const others = [Document, DocumentFragment, DocumentType, CharacterData]
        .map(i => Object.keys(i.prototype[Symbol.unscopables]).sort().join(' ')).join('/');
      const desc = Object.getOwnPropertyDescriptor(Element.prototype, Symbol.unscopables);
      const pi1 = document.createProcessingInstruction('a', 'b'), pi2 = document.createProcessingInstruction('a', 'b');
      const pi3 = document.createProcessingInstruction('a', 'c');
      const dt1 = document.implementation.createDocumentType('html', 'p', 's');
      const dt2 = document.implementation.createDocumentType('html', 'p', 'x');
      [names, others, Object.getPrototypeOf(u), desc.writable, desc.enumerable, desc.configurable,
       pi1.isEqualNode(pi2), pi1.isEqualNode(pi3), dt1.isEqualNode(dt1.cloneNode()), dt1.isEqualNode(dt2),
       document.createAttribute('x').isEqualNode(document.createAttribute('y'))].join('|')
      """), "after,append,before,prepend,remove,replaceChildren,replaceWith,slot|append prepend replaceChildren/append prepend replaceChildren/after before remove replaceWith/after before remove replaceWith||false|false|true|true|false|true|false|false")
  }
}
