import DOM
import DOMBindings
import XCTest

/// The Range, StaticRange and Selection interfaces as scripts see them.
final class RangeBindingTests: BindingTestCase {
  func testCreateRangeAndNewRangeStartCollapsedAtTheDocument() throws {
    assertTrue("const r = document.createRange(); r.startContainer === document && r.endOffset === 0 && r.collapsed")
    assertTrue("new Range() instanceof Range && new Range() instanceof AbstractRange && new Range().commonAncestorContainer === document")
    assertTrue("Range.START_TO_START === 0 && Range.START_TO_END === 1 && Range.END_TO_END === 2 && Range.END_TO_START === 3")
    assertTrue("document.createRange() !== document.createRange()")
  }

  func testBoundaryMethodsAndExceptions() throws {
    XCTAssertEqual(try string("""
      const p = document.querySelector('p'); const r = document.createRange();
      r.setStart(p.firstChild, 1); r.setEnd(document.querySelector('b').firstChild, 2);
      [r.toString(), String(r), r.commonAncestorContainer.id, r.collapsed].join('|')
      """), "neTwo bo|neTwo bo|main|false")
    XCTAssertEqual(try string("""
      const r2 = document.createRange();
      [['setStart', [document.body, 99]], ['setEnd', [document.doctype, 0]], ['selectNode', [document]],
       ['setStart', [document.body, -1]]].map(([m, a]) => { try { r2[m](...a); return 'none' } catch (e) { return e.name + e.code } }).join()
      """), "IndexSizeError1,InvalidNodeTypeError24,InvalidNodeTypeError24,IndexSizeError1")
    XCTAssertEqual(try string("""
      const a = document.createRange(); a.selectNode(document.querySelector('b'));
      const c = document.createRange(); c.selectNodeContents(document.getElementById('main'));
      [a.compareBoundaryPoints(Range.START_TO_START, c), a.compareBoundaryPoints(Range.END_TO_END, c),
       c.comparePoint(document.querySelector('b'), 0), a.isPointInRange(document.body, 0),
       a.intersectsNode(document.getElementById('main'))].join()
      """), "1,-1,0,false,true")
    XCTAssertEqual(try string("""
      try { document.createRange().compareBoundaryPoints(9, document.createRange()) } catch (e) { e.name }
      """), "NotSupportedError")
  }

  func testContentOperationsChangeTheTree() throws {
    XCTAssertEqual(try string("""
      const main = document.getElementById('main'); const r = document.createRange();
      r.setStart(main.firstChild.firstChild, 1); r.setEnd(main.lastChild.firstChild, 2);
      const copy = r.cloneContents(); const moved = r.extractContents();
      [copy.childNodes.length, moved.textContent, main.innerHTML, r.collapsed, r.startContainer === main].join('|')
      """), "2|neTw|<p>O</p><p>o <b>bold</b></p>|true|true")
    XCTAssertEqual(try string("""
      const r3 = document.createRange(); const b = document.querySelector('b');
      r3.selectNodeContents(b.firstChild); r3.setStart(b.firstChild, 1); r3.setEnd(b.firstChild, 3);
      r3.surroundContents(document.createElement('i')); r3.insertNode(document.createComment('c'));
      const r4 = r3.cloneRange();
      const kept = b.innerHTML; r4.deleteContents();
      [kept, r3.startOffset, r3.endOffset].join()
      """), "b<!--c--><i>ol</i>d,1,1")
  }

  func testRangesFollowScriptMutations() throws {
    XCTAssertEqual(try string("""
      const body = document.body; const r = document.createRange(); r.setStart(body, 1); r.setEnd(body, 2);
      body.insertBefore(document.createElement('hr'), body.firstChild);
      const afterInsert = [r.startOffset, r.endOffset].join();
      body.removeChild(body.firstChild); body.firstChild.remove();
      [afterInsert, r.startContainer === body, r.startOffset, r.endOffset].join('|')
      """), "2,3|true|0|1")
    XCTAssertEqual(try string("""
      const t = document.body.appendChild(document.createTextNode('abcdef')); const r2 = document.createRange();
      r2.setStart(t, 2); r2.setEnd(t, 3); t.insertData(0, 'xx'); const split = t.splitText(3);
      [r2.startContainer === split, r2.startOffset, r2.endOffset].join()
      """), "true,1,2")
    XCTAssertEqual(try string("document.body.lastChild.data + document.body.lastChild.previousSibling.data"), "bcdefxxa")
  }

  func testStaticRangeConstructor() throws {
    XCTAssertEqual(try string("""
      const sr = new StaticRange({startContainer: document.body, startOffset: 5, endContainer: document.body, endOffset: 0});
      [sr instanceof AbstractRange, sr.startOffset, sr.collapsed, 'setStart' in sr].join()
      """), "true,5,false,false")
    XCTAssertEqual(try string("""
      try { new StaticRange({startContainer: document.doctype, startOffset: 0, endContainer: document.body, endOffset: 0}) } catch (e) { e.name }
      """), "InvalidNodeTypeError")
    XCTAssertNotNil(thrown("new StaticRange({startContainer: document.body})"))
  }

  func testSelectionSeededFromTheHostText() throws {
    load("<body><p>The old <b>bridge</b> crosses</p></body>")
    XCTAssertEqual(try string("String(getSelection())"), "selected words")
    load("<body><p>Some selected <b>words</b> here</p></body>")
    XCTAssertEqual(try string("""
      const s = getSelection(); const r = s.getRangeAt(0);
      [s.toString(), r.toString(), s.anchorNode.data, s.anchorOffset, s.focusNode.data, s.focusOffset, s.type].join('|')
      """), "selected words|selected words|Some selected |5|words|5|Range")
    assertTrue("getSelection().containsNode(document.querySelector('b'), true) && !getSelection().containsNode(document.querySelector('b'))")
  }

  func testSelectionMethods() throws {
    XCTAssertEqual(try string("""
      const s = getSelection(); s.removeAllRanges();
      const before = [s.rangeCount, s.type, s.anchorNode].join();
      const b = document.querySelector('b'); s.selectAllChildren(b);
      const all = [s.toString(), s.type, s.isCollapsed].join();
      s.collapse(b.firstChild, 2);
      const caret = [s.type, s.isCollapsed, s.focusOffset].join();
      s.setBaseAndExtent(b.firstChild, 3, document.querySelector('p').firstChild, 1);
      const backwards = [s.toString(), s.anchorOffset, s.focusOffset].join();
      const r = document.createRange(); r.selectNode(b); s.removeAllRanges(); s.addRange(r);
      const same = s.getRangeAt(0) === r;
      s.deleteFromDocument();
      [before, all, caret, backwards, same, document.getElementById('main').innerHTML].join('|')
      """), "0,None,|bold,Range,false|Caret,true,2|neTwo bol,3,1|true|<p>One</p><p>Two </p>")
    XCTAssertEqual(try string("try { getSelection().getRangeAt(3) } catch (e) { e.name }"), "IndexSizeError")
  }
}
