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

/// The tag-name → interface table and the reflection kinds, checked as WPT's reflection.js checks them.
final class HTMLElementInterfaceTests: BindingTestCase {
  func testInterfacesComeFromTheElementIndex() throws {
    XCTAssertEqual(try string("""
      ['p', 'h3', 'a', 'td', 'th', 'thead', 'ins', 'applet', 'marquee', 'font', 'dir', 'listing', 'acronym', 'foo',
       'my-widget', 'font-face', 'x-Y', 'video', 'section']
        .map(t => Object.prototype.toString.call(document.createElement(t)).slice(8, -1)).join(' ')
      """), "HTMLParagraphElement HTMLHeadingElement HTMLAnchorElement HTMLTableCellElement HTMLTableCellElement "
        + "HTMLTableSectionElement HTMLModElement HTMLUnknownElement HTMLMarqueeElement HTMLFontElement "
        + "HTMLDirectoryElement HTMLPreElement HTMLElement HTMLUnknownElement HTMLElement HTMLUnknownElement "
        + "HTMLElement HTMLVideoElement HTMLElement")
    assertTrue("document.createElement('video') instanceof HTMLMediaElement && document.body instanceof HTMLBodyElement")
    assertTrue("document.createElementNS('http://www.w3.org/2000/svg', 'p').constructor === SVGElement")
    assertTrue("document.createElementNS('urn:x', 'p').constructor === Element && document.createElementNS(null, 'p').constructor === Element")
  }

  func testIntegerKinds() throws {
    XCTAssertEqual(try string("""
      const i = document.createElement('input'), t = document.createElement('textarea'), c = document.createElement('td');
      const out = [i.size, i.maxLength];
      i.setAttribute('size', '0'); out.push(i.size);
      i.setAttribute('maxlength', ' 7x'); out.push(i.maxLength);
      i.setAttribute('maxlength', '2147483648'); out.push(i.maxLength);
      try { i.maxLength = -1 } catch (e) { out.push(e.name) }
      try { i.size = 0 } catch (e) { out.push(e.name) }
      t.cols = 0; out.push(t.getAttribute('cols'));
      i.size = 2147483648; out.push(i.getAttribute('size'));
      c.setAttribute('colspan', '5000'); out.push(c.colSpan);
      c.setAttribute('rowspan', 'x'); out.push(c.rowSpan);
      const ol = document.createElement('ol'); out.push(ol.start); ol.start = -5; out.push(ol.getAttribute('start'));
      out.join(',')
      """), "20,-1,20,7,-1,IndexSizeError,IndexSizeError,20,20,1000,1,1,-5")
  }

  func testEnumeratedAndNullableAttributes() throws {
    XCTAssertEqual(try string("""
      const img = document.createElement('img'), f = document.createElement('form'), d = document.createElement('div');
      const out = [img.crossOrigin, img.decoding, f.method, d.dir];
      img.setAttribute('crossorigin', ''); out.push(img.crossOrigin);
      img.setAttribute('crossorigin', 'USE-credentials'); out.push(img.crossOrigin);
      img.setAttribute('crossorigin', 'bogus'); out.push(img.crossOrigin);
      img.crossOrigin = null; out.push(img.hasAttribute('crossorigin'));
      f.setAttribute('method', 'POST'); out.push(f.method);
      f.setAttribute('method', 'put'); out.push(f.method);
      d.dir = 'RTL'; out.push(d.dir, d.getAttribute('dir'));
      d.setAttribute('dir', 'ltr\\u212A'); out.push(JSON.stringify(d.dir));
      out.join(',')
      """), ",auto,get,,anonymous,use-credentials,anonymous,false,post,get,rtl,RTL,\"\"")
  }

  func testStringURLBooleanDoubleAndTokenListReflection() throws {
    XCTAssertEqual(try string("""
      const a = document.createElement('a'), b = document.body, l = document.createElement('label'),
            m = document.createElement('meter'), s = document.createElement('iframe');
      a.setAttribute('href', ' x y ');
      const out = [a.href, a.pathname, a.protocol, a.host];
      b.bgColor = null; out.push(JSON.stringify(b.getAttribute('bgcolor')));
      l.htmlFor = 'f'; out.push(l.getAttribute('for'));
      m.max = -10000000000; out.push(m.getAttribute('max'), m.max);
      a.rel = 'a b'; out.push(a.relList.length, a.relList === a.relList);
      s.sandbox = 'allow-scripts'; out.push(s.sandbox.value);
      const v = document.createElement('video'); v.defaultMuted = true; out.push(v.getAttribute('muted'));
      out.join(',')
      """), "https://example.com/dir/x%20y,/dir/x%20y,https:,example.com,\"\",f,-10000000000,-10000000000,2,true,"
        + "allow-scripts,")
  }

  func testCollectionsOfFormsSelectsAndTables() throws {
    load("""
      <form id=f><input name=a><fieldset><select id=s><option>One<option value=2> Two  x </select></fieldset></form>
      <table id=t><tfoot><tr id=r3></tfoot><tbody><tr id=r2></tbody><thead><tr id=r1></thead></table>
      """)
    XCTAssertEqual(try string("""
      const f = document.getElementById('f'), s = document.getElementById('s'), t = document.getElementById('t');
      [f.elements.length, f.elements === f.elements, s.options.length, s.options[1].value, s.options[1].label,
       s.options[0].value, t.rows.length, [...t.rows].map(r => r.id).join(''), t.tBodies.length].join(',')
      """), "3,true,2,2,Two x,One,3,r1r2r3,1")
  }

  func testTableSectionAndRowOperationsWithLiveCollections() throws {
    load("<table id=t><thead><tr id=h><th>H</th></tr></thead><tbody><tr id=b><td>1</td><td>2</td></tr></tbody></table>")
    XCTAssertEqual(try string("""
      const t = document.getElementById('t'), rows = t.rows, bodies = t.tBodies, out = [];
      const b = document.getElementById('b'), cells = b.cells, bodyRows = bodies[0].rows;
      out.push(rows.length, cells.length, b.rowIndex, b.sectionRowIndex, cells[1].cellIndex, t.tHead.localName);
      t.insertRow(-1).id = 'n';
      b.insertCell(0).textContent = '0';
      out.push(rows.length, bodyRows.length, cells.length, cells[0].textContent, rows[2].id, cells === b.cells);
      t.deleteRow(0);
      bodies[0].deleteRow(-1);
      b.deleteCell(-1);
      out.push(rows.length, [...rows].map(r => r.id).join(''), cells.length, t.tHead.rows.length);
      t.createCaption().textContent = 'c';
      t.tFoot = t.createTFoot();
      out.push(t.caption.textContent, t.firstElementChild === t.caption, t.lastElementChild === t.tFoot);
      t.caption = null; t.tHead = null;
      out.push(t.caption, t.tHead, t.createTBody() === t.tBodies[1]);
      out.join(',')
      """), "2,2,1,0,1,thead,3,2,3,0,n,true,1,b,2,0,c,true,true,,,true")
    XCTAssertEqual(thrown("document.getElementById('t').deleteRow(5)")?.name, "IndexSizeError")
    XCTAssertEqual(thrown("document.getElementById('t').insertRow(-2)")?.name, "IndexSizeError")
    XCTAssertEqual(thrown("document.getElementById('t').caption = document.createElement('div')")?.name, "TypeError")
    XCTAssertEqual(thrown("document.getElementById('t').tHead = document.createElement('div')")?.name, "TypeError")
    XCTAssertEqual(thrown("document.getElementById('t').tHead = document.createElement('tbody')")?.name,
                   "HierarchyRequestError")
  }
}

/// HTMLCollection named properties.
final class HTMLCollectionNamedPropertyTests: BindingTestCase {
  override var html: String {
    "<body><form id=f><input id=a name=x><input name=item><input id=length><select name=s></select></form></body>"
  }

  func testNamedPropertiesResolveByIdThenNameWithoutShadowingThePrototype() throws {
    XCTAssertEqual(try string("""
      const c = document.getElementById('f').elements;
      [c.a === c[0], c.x === c[0], c['s'].localName, typeof c.item, c.length, c.nope,
       Object.getOwnPropertyNames(c).join(' ')].join('|')
      """), "true|true|select|function|4||0 1 2 3 a x s")
    // "item" and "length" are supported names the prototype hides, so not own properties (WebIDL [[OwnPropertyKeys]]
    // step 3; Chromium lists them in getOwnPropertyNames although getOwnPropertyDescriptor gives undefined).
  }

  func testStrictModeAssignmentsAndDeletionsThrowAndNamedPropertiesAreUnenumerable() throws {
    XCTAssertEqual(try string("""
      const c = document.getElementById('f').elements;
      const strict = (f) => { try { f(); return 'ok'; } catch (e) { return e.name; } };
      c.expando = 1;
      [c[0] = 'x', delete c[0], delete c.a, c[0] === c.a,
       strict(() => { 'use strict'; c[0] = 'x'; }), strict(() => { 'use strict'; c[9] = 'x'; }),
       strict(() => { 'use strict'; c.a = 'x'; }), strict(() => { 'use strict'; delete c.a; }),
       strict(() => Object.defineProperty(c, 'x', { value: 1 })), Object.keys(c).join(' '),
       Object.getOwnPropertyNames(c).join(' '), Object.getOwnPropertyDescriptor(c, 'a').enumerable,
       typeof c.forEach, typeof c.entries, typeof c[Symbol.iterator], typeof document.body.childNodes.forEach].join('|')
      """), "x|false|false|true|TypeError|TypeError|TypeError|TypeError|TypeError|0 1 2 3 expando|0 1 2 3 a x s expando|false|"
      + "undefined|undefined|function|function")
  }

  func testNamedNodeMapOwnPropertiesAreIndicesThenUnenumerableQualifiedNames() throws {
    XCTAssertEqual(try string("""
      const el = document.createElement('div');
      el.setAttribute('b', ''); el.setAttributeNS('urn:x', 'p:a', ''); el.setAttribute('item', '');
      const map = el.attributes;
      [Object.keys(map).join(' '), Object.getOwnPropertyNames(map).join(' '), map['p:a'].localName, map.item === el.attributes.item,
       (() => { 'use strict'; try { map.b = 1; return 'ok'; } catch (e) { return e.name; } })()].join('|')
      """), "0 1 2|0 1 2 b p:a|a|true|TypeError")
  }
}

/// U+0000 survives libxml2's NUL-terminated storage (LibXML+NUL.swift).
final class NULStorageTests: BindingTestCase {
  func testNULInAttributeValuesAndTextRoundTrips() throws {
    XCTAssertEqual(try string("""
      const d = document.createElement('div');
      d.setAttribute('title', 'a\\0b'); d.lang = '\\0'; d.textContent = 'x\\0y';
      const t = document.createTextNode('p\\0q'); d.appendChild(t);
      [d.getAttribute('title').length, d.title === 'a\\0b', d.lang.length, d.firstChild.data.length,
       t.data === 'p\\0q', d.outerHTML.includes('title="a\\0b"'), d.textContent.length].join('|')
      """), "3|true|1|3|true|true|6")
  }

  /// `data`, `nodeValue` and `textContent` of character data are made from the bytes the tree keeps, unless they hold
  /// U+0000 (NodeString): empty, non-ASCII, astral, parsed, set, and NUL-holding data all read back the same.
  func testCharacterDataReadsBackWhateverItHolds() throws {
    XCTAssertEqual(try string("""
      const t = document.createTextNode(''); const c = document.createComment('\\u00e9\u{1F600}x');
      const p = document.createProcessingInstruction('x', '\\u03c0\\0');
      const d = document.createElement('div'); d.innerHTML = '<p>\\u00e7a &amp; b</p>';
      [t.data === '' && t.nodeValue === '' && t.textContent === '', c.data.length, c.nodeValue === c.data,
       c.textContent === '\\u00e9\u{1F600}x', p.data.length, p.nodeValue === '\\u03c0\\0',
       d.firstChild.firstChild.data, (t.data = 'a\\u00a0b', t.nodeValue.length + t.textContent.length)].join('|')
      """), "true|4|true|true|2|true|\u{e7}a & b|6")
  }
}
