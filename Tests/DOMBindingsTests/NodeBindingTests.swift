import DOM
import DOMBindings
import JSBridge
import XCTest

final class NodeBindingTests: BindingTestCase {
  func testEachNodeHasOneJSObjectEvenAfterGarbageCollection() throws {
    assertTrue("document.body === document.body && document.body.firstChild === document.getElementById('main')")
    try js("""
      globalThis.marked = document.querySelector('p');
      marked.expando = 'kept';
      """)
    try js("for (let i = 0; i < 2000; i++) ({ garbage: [i] });")
    context.collectGarbage()
    assertTrue("document.querySelector('p') === marked && document.querySelector('p').expando === 'kept'")
    assertTrue("document.querySelectorAll('p')[0].expando === 'kept'")
  }

  /// The group keeps wrappers in an array of its own (ScriptGroup.keep), one with no prototype: indexed setters a
  /// page defines on Array.prototype or Object.prototype cannot take its puts and leave a wrapper kept by nothing.
  func testWrappersStayAliveWhenAPageTrapsArrayIndexes() throws {
    // `document` is read only after: its interface is installed then (each interface on first use), through a batch
    // of member definitions that the setters took too, and `document` came back undefined.
    try js("""
      for (const proto of [Array.prototype, Object.prototype]) {
        for (let i = 0; i < 64; i++) Object.defineProperty(proto, i, { set() {}, get() {}, configurable: true });
      }
      let walker = document.createTreeWalker(document.body);
      for (let i = 0, node = walker.nextNode(); node; node = walker.nextNode(), i++) node.expando = i;
      """)
    for _ in 0..<3 {
      try js("for (let i = 0; i < 50000; i++) ({ i });")
      context.collectGarbage()
    }
    XCTAssertEqual(try js("""
      (() => {
        let walker = document.createTreeWalker(document.body), seen = "";
        for (let node = walker.nextNode(); node; node = walker.nextNode()) seen += node.expando + ";";
        return seen;
      })()
      """).toString(), "0;1;2;3;4;5;6;7;")
    // Lists made from Swift arrays (ScriptContext.makeArray) hold their items too.
    XCTAssertEqual(try js("document.querySelectorAll('p')[1].textContent + ';' + document.body.getAttributeNames().length")
      .toString(), "Two bold;0")
    XCTAssertEqual(try js("document.getElementById('main').getAttributeNames()[1]").toString(), "class")
  }

  func testChildNodesIsLiveAndTheSameObject() {
    assertTrue("""
      (() => {
        const main = document.getElementById('main');
        const list = main.childNodes;
        if (list !== main.childNodes) return false;
        const before = list.length;
        main.appendChild(document.createElement('span'));
        return before === 2 && list.length === 3 && list[2].localName === 'span' && list.item(5) === null
          && list instanceof NodeList && [...list].length === 3;
      })()
      """)
    assertTrue("""
      (() => { const seen = []; document.getElementById('main').childNodes.forEach(n => seen.push(n.nodeName));
               return seen.join() === 'P,P,SPAN'; })()
      """)
  }

  func testStaticNodeListsAreOrdinaryObjectsWithReadOnlyItems() throws {
    // querySelectorAll's list holds its nodes as own read-only properties (indexing it costs what indexing an
    // array does); NodeList's members work on it and on live lists alike, and tampering with `length` is seen.
    XCTAssertEqual(thrown("Object.getOwnPropertyDescriptor(NodeList.prototype, 'length').get.call({})")?.name, "TypeError")
    XCTAssertEqual(try string("""
      const list = document.querySelectorAll('p'), live = document.getElementById('main').childNodes;
      const d = Object.getOwnPropertyDescriptor(list, 1), getLength = Object.getOwnPropertyDescriptor(NodeList.prototype, 'length').get;
      const before = [list.length, list.item(1) === d.value, d.writable, d.configurable, getLength.call(live),
                      list instanceof NodeList, [...list.keys()].join('+'), Array.prototype.indexOf.call(list, d.value)];
      document.getElementById('main').remove();
      Object.defineProperty(NodeList.prototype, 'length', { get() { return 1; }, configurable: true });
      const after = [list.length, Array.prototype.indexOf.call(list, d.value), list[1] === d.value];
      before.concat(after).join()
      """), "2,true,false,false,2,true,0+1,1,1,-1,true")
  }

  func testLiveCollectionsSeeEveryKindOfWrite() throws {
    XCTAssertEqual(try string("""
      const hits = document.getElementsByClassName('hit');
      const p = document.querySelector('p');
      const counts = [hits.length];
      p.className = 'hit'; counts.push(hits.length);
      p.classList.remove('hit'); counts.push(hits.length);
      p.setAttribute('class', 'hit'); counts.push(hits.length);
      p.attributes[0].value = 'miss'; counts.push(hits.length);
      p.classList.toggle('hit'); counts.push(hits.length);
      document.getElementById('main').innerHTML = '<i class=hit></i><i class=hit></i>'; counts.push(hits.length);
      document.body.insertAdjacentHTML('beforeend', '<u class=hit></u>'); counts.push(hits.length);
      document.body.lastChild.remove(); counts.push(hits.length);
      document.body.textContent = ''; counts.push(hits.length);
      counts.join()
      """), "0,1,0,1,0,1,2,3,2,0")
  }

  func testHTMLCollectionNamedPropertiesAndTagNameNS() throws {
    // Chromium 156 gives the same (Scripts/chromium-reference on this page with this script).
    XCTAssertEqual(try string("""
      const main = document.getElementById('main');
      main.firstChild.setAttribute('name', 'x');
      const all = document.getElementsByTagName('div');
      const ps = main.getElementsByTagNameNS('http://www.w3.org/1999/xhtml', 'p');
      const before = Object.getOwnPropertyNames(ps).join();
      main.lastChild.id = 'y';
      [all.main === main, ps.x === main.firstChild, ps.y === main.lastChild, before, Object.getOwnPropertyNames(ps).join(),
       typeof ps.item, String(ps.missing), ps.length].join('|')
      """), "true|true|true|0,1,x|0,1,x,y|function|undefined|2")
  }

  func testSwiftSideWritesReachLiveCollections() throws {
    try js("globalThis.ps = document.getElementsByTagName('p'); ps.length")
    try document.body!.appendChild(document.createElement("p"))
    XCTAssertEqual(try js("ps.length").toDouble(), 3)
  }

  func testTreeAccessorsAndNodeProperties() throws {
    XCTAssertEqual(try string("""
      const main = document.getElementById('main');
      [main.nodeType, main.nodeName, main.parentNode.nodeName, main.parentElement.tagName, main.firstChild.textContent,
       main.lastChild.textContent, main.firstChild.nextSibling.nodeName, main.nextSibling.nodeName,
       main.nextSibling.nodeValue, main.ownerDocument === document, main.isConnected,
       document.nodeType, document.nodeName, document.ownerDocument, document.textContent,
       main.hasChildNodes(), document.contains(main), main.contains(document.body)].join('|')
      """), "1|DIV|BODY|BODY|One|Two bold|P|#comment|note|true|true|9|#document|||true|true|false")
  }

  func testDetachMoveAndReinsertThenSerialize() throws {
    try js("""
      const main = document.getElementById('main');
      const [one, two] = main.querySelectorAll('p');
      const detached = main.removeChild(one);
      globalThis.wasConnected = detached.isConnected;
      detached.textContent = 'Uno';
      document.body.insertBefore(detached, document.body.firstChild);
      two.querySelector('b').remove();
      main.append('tail', document.createElement('hr'));
      main.prepend(two);
      const clone = two.cloneNode(true);
      clone.id = 'copy';
      main.replaceChild(clone, main.lastChild);
      two.after(document.createComment('after two'));
      """)
    XCTAssertFalse(try js("wasConnected").toBool())
    XCTAssertEqual(document.body!.innerHTML, """
      <p>Uno</p><div id="main" class="a b"><p>Two </p><!--after two-->tail<p id="copy">Two </p></div><!--note-->
      """)
  }

  func testHierarchyErrorsBecomeDOMExceptions() throws {
    XCTAssertEqual(thrown("document.body.appendChild(document.documentElement)")?.name, "HierarchyRequestError")
    XCTAssertEqual(thrown("document.body.appendChild('text')")?.message, "Node.appendChild: argument 1 is not of type 'Node'.")
    XCTAssertEqual(thrown("document.body.insertBefore()")?.name, "TypeError")
    XCTAssertEqual(thrown("document.body.insertBefore(document.createTextNode('x'))")?.name, "TypeError")
    XCTAssertEqual(try string("document.body.insertBefore(document.createTextNode('x'), undefined) === document.body.lastChild"), "true")
  }

  func testCloneEqualityNormalizeAndPosition() throws {
    assertTrue("""
      (() => {
        const main = document.getElementById('main');
        const copy = main.cloneNode(true);
        const shallow = main.cloneNode();
        return copy !== main && copy.isEqualNode(main) && !shallow.hasChildNodes() && main.isSameNode(main)
          && copy.parentNode === null;
      })()
      """)
    XCTAssertEqual(try string("""
      const p = document.createElement('p');
      p.append('a', 'b', 'c');
      const before = p.childNodes.length;
      p.normalize();
      [before, p.childNodes.length, p.firstChild.data].join()
      """), "3,1,abc")
    XCTAssertEqual(try string("""
      const [a, b] = document.querySelectorAll('p');
      [a.compareDocumentPosition(b), b.compareDocumentPosition(a), document.body.compareDocumentPosition(a),
       a.compareDocumentPosition(document.body), a.compareDocumentPosition(a),
       a.compareDocumentPosition(document.createElement('x')) & Node.DOCUMENT_POSITION_DISCONNECTED].join()
      """), "4,2,20,10,0,1")
  }

  func testCharacterDataAndText() throws {
    XCTAssertEqual(try string("""
      const t = new Text('Hello world');
      t.appendData('!'); t.insertData(0, '>> '); t.deleteData(0, 3); t.replaceData(6, 5, 'there');
      const parts = [t.data, t.length, t.substringData(0, 5)];
      const p = document.createElement('p'); p.appendChild(t);
      const rest = t.splitText(5);
      parts.push(t.data, rest.data, t.wholeText, rest.previousSibling === t, p.childNodes.length);
      const c = new Comment('c'); parts.push(c.nodeType, c.data, c instanceof CharacterData);
      parts.join('|')
      """), "Hello there!|12|Hello|Hello| there!|Hello there!|true|2|8|c|true")
    XCTAssertEqual(thrown("document.createTextNode('abc').substringData(10, 1)")?.name, "IndexSizeError")
  }

  func testFragmentsAndDoctype() throws {
    XCTAssertEqual(try string("""
      const f = new DocumentFragment();
      f.append(document.createElement('i'), 'x');
      f.firstChild.id = 'frag';
      const found = f.getElementById('frag') === f.firstChild && f.querySelector('#frag') === f.firstChild;
      document.body.appendChild(f);
      [found, f.childNodes.length, document.body.lastChild.data, document.doctype.name, document.doctype.publicId,
       document.doctype.nodeType].join()
      """), "true,0,x,html,,10")
  }
}
