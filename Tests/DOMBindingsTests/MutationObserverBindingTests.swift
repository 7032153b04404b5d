import DOM
import JSBridge
import XCTest

final class MutationObserverBindingTests: BindingTestCase {
  func testDeliveryIsAMicrotaskAfterTheScriptAndBeforeTimers() throws {
    try js("""
      globalThis.log = [];
      const mo = new MutationObserver(function (records, observer) {
        log.push('mo:' + records.length + ':' + (observer === mo) + ':' + (this === mo));
      });
      mo.observe(document.body, {childList: true});
      Promise.resolve().then(() => log.push('p1'));
      document.body.appendChild(document.createElement('i'));
      document.body.appendChild(document.createElement('b'));
      Promise.resolve().then(() => log.push('p2'));
      setTimeout(() => log.push('timeout'), 0);
      log.push('sync');
      """)
    XCTAssertEqual(try string("log.join()"), "sync,p1,mo:2:true:true,p2")
    loop.drain(until: clock.now + 1)
    XCTAssertEqual(try string("log.join()"), "sync,p1,mo:2:true:true,p2,timeout")
  }

  func testRecordContentsMatchTheBrowser() throws {
    // Chromium 156 gives these records for the same script (Scripts/chromium-reference on this page, the script
    // wrapped in a promise resolved from a timeout), and "sync,p1,mo:2:true:true,p2,timeout" for the first test's.
    try js("""
      globalThis.out = [];
      const main = document.getElementById('main');
      const mo = new MutationObserver(records => {
        for (const r of records) {
          out.push([r.type, r.target.nodeName, r.addedNodes.length, r.removedNodes.length,
                    r.previousSibling && r.previousSibling.nodeName, r.nextSibling && r.nextSibling.nodeName,
                    r.attributeName, r.attributeNamespace, r.oldValue,
                    r instanceof MutationRecord, r.addedNodes instanceof NodeList, r.addedNodes === r.addedNodes].join('|'));
        }
      });
      mo.observe(main, {childList: true, attributeOldValue: true, characterDataOldValue: true, subtree: true});
      main.className = 'c';
      main.firstChild.remove();
      main.firstChild.firstChild.data = 'Three ';
      main.insertBefore(document.createElement('hr'), main.firstChild);
      """)
    XCTAssertEqual(try string("out.join('\\n')"), """
      attributes|DIV|0|0|||class||a b|true|true|true
      childList|DIV|0|1||P||||true|true|true
      characterData|#text|0|0|||||Two |true|true|true
      childList|DIV|1|0||P||||true|true|true
      """)
  }

  func testTakeRecordsDisconnectAndAttributeFilter() throws {
    XCTAssertEqual(try string("""
      const calls = [];
      const mo = new MutationObserver(() => calls.push('called'));
      mo.observe(document.body, {attributeFilter: ['title']});
      document.body.lang = 'en';
      document.body.title = 't';
      const taken = mo.takeRecords().map(r => r.attributeName + '=' + r.oldValue);
      mo.disconnect();
      document.body.title = 'u';
      [taken.join(), mo.takeRecords().length, calls.length].join(';')
      """), "title=null;0;0")
    XCTAssertEqual(try string("calls.length"), "0")
  }

  func testInvalidOptionsAreTypeErrors() throws {
    for options in ["{}", "{attributes: false, attributeOldValue: true}", "{attributes: false, attributeFilter: []}",
                    "{characterData: false, characterDataOldValue: true}", "{childList: false}"] {
      let error = thrown("new MutationObserver(() => {}).observe(document.body, \(options))")
      XCTAssertEqual(error?.name, "TypeError", options)
    }
    XCTAssertEqual(thrown("new MutationObserver(1)")?.name, "TypeError")
    XCTAssertEqual(thrown("new MutationObserver(() => {}).observe({}, {childList: true})")?.name, "TypeError")
  }

  func testAnUnreferencedObserverStillFiresAfterGarbageCollection() throws {
    try js("""
      globalThis.seen = [];
      new MutationObserver(records => seen.push(records[0].addedNodes[0].nodeName))
        .observe(document.body, {childList: true});
      """)
    context.collectGarbage()
    try js("document.body.append(document.createElement('em'))")
    XCTAssertEqual(try string("seen.join()"), "EM")
  }

  func testHostSideChangesAreDeliveredAtTheNextCheckpoint() throws {
    try js("""
      globalThis.seen = [];
      globalThis.mo = new MutationObserver(records => seen.push(records.length));
      mo.observe(document.body, {childList: true});
      """)
    try document.body!.appendChild(try document.createElement("p"))
    try document.body!.appendChild(try document.createElement("p"))
    XCTAssertEqual(try string("seen.join()"), "", "not delivered inside the Swift change")
    loop.performMicrotaskCheckpoint()
    XCTAssertEqual(try string("seen.join()"), "2")
  }

  func testACallbackThatThrowsIsReported() throws {
    try js("""
      new MutationObserver(() => { throw new Error('boom'); }).observe(document.body, {attributes: true});
      document.body.title = 'x';
      """)
    XCTAssertTrue(messages.contains { $0.level == .error && $0.text.contains("boom") }, "\(messages.map(\.text))")
  }
}
